// Rooms x time grid: times down, rooms across, each session a block placed by its start and
// sized by its length. Only the blocks near the visible part are in the DOM (a 90-room day
// would otherwise be hundreds of laid-out blocks); scrolling adds and drops them.

import { badges, starButton, textLang } from "./session-card.js";
import { h } from "./dom.js";
import { length, time, wholeHours } from "../data/time.js";
import { _ } from "../data/i18n.js";

// Sizes in rem, so the grid follows the person's font size. The compact zoom fits four rooms
// across a 360 px phone (two in the regular one): narrower columns of whole rooms, no star
// button in the blocks (a tap opens the session, which has it), the time line reduced to the start.
const SIZES = {
  regular: { timeW: 3.6, colMin: 10.5 },
  compact: { timeW: 3, colMin: 4.4 },
};
const HEAD_H = 3.2;
const PER_MIN = 0.28; // 10 minutes = 2.8 rem: two lines of a lightning talk
const LINE = 1.0625; // a block's line height in rem (grid.css), for its text's clamp
const PAD = 0.35; // its padding and borders, in rem
const MARGIN = 1; // screens rendered beyond the visible one, each way

const rem = () => parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
const px = (el, prop, value) => el.style.setProperty(prop, `${value}px`); // CSSOM: allowed by the CSP

// The day's span, from a whole hour of the zone shown to another.
export function span(sessions) {
  const first = Math.min(...sessions.map((s) => s.start.getTime()));
  const last = Math.max(...sessions.map((s) => s.end.getTime()));
  const hours = wholeHours(first, last);
  return { from: hours[0], to: hours.at(-1), hours };
}

// Sessions of one room that overlap share its column side by side: each group of overlapping
// sessions is split into lanes, a session taking the first lane free at its start.
export function lanes(sessions) {
  const sorted = [...sessions].sort((a, b) => a.start - b.start || b.end - a.end);
  const out = new Map();
  let group = [];
  let ends = [];
  let groupEnd = -Infinity;
  const close = () => {
    for (const [s, lane] of group) out.set(s.id, { lane, lanes: ends.length });
    group = [];
    ends = [];
  };
  for (const s of sorted) {
    if (s.start.getTime() >= groupEnd) close();
    let lane = ends.findIndex((end) => end <= s.start.getTime());
    if (lane < 0) lane = ends.push(0) - 1;
    ends[lane] = s.end.getTime();
    groupEnd = group.length ? Math.max(groupEnd, ends[lane]) : ends[lane];
    group.push([s, lane]);
  }
  close();
  return out;
}

export class RoomGrid {
  // `at`: [left, top], the box's scroll to return to (ui/place.js), instead of "now".
  constructor({ rooms, sessions, store, now, label, at = null, compact = false }) {
    this.rooms = rooms;
    this.compact = compact;
    this.store = store;
    this.now = now;
    this.columns = new Map(rooms.map((r, i) => [r.id, i]));
    this.byColumn = rooms.map(() => []);
    for (const s of sessions) if (this.columns.has(s.room)) this.byColumn[this.columns.get(s.room)].push(s);
    this.lanes = new Map(this.byColumn.flatMap((list) => [...lanes(list)]));
    this.range = span(sessions);
    this.shown = new Map(); // session id -> block
    this.at = Array.isArray(at) && at.length === 2 && at.every(Number.isFinite) ? at : null;
    this.scroller = h("div", { class: "grid-scroll", tabindex: "0", role: "region", "aria-label": label, "data-place": "grid" });
    this.head = h("div", { class: "grid-rooms" }, h("div", { class: "grid-corner" }), rooms.map((r) => h("div", { class: "grid-room" }, h("a", { href: `/room/${r.id}` }, r.name))));
    this.times = h("div", { class: "grid-times", "aria-hidden": "true" });
    this.body = h("div", { class: "grid-body" });
    this.canvas = h("div", { class: compact ? "grid-canvas compact" : "grid-canvas" }, this.head, this.times, this.body);
    this.scroller.append(this.canvas);
    this.sized = false;
    this.placed = false; // scrolled to "now" once, when the box could scroll
    this.queued = false;
    // Blocks follow the scroll once per frame, never inside the scroll event itself.
    this.scroller.addEventListener("scroll", () => this.schedule(), { passive: true });
    // Fires once the grid is in the page and sized, and again on rotation or resize.
    new ResizeObserver(() => this.layout()).observe(this.scroller);
  }

