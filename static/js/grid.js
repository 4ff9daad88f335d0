// Rooms x time grid: times down, rooms across, each session a block placed by its start and
// sized by its length. Only the blocks near the visible part are in the DOM (a 90-room day
// would otherwise be hundreds of laid-out blocks); scrolling adds and drops them.

import { badges, starButton } from "./card.js";
import { h } from "./dom.js";
import { length, time } from "./time.js";

// Sizes in rem, so the grid follows the person's font size.
const TIME_W = 3.6;
const HEAD_H = 3.2;
const COL_MIN = 10.5;
const PER_MIN = 0.28; // 10 minutes = 2.8 rem: two lines of a lightning talk
const MARGIN = 1; // screens rendered beyond the visible one, each way

const rem = () => parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
const px = (el, prop, value) => el.style.setProperty(prop, `${value}px`); // CSSOM: allowed by the CSP

export function span(sessions) {
  const hour = 3600000;
  const first = Math.min(...sessions.map((s) => s.start.getTime()));
  const last = Math.max(...sessions.map((s) => s.end.getTime()));
  return { from: Math.floor(first / hour) * hour, to: Math.ceil(last / hour) * hour };
}

export class RoomGrid {
  constructor({ rooms, sessions, store, now, label }) {
    this.rooms = rooms;
    this.store = store;
    this.now = now;
    this.columns = new Map(rooms.map((r, i) => [r.id, i]));
    this.byColumn = rooms.map(() => []);
    for (const s of sessions) if (this.columns.has(s.room)) this.byColumn[this.columns.get(s.room)].push(s);
    this.range = span(sessions);
    this.shown = new Map(); // session id -> block
    this.scroller = h("div", { class: "grid-scroll", tabindex: "0", role: "region", "aria-label": label });
    this.head = h("div", { class: "grid-rooms" }, h("div", { class: "grid-corner" }), rooms.map((r) => h("div", { class: "grid-room" }, h("a", { href: `/room/${r.id}` }, r.name))));
    this.times = h("div", { class: "grid-times", "aria-hidden": "true" });
    this.body = h("div", { class: "grid-body" });
    this.canvas = h("div", { class: "grid-canvas" }, this.head, this.times, this.body);
    this.scroller.append(this.canvas);
    this.sized = false;
    this.placed = false; // scrolled to "now" once, when the box could scroll
    let queued = false;
    this.scroller.addEventListener(
      "scroll",
      () => {
        if (queued) return;
        queued = true;
        requestAnimationFrame(() => {
          queued = false;
          this.paint();
        });
      },
      { passive: true },
    );
    // Fires once the grid is in the page and sized, and again on rotation or resize.
    new ResizeObserver(() => this.layout()).observe(this.scroller);
  }

  yOf(ms) {
    return ((ms - this.range.from) / 60000) * this.perMin;
  }

  layout() {
    const width = this.scroller.clientWidth;
    if (!width) return;
    const r = rem(); // read once here: reading it per block would force a style pass per block
    this.rem = r;
    this.perMin = PER_MIN * r;
    this.timeW = TIME_W * r;
    this.headH = HEAD_H * r;
    this.colW = Math.max(COL_MIN * r, (width - this.timeW - 2) / this.rooms.length); // all side by side when they fit
    const bodyH = this.yOf(this.range.to);
    px(this.canvas, "width", this.timeW + this.colW * this.rooms.length);
    px(this.canvas, "height", this.headH + bodyH);
    px(this.canvas, "--col", this.colW);
    px(this.canvas, "--hour", this.perMin * 60);
    px(this.canvas, "--time-w", this.timeW);
    px(this.canvas, "--head-h", this.headH);
    px(this.times, "height", bodyH);
    const hours = [];
    for (let t = this.range.from; t < this.range.to; t += 3600000) {
      const label = h("span", {}, time(new Date(t)));
      px(label, "top", this.yOf(t));
      hours.push(label);
    }
    this.times.replaceChildren(...hours);
    // Rules as plain boxes: a repeating gradient over a 90-room canvas cost most of each
    // scrolled frame (bench/grid.py: median frame 50 ms with it, 17 ms without).
    const rules = [];
    for (let t = this.range.from + 3600000; t < this.range.to; t += 3600000) {
      const rule = h("div", { class: "grid-hour" });
      px(rule, "top", this.yOf(t));
      rules.push(rule);
    }
    for (let c = 1; c < this.rooms.length; c++) {
      const rule = h("div", { class: "grid-col" });
      px(rule, "left", c * this.colW);
      rules.push(rule);
    }
    const nowLine = this.now >= this.range.from && this.now <= this.range.to ? h("div", { class: "grid-now", id: "grid-now" }) : null;
    if (nowLine) px(nowLine, "top", this.yOf(this.now.getTime()));
    this.body.replaceChildren(...rules, ...(nowLine ? [nowLine] : []));
    this.shown.clear();
    this.sized = true;
    // Only once the styles hold the box to the screen can it scroll; until then, try again.
    if (!this.placed && nowLine) {
      const target = Math.max(0, Math.round(this.yOf(this.now.getTime()) - this.perMin * 30));
      this.scroller.scrollTop = target;
      this.placed = target === 0 || this.scroller.scrollTop > 0;
    }
    this.paint();
  }

  // Adds the blocks within a screen of the visible area and drops the others.
  paint() {
    if (!this.sized) return;
    const { scrollLeft, scrollTop, clientWidth, clientHeight } = this.scroller;
    const c0 = Math.max(0, Math.floor((scrollLeft - clientWidth * MARGIN) / this.colW));
    const c1 = Math.min(this.rooms.length - 1, Math.floor((scrollLeft + clientWidth * (1 + MARGIN)) / this.colW));
    const from = this.range.from + ((scrollTop - clientHeight * MARGIN) / this.perMin) * 60000;
    const to = this.range.from + ((scrollTop + clientHeight * (1 + MARGIN)) / this.perMin) * 60000;
    const wanted = new Set();
    for (let c = c0; c <= c1; c++) {
      for (const s of this.byColumn[c]) {
        if (s.end < from || s.start > to) continue;
        wanted.add(s.id);
        if (!this.shown.has(s.id)) {
          const block = this.block(s, c);
          this.shown.set(s.id, block);
          this.body.append(block);
        }
      }
    }
    for (const [id, block] of this.shown) {
      if (!wanted.has(id)) {
        block.remove();
        this.shown.delete(id);
      }
    }
  }

  block(s, column) {
    const past = s.end <= this.now;
    const short = s.end - s.start <= 15 * 60000; // time and title run on as one text
    const flags = badges(s.id);
    const classes = ["gblock", short && "short", s.cancelled && "cancelled", past && "past", flags && "changed"].filter(Boolean).join(" ");
    const room = this.rooms[column].name;
    const el = h(
      "article",
      { class: classes, "data-session": s.id },
      h("p", { class: "gtime" }, `${time(s.start)}–${time(s.end)}`, h("span", { class: "visually-hidden" }, ` · ${length(s.start, s.end)} · ${room}`)),
      s.cancelled && h("strong", { class: "flag" }, "Cancelled"),
      flags,
      h("h3", {}, h("a", { href: `/session/${s.id}` }, s.title)),
      starButton(this.store, s),
    );
    px(el, "left", column * this.colW + 2);
    px(el, "top", this.yOf(s.start.getTime()) + 1);
    px(el, "width", this.colW - 4);
    px(el, "height", Math.max(this.yOf(s.end.getTime()) - this.yOf(s.start.getTime()) - 2, 1.4 * this.rem));
    return el;
  }
}
