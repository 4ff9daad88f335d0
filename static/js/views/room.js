// /room/<id>: where the room is (its floor's plan with the room marked), how to get there,
// accessibility notes, and its sessions by day.

import { sessionCard } from "../ui/session-card.js";
import { now as clockNow } from "../data/clock.js";
import { h } from "../ui/dom.js";
import { drawFloor } from "../features/venue/floor-svg.js";
import { roomNoticeLine } from "../ui/room-notices.js";
import { dayLabel } from "../data/time.js";
import { loadVenue, nowNext } from "../features/venue/venue-plan.js";
import { empty, heading, notFound, zoneNote } from "../ui/page-parts.js";
import { planRooms, useMapStyles } from "../features/venue/plan-rooms.js";
import { placeLine } from "../features/venue/place-words.js";
import { _ } from "../data/i18n.js";

function place(venue, data, room, now, doc) {
  const entry = venue.rooms.find((r) => r.id === room.id);
  const floor = entry && venue.floors.find((f) => f.id === entry.floor);
  const para = (title, text) => text && [h("h2", {}, title), h("p", {}, text)];
  const line = placeLine(venue, room.id);
  const where = line !== room.name && line; // "Janson" under the heading "Janson" says nothing
  return [
    where && h("p", { class: "building-level" }, where),
    floor
      ? h("section", { class: "floor" }, !where && h("p", { class: "sub" }, floor.name), drawFloor(floor, planRooms(venue, data, now, doc), { highlight: room.id }))
      : venue.floors.length > 0 && h("p", { class: "empty" }, _("This room is not on the venue plan.")),
    para(_("Directions"), entry?.directions),
    para(_("Accessibility"), entry?.accessibility),
  ];
}

function sessionsByDay(data, room, store, now) {
  const sessions = data.sessions.filter((s) => s.room === room.id);
  if (!sessions.length) return [empty(_("No sessions in this room."))];
  const { now: on, next } = nowNext(data, room.id, now);
  const note = (s) => (on.includes(s) ? _("On now") : s === next ? _("Next in this room") : null);
  return data.days
    .filter((day) => sessions.some((s) => s.day === day))
    .map((day) =>
      h(
        "section",
        { class: "day" },
        h("h3", {}, dayLabel(day)),
        h("div", { class: "cards" }, sessions.filter((s) => s.day === day).map((s) => sessionCard(s, store, { note: note(s) }))),
      ),
    );
}

export function render(ctx) {
  const data = ctx.store.data;
  const id = ctx.params[0];
  const room = data.rooms.get(id);
  if (!room) return notFound("room", id);
  const now = ctx.now || clockNow();
  useMapStyles();
  const where = h("div", { class: "room-place" }, h("p", { class: "loading" }, _("Loading the plan…")));
  loadVenue()
    .then((venue) => where.replaceChildren(...place(venue, data, room, now, ctx.store.doc).flat().filter(Boolean)))
    .catch((error) => where.replaceChildren(h("p", { class: "empty" }, _("The plan could not be loaded ({error}).", { error: error.message }))));
  return {
    title: room.name,
    node: h(
      "section",
      { class: "room-page" },
      heading(room.name),
      roomNoticeLine(ctx.store.doc, room.id, now),
      h(
        "p",
        { class: "links" },
        h("a", { href: `/map?room=${encodeURIComponent(room.id)}` }, _("Show on the venue map")),
        h("a", { href: `/room/${encodeURIComponent(room.id)}.ics` }, _("This room's sessions as a calendar file")),
      ),
      where,
      h("h2", { class: "sessions-head" }, _("Sessions")),
      zoneNote(),
      sessionsByDay(data, room, ctx.store, now),
    ),
  };
}
