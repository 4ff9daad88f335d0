// A colour per track: the source's where it gives one (#rrggbb, checked on import), else one
// made from the track's id, so a track keeps its colour on every phone, at every version and
// whatever other tracks come or go. Text on a colour is black or white, whichever contrasts
// more: that is at least 4.58:1 for any colour (WCAG AA), in light and dark schemes alike.

const HEX = /^#[0-9a-f]{6}$/;

// FNV-1a: a small, stable spread of short ids.
function hash(text) {
  let n = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) n = Math.imul(n ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return n;
}

function hex(r, g, b) {
  return `#${[r, g, b].map((v) => Math.round(v * 255).toString(16).padStart(2, "0")).join("")}`;
}

function fromHsl(hue, sat, light) {
  const a = sat * Math.min(light, 1 - light);
  const f = (k) => {
    const t = (k + hue / 30) % 12;
    return light - a * Math.max(-1, Math.min(t - 3, 9 - t, 1));
  };
  return hex(f(0), f(8), f(4));
}

// Hue from the id, saturation and lightness in bands that stay clear of grey and of
// near-white or near-black, which would not read as a colour beside the cards.
export function madeColor(id) {
  const n = hash(id);
  return fromHsl(n % 360, 0.55 + ((n >>> 9) % 4) * 0.08, 0.42 + ((n >>> 13) % 4) * 0.07);
}

export function trackColor(track) {
  return track && HEX.test(track.color) ? track.color : madeColor(track?.id ?? "");
}

function luminance(color) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(color.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// Black or white, for text set on `color`.
export function inkOn(color) {
  return contrast(color, "#000000") >= contrast(color, "#ffffff") ? "#000000" : "#ffffff";
}
