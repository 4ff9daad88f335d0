// One floor of the venue as inline SVG, built node by node with createElementNS from the
// server's sanitised tree: nothing is ever parsed as markup. Rooms are labelled links; zoom
// with the buttons, a pinch, or ctrl + wheel, all through the viewBox.

import { h } from "../../ui/dom.js";
import { _ } from "../../data/i18n.js";

const NS = "http://www.w3.org/2000/svg";
const TAGS = new Set(["g", "rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text", "tspan"]);
const MAX_SCALE = 6;
const LAYOUT_FRAMES = 120; // wait at most this many frames for the plan to be on the page
const READABLE = 0.8; // a room label's smallest size on screen, in root ems

function el(tag, attrs = {}) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    // The server already kept only geometry; this keeps the page safe even if it did not.
    if (value !== null && value !== undefined && !/^(on|href|style)/i.test(key)) node.setAttribute(key, String(value));
  }
  return node;
}

function build(node, ctx) {
  if (!node || !TAGS.has(node.tag)) return null;
  const out = el(node.tag, node.attrs || {});
  if (typeof node.text === "string") out.textContent = node.text;
  for (const child of node.children || []) {
    const built = build(child, ctx);
    if (built) out.append(built);
  }
  const room = node.room && ctx.rooms.get(node.room);
  return room ? roomLink(out, node, room, ctx) : out;
}

function roomLink(shape, node, room, ctx) {
  const link = el("a", { class: "room", "data-room": node.room, "aria-label": room.label });
  link.setAttribute("href", room.href);
  if (node.room === ctx.highlight) {
    link.classList.add("here");
    link.setAttribute("aria-current", "location");
  }
  // The shape's own transform moves to the link so the label shares its coordinates.
  const transform = shape.getAttribute("transform");
  if (transform) {
    link.setAttribute("transform", transform);
    shape.removeAttribute("transform");
  }
  shape.classList.add("shape");
  link.append(shape);
  ctx.labels.push({ link, shape, at: node.label, lines: room.lines });
  return link;
}

const clip = (text, n) => (text.length <= n ? text : `${text.slice(0, Math.max(1, n - 1)).trimEnd()}…`);

// Words into rows of at most n characters, at most `max` rows, the last one cut with "…".
function wrap(text, n, max) {
  const rows = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = rows.length - 1;
    if (last >= 0 && rows[last].length + 1 + word.length <= n) rows[last] += ` ${word}`;
    else rows.push(word);
  }
  const kept = rows.slice(0, max).map((r) => clip(r, n));
  if (rows.length > max) kept[max - 1] = `${clip(kept[max - 1], n - 1).replace(/…$/, "")}…`;
  return kept;
}

function label({ link, shape, at, lines }, size) {
  const box = shape.getBBox();
  const [cx, cy] = at || [box.x + box.width / 2, box.y + box.height / 2];
  const fit = Math.max(4, Math.floor((box.width * 0.92) / (size * 0.56)));
  const room = Math.max(1, Math.floor((box.height * 0.9) / (size * 1.25)));
  // Two rows per line when there is room for them, else one; the room's name always first.
  let shown = [];
  for (const per of [2, 1]) {
    shown = lines.flatMap((line, i) => wrap(line, fit, i ? per : 1).map((t) => ({ text: t, cls: i ? "rline" : "rname" })));
    if (shown.length <= room) break;
  }
  if (shown.length > room) {
    shown = shown.slice(0, room);
    shown[room - 1].text = `${clip(shown[room - 1].text, fit - 1).replace(/…$/, "")}…`;
  }
  const text = el("text", { class: "rlabel", x: cx, "font-size": size, "aria-hidden": "true" });
  text.setAttribute("y", cy - ((shown.length - 1) * size * 1.25) / 2 + size * 0.35);
  shown.forEach((row, i) => {
    const span = el("tspan", { x: cx, dy: i ? size * 1.25 : 0, class: row.cls });
    span.textContent = row.text;
    text.append(span);
  });
  link.append(text);
}

class Zoom {
  constructor(svg, box) {
    this.svg = svg;
    this.box = box;
    this.set(1, box[0] + box[2] / 2, box[1] + box[3] / 2);
  }

  set(scale, cx, cy) {
    const [x0, y0, w, hgt] = this.box;
    this.scale = Math.min(MAX_SCALE, Math.max(1, scale));
    const vw = w / this.scale;
    const vh = hgt / this.scale;
    this.cx = Math.min(x0 + w - vw / 2, Math.max(x0 + vw / 2, cx));
    this.cy = Math.min(y0 + hgt - vh / 2, Math.max(y0 + vh / 2, cy));
    this.svg.setAttribute("viewBox", [this.cx - vw / 2, this.cy - vh / 2, vw, vh].map((v) => +v.toFixed(2)).join(" "));
    this.svg.dataset.scale = this.scale.toFixed(2);
    this.svg.classList.toggle("zoomed", this.scale > 1);
  }

