// The map's rooms by building, then floor (data/room-groups.js): a heading per building, each
// floor's plan where the venue has one, and a compact row per room with what is on now and
// next there, linked to its page. At FOSDEM's 30 rooms with no venue file a card per room was
// 4,500 px at 390 px wide; a row is two lines, and past FOLD_OVER rooms each building is a
// disclosure that starts closed (its name, its rooms and how many are in use: one screen), but
// for the room asked for and the plans. Now lists every room open.

import { h } from "../../ui/dom.js";
import { roomNoticeLine } from "../../ui/room-notices.js";
import { groupRooms } from "../../data/room-groups.js";
import { buildingName, hasBuildings, levelName, levelShown } from "./group-names.js";
import { roomStatus, when } from "./plan-rooms.js";
import { nowNext } from "./venue-plan.js";
import { _, ngettext, pgettext } from "../../data/i18n.js";

const FOLD_OVER = 16; // rooms: about two screens of rows at 390 px

const sessionLink = (s) => h("a", { href: `/session/${s.id}` }, s.title);
const joined = (items) => items.flatMap((item, i) => (i ? [" · ", item] : [item]));

// One room: its name, what is on, what is next (or that nothing is), its organizers' notice.
export function roomRow(venue, data, room, now, highlight, doc) {
  const name = data.rooms.get(room.id)?.name || room.name;
  const { on, next } = roomStatus(data, { id: room.id, name }, now);
  // A room left off a plan is said so only where there are plans to be left off.
  const off = venue.floors.length > 0 && !room.floor;
  return h(
    "li",
    { class: room.id === highlight ? "here" : null, "data-room": room.id, "aria-current": room.id === highlight ? "location" : null },
    h("a", { href: `/room/${room.id}`, class: "name" }, name),
    h("span", { class: "tag" }, pgettext("happening", "Now")),
    h("span", { class: "what on" }, on.length ? joined(on.map(sessionLink)) : _("Nothing on")),
    h("span", { class: "tag" }, pgettext("happening", "Next")),
    h("span", { class: "what next" }, next ? [h("span", { class: "at" }, when(next, now)), " ", sessionLink(next)] : _("Nothing more here")),
    (off || doc) && h("span", { class: "extra" }, off && h("span", { class: "floor" }, _("Not on the plan")), doc && roomNoticeLine(doc, room.id, now)),
  );
}

const rows = (venue, data, rooms, now, highlight, doc) => h("ul", { class: "roomlist rows" }, rooms.map((r) => roomRow(venue, data, r, now, highlight, doc)));

// Every plan of a building, with its rooms or not: the levels of the venue's `buildings` that
// have one, merged into the levels that have rooms, in the building's order.
function levelsOf(venue, group) {
  const building = (venue.buildings || []).find((b) => b.id === group.building);
  const drawn = new Set(group.levels.map((l) => l.level));
  const plans = (building?.levels || []).filter((l) => l.floor && !drawn.has(l.level ?? null)).map((l) => ({ level: l.level ?? null, floor: l.floor, rooms: [] }));
  if (!plans.length) return group.levels;
  const order = (building.levels || []).map((l) => l.level ?? null);
  return [...group.levels, ...plans].sort((a, b) => order.indexOf(a.level) - order.indexOf(b.level));
}

const rooms = (group) => group.levels.flatMap((l) => l.rooms);
const open = (group, fold, highlight) => !fold || group.levels.some((l) => l.floor) || rooms(group).some((r) => r.id === highlight);

function inUse(data, group, now) {
  const all = rooms(group);
  const on = all.filter((r) => nowNext(data, r.id, now).now.length > 0).length;
  const count = ngettext("{n} room", "{n} rooms", all.length);
  // Translators: how many rooms of a building have a session on now, under its name on the map.
  const busy = ngettext("{n} in use now", "{n} in use now", on);
  // Translators: under a building's name on the map: "6 rooms · 4 in use now".
  return _("{rooms} · {on}", { rooms: count, on: busy });
}

// The map's body: plans and rooms by building, or (no room in any building) the plans, then
// every room under "Rooms", as before there were buildings.
export function buildingList(venue, data, now, highlight, doc, drawPlan) {
  const groups = groupRooms(venue, venue.rooms);
  const drawn = new Set();
  // drawPlan(floor, titled): the floor's plan, under its name unless a level's heading says it.
  const plan = (id, titled) => {
    const floor = venue.floors.find((f) => f.id === id);
    if (!floor || drawn.has(id)) return null;
    drawn.add(id);
    return drawPlan(floor, titled);
  };
  if (!hasBuildings(groups)) {
    return [...venue.floors.map((f) => plan(f.id, true)), h("h2", {}, _("Rooms")), rows(venue, data, venue.rooms, now, highlight, doc)];
  }
  const fold = venue.rooms.length > FOLD_OVER;
  const sections = groups.map((group) =>
    h(
      "details",
      { class: "building", "data-building": group.building ?? "", open: open(group, fold, highlight) },
      h("summary", {}, h("h2", {}, buildingName(group)), h("span", { class: "count" }, inUse(data, group, now))),
      group.note && h("p", { class: "note" }, group.note),
      levelsOf(venue, group).map((level) =>
        h(
          "section",
          { class: "level", "data-level": level.level ?? "" },
          levelShown(group, level) && h("h3", {}, levelName(venue, group, level)),
          level.floor && plan(level.floor, !levelShown(group, level)),
          level.rooms.length > 0 && rows(venue, data, level.rooms, now, highlight, doc),
        ),
      ),
    ),
  );
  // Plans in no building (a venue file written before buildings) come first, as they did.
  const loose = venue.floors.filter((f) => !drawn.has(f.id)).map((f) => plan(f.id, true));
  return [...loose, ...sections];
}
