// Rooms side by side: a rooms x time grid of a day (times down, rooms across, sessions placed
// by time and sized by length), all rooms across on a wide screen, scrolling sideways on a
// phone; ?room= narrows to one room.

import { h } from "../ui/dom.js";
import { RoomGrid } from "../ui/rooms-grid.js";
import { markTracks } from "../ui/track-marks.js";
import { withQuery } from "../ui/query-links.js";
import { dayLabel } from "../data/time.js";
import { dayTabs, empty, heading, pickDay, zoneNote } from "../ui/page-parts.js";
import { isHidden, readHidden } from "../data/hidden.js";
import { hiddenLine, showingHidden } from "../features/tracks/hidden-line.js";
import { buildingsOf } from "../features/venue/by-building.js";
import { knownVenue, onceRead } from "../features/venue/venue-plan.js";
import { roomPageLinkText, sayOnceKnown } from "../features/venue/place-words.js";
import { _ } from "../data/i18n.js";

const FEW_ROOMS = 8; // chips shown outright up to this many rooms
const ZOOM_KEY = "hallway.grid.compact.v1"; // the compact zoom, kept on this device

function compactChosen() {
  try {
    return localStorage.getItem(ZOOM_KEY) === "1";
  } catch {
    return false; // storage refused (private mode): the regular zoom
  }
}

function keepCompact(on) {
  try {
    if (on) localStorage.setItem(ZOOM_KEY, "1");
    else localStorage.removeItem(ZOOM_KEY);
  } catch {
    // not kept on this device; the grid still switches
  }
}

// Resolves once grid.css applies: the grid measures its box, which the styles size.
let styled = null;
function useGridStyles() {
  styled ??= new Promise((resolve) => {
    const link = h("link", { rel: "stylesheet", href: new URL("../../css/grid.css", import.meta.url).href });
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve); // unstyled but usable beats nothing
    document.head.append(link);
  });
  return styled;
}

// Opened on the grid (a start, a reload, a shared link), its styles are asked for while the app
// starts, not once the schedule is read and the view drawn: the grid then joins the page in
// the task that draws the view rather than a round trip later (the bundle runs this module as
// it starts; bench/grid.py).
if (location.pathname === "/rooms") useGridStyles();

// The rooms' chips, by building (its name over its rooms, in floor order) where the venue
// has buildings.
function roomChips(venue, data, here, only) {
  const chip = (r) => h("a", { href: withQuery(here, { room: r.id }), "aria-current": r.id === only ? "page" : null }, r.name);
  const groups = buildingsOf(venue, [...data.rooms.values()]);
  return [
    h("a", { href: withQuery(here, { room: null }), "aria-current": only ? null : "page" }, _("All rooms")),
    groups
      ? groups.map((g) => h("div", { class: "chipgroup", role: "group", "aria-label": g.name }, h("span", { class: "chiphead", "aria-hidden": "true" }, g.name), g.items.map(chip)))
      : [...data.rooms.values()].map(chip),
  ];
}

export function render(ctx) {
  const { store, query } = ctx;
  const data = store.data;
  const day = pickDay(data, query, ctx.now);
  const only = data.rooms.has(query.get("room")) ? query.get("room") : null;
  const here = new URL(location.href);
  // Hidden rooms lose their column and hidden tracks their blocks, unless ?hidden=show.
  const hidden = showingHidden(query) ? { tracks: new Set(), rooms: new Set() } : readHidden(query);
  const rooms = [...data.rooms.values()].filter((r) => (!only || r.id === only) && (r.id === only || !hidden.rooms.has(r.id)));
  const ready = useGridStyles();
  markTracks(data.tracks); // the blocks' colour marks
  const nav = h("nav", { class: "chips", "aria-label": _("Rooms") }, roomChips(knownVenue(), data, here, only));
  onceRead((venue) => (nav.isConnected ? nav : document.querySelector("main section.rooms nav.chips"))?.replaceChildren(...roomChips(venue, data, here, only).flat()));
  let chips = nav;
  // A congress's 90 room chips filled four phone screens above the grid (and were laid out
  // and repainted with it): past a few rooms they wait behind a disclosure.
  if (data.rooms.size > FEW_ROOMS) {
    chips = h("details", { class: "roompick", "data-panel": "rooms" }, h("summary", {}, only ? _("Room: {room}", { room: data.rooms.get(only).name }) : _("Room: all rooms")), chips);
  }
  const todays = data.sessions.filter((s) => s.day === day && (!only || s.room === only));
  const sessions = todays.filter((s) => s.room === only || !isHidden(s, hidden));
  // More rooms per screen on a phone: a toggle, so the state is said (pressed or not) and kept.
  const compact = compactChosen();
  const zoom = sessions.length > 0 && rooms.length > 1 ? h("button", { type: "button", class: "linkish zoom", "aria-pressed": String(compact) }, _("Fit more rooms")) : null;
  const grid = sessions.length ? null : empty(only ? _("Nothing in this room on this day.") : _("Nothing on this day."));
  const node = h(
    "section",
    { class: "rooms" },
    heading(_("Rooms · {day}", { day: dayLabel(day) })),
    h(
      "p",
      { class: "maplink" },
      only
        ? sayOnceKnown(h("a", { href: `/room/${only}` }), (venue) => roomPageLinkText(venue, data.rooms.get(only)))
        : h("a", { href: "/map" }, _("Venue map: where each room is")),
    ),
    dayTabs(data, day),
    h("div", { class: "gridbar" }, chips, zoom), // the zoom beside the rooms' disclosure: no line of its own
    hiddenLine(readHidden(query), todays.length - sessions.length),
    zoneNote(sessions[0]?.start),
    grid,
  );
  let whole = null;
  if (sessions.length) {
    const label = _("Sessions of {day} by room and time", { day: dayLabel(day) });
    const view = new RoomGrid({ rooms, sessions, store, now: ctx.now, label, compact, at: ctx.place?.boxes?.grid });
    zoom?.addEventListener("click", () => {
      const on = zoom.getAttribute("aria-pressed") !== "true";
      zoom.setAttribute("aria-pressed", String(on));
      keepCompact(on);
      view.setCompact(on);
    });
    // The grid joins the page only once grid.css applies. Before, its blocks are in the
    // page's flow, one under another (a row's blocks hundreds of px apart, for as long as the
    // stylesheet takes to come), and its box is measured unstyled. Laid out at once, so that
    // it is never seen without its blocks either.
    whole = ready.then(() => {
      node.append(view.scroller);
      view.layout();
    });
  }
  // `ready`: the page is whole (the grid in it), so the app can put it back where it was.
  return { title: _("Rooms, {day}", { day: dayLabel(day) }), node, ready: whole };
}