  // Zoom by `factor` keeping the plan point (px, py) where it is on screen.
  by(factor, px = this.cx, py = this.cy) {
    const before = this.scale;
    const after = Math.min(MAX_SCALE, Math.max(1, before * factor));
    const k = before / after;
    this.set(after, px + (this.cx - px) * k, py + (this.cy - py) * k);
  }

  toPlan(x, y) {
    const m = this.svg.getScreenCTM();
    if (!m) return [this.cx, this.cy];
    const p = new DOMPoint(x, y).matrixTransform(m.inverse());
    return [p.x, p.y];
  }
}

function gestures(svg, zoom) {
  const points = new Map();
  let travelled = 0;
  const centre = () => {
    const all = [...points.values()];
    const [a, b] = all;
    return {
      x: all.reduce((s, p) => s + p[0], 0) / all.length,
      y: all.reduce((s, p) => s + p[1], 0) / all.length,
      d: b ? Math.hypot(a[0] - b[0], a[1] - b[1]) : 0,
    };
  };
  svg.addEventListener("pointerdown", (e) => {
    points.set(e.pointerId, [e.clientX, e.clientY]);
    travelled = 0;
  });
  svg.addEventListener("pointermove", (e) => {
    if (!points.has(e.pointerId)) return;
    const before = centre();
    points.set(e.pointerId, [e.clientX, e.clientY]);
    const after = centre();
    travelled += Math.hypot(after.x - before.x, after.y - before.y) + Math.abs(after.d - before.d);
    if (points.size >= 2 && before.d > 0) {
      const [px, py] = zoom.toPlan(after.x, after.y);
      zoom.by(after.d / before.d, px, py);
    }
    if (zoom.scale > 1 || points.size >= 2) {
      const [ax, ay] = zoom.toPlan(before.x, before.y);
      const [bx, by] = zoom.toPlan(after.x, after.y);
      zoom.set(zoom.scale, zoom.cx - (bx - ax), zoom.cy - (by - ay));
    }
  });
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) svg.addEventListener(type, (e) => points.delete(e.pointerId));
  // A drag or pinch that ends on a room must not also open it.
  svg.addEventListener("click", (e) => travelled > 6 && (e.preventDefault(), e.stopPropagation()), true);
  svg.addEventListener(
    "wheel",
    (e) => {
      if (!e.ctrlKey) return; // plain wheel scrolls the page
      e.preventDefault();
      const [px, py] = zoom.toPlan(e.clientX, e.clientY);
      zoom.by(Math.exp(-e.deltaY / 300), px, py);
    },
    { passive: false },
  );
}

// `rooms`: room id -> { href, label (for screen readers), lines (name first) }.
export function drawFloor(floor, rooms, { highlight = null } = {}) {
  const box = floor.viewBox.map(Number);
  const ctx = { rooms, highlight, labels: [] };
  const size = Math.max(box[2], box[3]) / 30;
  const svg = el("svg", { class: "floor", role: "group", "aria-label": _("Plan of {floor}", { floor: floor.name }) });
  // An uploaded plan (a PNG, JPEG or PDF page the server wrote again) under the shapes, filling
  // the plan's box: its pixels are the plan's units. Only the server's own /venue/ files.
  if (typeof floor.image === "string" && /^\/venue\/[\w.-]+$/.test(floor.image)) {
    const image = el("image", { class: "plan-image", x: box[0], y: box[1], width: box[2], height: box[3], preserveAspectRatio: "none" });
    image.setAttribute("href", floor.image);
    svg.classList.add("raster");
    svg.append(image);
  }
  for (const node of floor.drawing) {
    const built = build(node, ctx);
    if (built) svg.append(built);
  }
  // Sizes follow the plan's own units, whatever they are.
  for (const t of svg.querySelectorAll(".area-label,.entrance-label")) t.setAttribute("font-size", size * 0.8);
  const zoom = new Zoom(svg, box);
  gestures(svg, zoom);
  let frames = 0;
  const layout = () => {
    if (!svg.isConnected) {
      if (++frames < LAYOUT_FRAMES) requestAnimationFrame(layout);
      return;
    }
    // Labels at least about the reader's own text size on screen (a plan's 1/30 was ~9 px on
    // a phone), so a narrow screen shows fewer words, not smaller ones.
    const scale = svg.getScreenCTM()?.a || 0;
    const root = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const readable = scale > 0 ? (root * READABLE) / scale : size;
    for (const item of ctx.labels) label(item, Math.max(size, readable));
    svg.dataset.ready = "1";
  };
  requestAnimationFrame(layout);
  const button = (text, name, action) => h("button", { type: "button", "aria-label": name, onclick: action }, text);
  const controls = h(
    "div",
    { class: "zoom", role: "group", "aria-label": _("Zoom the plan of {floor}", { floor: floor.name }) },
    button("+", _("Zoom in"), () => zoom.by(1.5)),
    button("−", _("Zoom out"), () => zoom.by(1 / 1.5)),
    // Translators: a short button that zooms the plan back to the whole floor.
    button(_("Fit"), _("Show the whole floor"), () => zoom.set(1, box[0] + box[2] / 2, box[1] + box[3] / 2)),
  );
  return h("figure", { class: "plan" }, controls, svg);
}
