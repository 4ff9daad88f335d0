// Track colours as one stylesheet of the page's own: each element with data-track="<id>" gets
// --track (the colour) and --track-ink (text on it). A constructed sheet is CSSOM, which the
// CSP allows, and leaves the cards' markup free of styles (the same card, however coloured).

import { inkOn, trackColor } from "../data/track-colors.js";

let painted = null;
let sheet = null;

// Cheap to call per card: the sheet is rebuilt only when the schedule's tracks are new.
export function markTracks(tracks) {
  if (painted === tracks || !("adoptedStyleSheets" in document)) return;
  painted = tracks;
  sheet ??= new CSSStyleSheet();
  const rules = [...tracks.values()].map((t) => {
    const color = trackColor(t);
    return `[data-track="${t.id}"]{--track:${color};--track-ink:${inkOn(color)}}`;
  });
  sheet.replaceSync(rules.join("\n"));
  if (!document.adoptedStyleSheets.includes(sheet)) document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}
