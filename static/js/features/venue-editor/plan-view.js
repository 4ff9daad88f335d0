// One floor's plan in the venue editor: the plan image with what is placed on it drawn over
// it (an SVG in the plan's own units). A tap, a drag, or the keys on the focused plan say
// what the organizer did; the page (page.js) decides what it means and draws again.
//
// The image under the drawing: the server's copy (/venue/<file>), or, for one picked on this
// phone and not uploaded yet, its Blob painted on a canvas (the page's CSP lets images come
// from this site only: no blob: address). Kept per floor across drawings, so a redraw does
// not load or paint it again.

import { _ } from "../../data/i18n.js";
import { h, listen } from "../../ui/dom.js";
import { drawFloor } from "../venue/floor-svg.js";
import { useMapStyles } from "../venue/plan-rooms.js";
import { getBlob } from "./blobs.js";
import { PENDING, box } from "./draft.js";

const NS = "http://www.w3.org/2000/svg";
const TAP = 8; // CSS pixels a pointer may travel and still be a tap
const bases = new Map(); // "<floor>|<image>" -> the element showing it
let pressed = null; // the plan a finger or the mouse is on: not to be drawn again under it

// A finger or the mouse is down on the plan: drawing it again now would lose the gesture.
export function planBusy() {
  return pressed !== null && pressed.isConnected;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, String(v));
  node.append(...children.filter(Boolean));
  return node;
}

function painted(key) {
  const canvas = h("canvas", { class: "plan-base", "aria-hidden": "true" });
  getBlob(key)
    .then((blob) => (blob ? createImageBitmap(blob) : null))
    .then((bitmap) => {
      if (!bitmap) return;
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      canvas.getContext("2d").drawImage(bitmap, 0, 0);
      canvas.dataset.ready = "1";
    })
    .catch(() => {
      // An SVG (no bitmap before the server checks it) or a damaged file: the outline stays.
      canvas.dataset.ready = "0";
    });
  return canvas;
}

// An SVG plan is served only as the built venue's drawing (never as a file): drawn as the map
// draws it, without its controls, under the editor's marks.
function drawn(built) {
  useMapStyles();
  const svg = drawFloor(built, new Map()).querySelector("svg");
  svg.setAttribute("class", "plan-base floor");
  svg.setAttribute("aria-hidden", "true");
  svg.removeAttribute("role");
  return svg;
}

function base(floor, built) {
  const file = floor.image || floor.svg || "";
  const [, , w, hgt] = box(floor);
  const key = `${floor.id}|${file}|${w}x${hgt}|${built ? "built" : ""}`;
  if (!bases.has(key)) {
    let node;
    if (!file) node = h("div", { class: "plan-base blank" });
    else if (file.startsWith(PENDING)) node = painted(file.slice(PENDING.length));
    else if (floor.svg) node = built ? drawn(built) : h("div", { class: "plan-base blank" });
    else node = h("img", { class: "plan-base", src: `/venue/${encodeURIComponent(file)}`, alt: "", width: w, height: hgt });
    node.style.aspectRatio = `${w} / ${hgt}`;
    bases.set(key, node);
  }
  return bases.get(key);
}

const refKey = (ref) => (ref ? `${ref.type}:${ref.id}` : "");

function drawItem(item, selected, unit) {
  const on = refKey(item.ref) === refKey(selected);
  const g = el("g", { class: `item ${item.kind}${on ? " selected" : ""}`, "data-ref": refKey(item.ref) });
  if (item.rect) {
    const [x, y, w, hgt] = item.rect;
    g.append(el("rect", { x, y, width: w, height: hgt, class: "area" }));
  }
  const [x, y] = item.at;
  if (item.kind === "room") g.append(el("circle", { cx: x, cy: y, r: unit, class: "pin" }));
  else g.append(el("rect", { x: x - unit, y: y - unit, width: 2 * unit, height: 2 * unit, rx: item.kind === "entrance" ? unit : unit / 3, class: "pin" }));
  const label = el("text", { x, y: y - 1.5 * unit, "font-size": 1.5 * unit, class: "mark-label" });
  label.textContent = item.label;
  g.append(label);
  return g;
}