  schedule() {
    if (this.queued) return;
    this.queued = true;
    requestAnimationFrame(() => {
      this.queued = false;
      this.paint();
    });
  }

  // Switches the zoom in place, the room at the left edge staying there (the time scale is the
  // same in both, so the vertical scroll stays too).
  setCompact(on) {
    if (on === this.compact) return;
    const room = this.sized ? this.scroller.scrollLeft / this.colW : 0;
    this.compact = on;
    this.canvas.classList.toggle("compact", on);
    this.sized = false;
    this.layout();
    this.scroller.scrollLeft = room * this.colW;
  }

  yOf(ms) {
    return ((ms - this.range.from) / 60000) * this.perMin;
  }

  layout() {
    const width = this.scroller.clientWidth;
    if (!width) return;
    const height = this.scroller.clientHeight; // read with the width: one layout for both
    const r = rem(); // read once here: reading it per block would force a style pass per block
    // Only the width and the text size place anything; a change of height (the header or a
    // banner growing) only moves which blocks are near, and rebuilding would swap every rule
    // and block under a reader's finger.
    if (this.sized && width === this.width && r === this.rem) {
      this.place();
      this.paint();
      return;
    }
    this.width = width;
    this.height = height;
    this.rem = r;
    const size = this.compact ? SIZES.compact : SIZES.regular;
    this.perMin = PER_MIN * r;
    this.timeW = size.timeW * r;
    this.headH = HEAD_H * r;
    const room = width - this.timeW - 2;
    // All side by side when they fit; compact columns share the width in whole rooms, so the
    // screen's right edge does not cut a room's title in half.
    const across = this.compact ? Math.min(this.rooms.length, Math.max(1, Math.floor(room / (size.colMin * r)))) : this.rooms.length;
    this.colW = Math.max(size.colMin * r, room / across);
    const bodyH = this.yOf(this.range.to);
    px(this.canvas, "width", this.timeW + this.colW * this.rooms.length);
    px(this.canvas, "height", this.headH + bodyH);
    px(this.canvas, "--col", this.colW);
    px(this.canvas, "--time-w", this.timeW);
    px(this.canvas, "--head-h", this.headH);
    px(this.times, "height", bodyH);
    const hours = this.range.hours.slice(0, -1).map((t) => {
      const label = h("span", {}, time(new Date(t)));
      px(label, "top", this.yOf(t));
      return label;
    });
    this.times.replaceChildren(...hours);
    // Rules as plain boxes: a repeating gradient over a 90-room canvas cost most of each
    // scrolled frame (bench/grid.py: median frame 50 ms with it, 17 ms without).
    const rules = this.range.hours.slice(1, -1).map((t) => {
      const rule = h("div", { class: "grid-hour" });
      px(rule, "top", this.yOf(t));
      return rule;
    });
    for (let c = 1; c < this.rooms.length; c++) {
      const rule = h("div", { class: "grid-col" });
      px(rule, "left", c * this.colW);
      rules.push(rule);
    }
    const nowLine = this.nowShown() ? h("div", { class: "grid-now", id: "grid-now" }) : null;
    if (nowLine) px(nowLine, "top", this.yOf(this.now.getTime()));
    this.body.replaceChildren(...rules, ...(nowLine ? [nowLine] : []));
    this.shown.clear();
    this.sized = true;
    // The blocks where the grid opens, then the scroll there: the page is laid out once with
    // them, not once to scroll the bare canvas and again for its blocks (a layout of all 90
    // rooms' heads and rules on a slow phone's first screen, bench/grid.py).
    const opening = this.placed ? null : this.target();
    if (opening) this.paint(opening);
    this.place();
    this.paint();
  }

  nowShown() {
    return this.now >= this.range.from && this.now <= this.range.to;
  }

  // Scrolls the box to target(), once. Only once the styles hold the box to the screen can
  // it scroll; until then each resize tries again.
  place() {
    if (this.placed) return;
    const target = this.target();
    if (!target) return;
    const [left, top] = target;
    if (this.at) this.scroller.scrollLeft = left; // "now" leaves the rooms where they are
    this.scroller.scrollTop = top;
    this.placed = (top === 0 || this.scroller.scrollTop > 0) && (!this.at || left === 0 || this.scroller.scrollLeft > 0);
  }

