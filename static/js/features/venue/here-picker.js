// "Near me": on Now, where the person is (data/here.js) said in words, "I am at ..." to choose
// the room, and the rooms' order by walking time from there; on the map, "You are here" in the
// room's label on the plan and in the room list, in words and a dashed outline (never colour
// alone). One module, in the app's bundle: the map's own file would be a request more.

import { h } from "../../ui/dom.js";
import { now as clockNow } from "../../data/clock.js";
import { forgetPlace, rememberPlace } from "../../data/here.js";
import { buildingsOf } from "./by-building.js";
import { knownVenue } from "./venue-plan.js";
import { _ } from "../../data/i18n.js";

// `items` ordered by `minutesOf(item)` (nearest first; unknown last; ties in their order), or
// null when no walk is known yet (then the list keeps its usual order).
export function nearestFirst(items, minutesOf) {
  const known = items.map((item, i) => ({ item, i, m: minutesOf(item) }));
  if (!known.some(({ m }) => m > 0)) return null;
  const rank = (m) => (m === null || m === undefined ? Infinity : m);
  return known.sort((a, b) => rank(a.m) - rank(b.m) || a.i - b.i).map(({ item }) => item);
}

function said(data, here) {
  const room = here && data.rooms.get(here.room)?.name;
  if (!room) return _("Where are you? Scan a door’s code or choose the room: the nearest rooms then come first.");
  if (here.how === "scan") return _("You are at {room}: the door you scanned.", { room });
  if (here.how === "session") return _("You are at {room}, at “{title}”.", { room, title: here.session.title });
  return _("You are at {room}, as you said.", { room });
}

// The rooms to choose from, by building where the venue has buildings (as the other pickers).
function options(rooms) {
  const option = (r) => h("option", { value: r.id }, r.name);
  const groups = buildingsOf(knownVenue(), rooms);
  return groups ? groups.map((g) => h("optgroup", { label: g.name }, g.items.map(option))) : rooms.map(option);
}

// `whereAt()`: where the person is now; `changed()`: draws the list again after a choice.
export function herePicker(data, rooms, whereAt, changed) {
  const line = h("p", { class: "here-said", role: "status" });
  const select = h(
    "select",
    { id: "here-room", name: "here" },
    // Translators: the first choice of "I am at", before a room is chosen.
    h("option", { value: "" }, _("Choose a room")),
    options(rooms),
  );
  const say = () => {
    const here = whereAt();
    line.textContent = said(data, here);
    select.value = here?.room ?? "";
  };
  select.addEventListener("change", () => {
    if (select.value) rememberPlace(select.value, "pick", clockNow());
    else forgetPlace();
    say();
    changed();
  });
  say();
  return h(
    "div",
    { class: "here-picker" },
    line,
    h(
      "p",
      { class: "field here-choose" },
      // Translators: on Now, before the list of rooms to choose where one is.
      h("label", { for: "here-room" }, _("I am at")),
      select,
      h("a", { href: "/scan", class: "scan-door" }, _("Scan a door’s code")),
    ),
  );
}

// The plan's rooms (plan-rooms.js planRooms) with the words in the room's label and lines.
export function sayHere(rooms, here) {
  const room = here && rooms.get(here.room);
  if (!room) return rooms;
  const words = _("You are here");
  rooms.set(here.room, { ...room, label: `${words}. ${room.label}`, lines: [room.lines[0], words, ...room.lines.slice(1)] });
  return rooms;
}

// Marks the room, drawn on a plan or listed, under `root`.
export function markHere(root, here) {
  if (!here) return;
  for (const node of root.querySelectorAll(`[data-room="${CSS.escape(here.room)}"]`)) {
    node.classList.add("you-are-here");
    if (node.tagName !== "LI") continue;
    node.querySelector(".name")?.append(h("span", { class: "you-are-here-said" }, ` · ${_("You are here")}`));
    node.closest("details")?.setAttribute("open", ""); // a folded building opens on the person's room
  }
}