// `on`: {tap(point), rect([x, y, w, h]), pick(ref), move(ref, dx, dy), key(event)}.
// `built`: this floor in the built venue (GET /api/v1/venue.json), which draws an SVG plan.
export function planView(floor, items, { selected = null, points = [], describedBy = null, built = null, on }) {
  const [x0, y0, w, hgt] = box(floor);
  const unit = Math.max(w, hgt) / 45; // marks in the plan's own units: pixels or metres alike
  const svg = el("svg", {
    id: "venue-plan",
    class: "plan-over",
    viewBox: [x0, y0, w, hgt].join(" "),
    tabindex: "0",
    role: "application",
    "aria-roledescription": _("floor plan editor"),
    "aria-label": _("Plan of {floor}", { floor: floor.name }),
    "aria-describedby": describedBy,
  });
  for (const item of items) svg.append(drawItem(item, selected, unit));
  for (const [i, [x, y]] of points.entries()) {
    const number = el("text", { x: x + unit, y: y - unit, "font-size": 1.2 * unit, class: "mark-label" }, String(i + 1));
    svg.append(el("g", { class: "scale-point" }, el("circle", { cx: x, cy: y, r: unit * 0.8 }), number));
  }
  if (points.length === 2) svg.append(el("line", { x1: points[0][0], y1: points[0][1], x2: points[1][0], y2: points[1][1], class: "scale-line" }));
  const ghost = el("rect", { class: "ghost", visibility: "hidden" });
  svg.append(ghost);

  const toPlan = (e) => {
    const m = svg.getScreenCTM();
    if (!m) return [x0 + w / 2, y0 + hgt / 2];
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return [Math.min(x0 + w, Math.max(x0, p.x)), Math.min(y0 + hgt, Math.max(y0, p.y))];
  };
  let press = null;
  listen(svg, "pointerdown", (e) => {
    if (e.button > 0) return;
    const hit = e.target.closest?.("[data-ref]");
    press = { id: e.pointerId, sx: e.clientX, sy: e.clientY, start: toPlan(e), ref: hit?.dataset.ref || null, node: hit };
    pressed = svg;
    svg.setPointerCapture?.(e.pointerId);
    e.preventDefault();
  });
  listen(svg, "pointermove", (e) => {
    if (!press || press.id !== e.pointerId || Math.hypot(e.clientX - press.sx, e.clientY - press.sy) <= TAP) return;
    const [x, y] = toPlan(e);
    const [sx, sy] = press.start;
    if (press.ref) press.node.setAttribute("transform", `translate(${x - sx} ${y - sy})`);
    else {
      for (const [k, v] of Object.entries({ x: Math.min(x, sx), y: Math.min(y, sy), width: Math.abs(x - sx), height: Math.abs(y - sy) })) ghost.setAttribute(k, v);
      ghost.setAttribute("visibility", "visible");
    }
  });
  const end = (e) => {
    if (!press || press.id !== e.pointerId) return;
    const was = press;
    press = null;
    pressed = null;
    ghost.setAttribute("visibility", "hidden");
    if (e.type === "pointercancel") return;
    const [x, y] = toPlan(e);
    const [sx, sy] = was.start;
    const tap = Math.hypot(e.clientX - was.sx, e.clientY - was.sy) <= TAP;
    const ref = was.ref && items.find((i) => refKey(i.ref) === was.ref)?.ref;
    if (ref && tap) on.pick(ref);
    else if (ref) on.move(ref, x - sx, y - sy);
    else if (tap) on.tap([sx, sy]);
    else on.rect([Math.min(x, sx), Math.min(y, sy), Math.abs(x - sx), Math.abs(y - sy)]);
  };
  listen(svg, "pointerup", end);
  listen(svg, "pointercancel", end);
  listen(svg, "keydown", (e) => on.key(e, unit));
  return h("div", { class: "plan-edit" }, base(floor, built), svg);
}