  // [left, top] the grid opens at: where the reader left it, else half an hour before "now".
  target() {
    if (this.at) return this.at;
    if (!this.nowShown()) return null;
    return [0, Math.max(0, Math.round(this.yOf(this.now.getTime()) - this.perMin * 30))];
  }

  // Adds the blocks within a screen of the visible area and drops the others, in one frame:
  // each frame that changes the DOM pays for style, layout, paint and layers of the whole
  // grid, so spreading the additions over more frames (a few per frame, nearest first) and
  // keeping blocks longer gave more long tasks on the sweep (bench/grid.py, four runs under
  // heavy load), not fewer.
  // `at`: [left, top] to draw for, before the box is scrolled there (sized as last measured).
  paint(at = null) {
    if (!this.sized) return;
    const box = this.scroller;
    const [scrollLeft, scrollTop, clientWidth, clientHeight] = at ? [...at, this.width, this.height] : [box.scrollLeft, box.scrollTop, box.clientWidth, box.clientHeight];
    const c0 = Math.max(0, Math.floor((scrollLeft - clientWidth * MARGIN) / this.colW));
    const c1 = Math.min(this.rooms.length - 1, Math.floor((scrollLeft + clientWidth * (1 + MARGIN)) / this.colW));
    const from = this.range.from + ((scrollTop - clientHeight * MARGIN) / this.perMin) * 60000;
    const to = this.range.from + ((scrollTop + clientHeight * (1 + MARGIN)) / this.perMin) * 60000;
    const wanted = new Set();
    const added = document.createDocumentFragment();
    for (let c = c0; c <= c1; c++) {
      for (const s of this.byColumn[c]) {
        if (s.end < from || s.start > to) continue;
        wanted.add(s.id);
        if (!this.shown.has(s.id)) added.append(this.add(s, c));
      }
    }
    for (const [id, block] of this.shown) {
      if (!wanted.has(id)) {
        block.remove();
        this.shown.delete(id);
      }
    }
    this.body.append(added);
  }

  add(s, column) {
    const block = this.block(s, column);
    this.shown.set(s.id, block);
    return block;
  }

  block(s, column) {
    const past = s.end <= this.now;
    const short = s.end - s.start <= 15 * 60000; // time and title run on as one text
    const flags = badges(s.id);
    const classes = ["gblock", short && "short", s.cancelled && "cancelled", past && "past", flags && "changed"].filter(Boolean).join(" ");
    const room = this.rooms[column].name;
    const starred = this.compact && this.store.isStarred(s.id);
    const shown = this.compact ? time(s.start) : `${time(s.start)}–${time(s.end)}`;
    // Read by screen readers after the time shown: "–10:15 · 45 min · Room A · starred".
    const facts = [length(s.start, s.end), room, starred && _("starred")].filter(Boolean).join(" · ");
    const hidden = `${this.compact ? `–${time(s.end)}` : ""} · ${facts}`;
    const lang = textLang(s.lang); // hyphenation and speech in the talk's language
    const el = h(
      "article",
      { class: classes, "data-session": s.id, "data-starred": starred ? "" : null, "data-track": this.store.data.tracks.has(s.track) ? s.track : null },
      // The text ends with an ellipsis on the last line the block holds, never cut through a
      // line or split inside a word (grid.css): the clamp counts the lines of the box inside.
      h(
        "div",
        { class: "gtext" },
        h(
          "div",
          {},
          h("p", { class: "gtime" }, starred && h("span", { class: "gstar", "aria-hidden": "true" }, "★ "), shown, h("span", { class: "visually-hidden" }, hidden)),
          " ", // a short block's time and title run on: the line may wrap between them
          s.cancelled && h("strong", { class: "flag" }, _("Cancelled")),
          flags,
          h("h2", { lang }, h("a", { href: `/session/${s.id}` }, s.title)), // under the page's h1: no level skipped
        ),
      ),
      !this.compact && starButton(this.store, s),
    );
    const { lane, lanes: count } = this.lanes.get(s.id);
    const laneW = this.colW / count;
    const height = Math.max(this.yOf(s.end.getTime()) - this.yOf(s.start.getTime()) - 2, 1.4 * this.rem);
    px(el, "left", column * this.colW + lane * laneW + 2);
    px(el, "top", this.yOf(s.start.getTime()) + 1);
    px(el, "width", laneW - 4);
    px(el, "height", height);
    el.firstChild.style.setProperty("--lines", String(Math.max(1, Math.floor((height / this.rem - PAD) / LINE))));
    return el;
  }
}
