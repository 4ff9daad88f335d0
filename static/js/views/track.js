// /track/<id>: a track's page: its colour, its rooms, its sessions by day, a link to the
// schedule filtered by it, and the switch that hides it from the lists.

import { sessionCard } from "../ui/session-card.js";
import { h } from "../ui/dom.js";
import { markTracks } from "../ui/track-marks.js";
import { dayLabel } from "../data/time.js";
import { readHidden } from "../data/hidden.js";
import { empty, heading, notFound, zoneNote } from "../ui/page-parts.js";
import { hideButton } from "./tracks.js";
import { _, ngettext, npgettext } from "../data/i18n.js";

const sessionCount = (n) => ngettext("{n} session", "{n} sessions", n);
const hiddenNote = (hidden) => (hidden ? _("Hidden from the schedule, the rooms grid and Now.") : "");

function roomsOf(data, sessions) {
  const count = new Map();
  for (const s of sessions) if (data.rooms.has(s.room)) count.set(s.room, (count.get(s.room) || 0) + 1);
  return [...count].map(([id, n]) => [data.rooms.get(id), n]);
}

export function render(ctx) {
  const data = ctx.store.data;
  const id = ctx.params[0];
  const track = data.tracks.get(id);
  if (!track) return notFound("track", id);
  markTracks(data.tracks);
  const sessions = data.sessions.filter((s) => s.track === id);
  const hidden = readHidden(ctx.query);
  const rooms = roomsOf(data, sessions);
  const note = h("p", { class: "note" }, hiddenNote(hidden.tracks.has(id)));
  const days = data.days.filter((day) => sessions.some((s) => s.day === day));
  return {
    title: track.name,
    node: h(
      "section",
      { class: "track-page", "data-track": id },
      heading(track.name, sessionCount(sessions.length)),
      h(
        "p",
        { class: "links" },
        h("a", { href: `/?track=${encodeURIComponent(id)}&day=all` }, _("In the schedule")),
        hideButton(hidden, "tracks", id, track.name, (now) => {
          note.textContent = hiddenNote(now.tracks.has(id));
        }),
      ),
      note,
      rooms.length > 0 &&
        h(
          "section",
          { class: "track-rooms" },
          // A context of its own: the console's singular "Room" (a field's label) is another message.
          h("h2", {}, npgettext("heading", "Room", "Rooms", rooms.length)),
          h("ul", { class: "index" }, rooms.map(([room, n]) => h("li", {}, h("a", { href: `/room/${room.id}` }, room.name), h("span", { class: "n" }, sessionCount(n))))),
        ),
      h("h2", { class: "sessions-head" }, _("Sessions")),
      zoneNote(sessions[0]?.start),
      sessions.length === 0
        ? empty(_("No sessions in this track."))
        : days.map((day) =>
            h("section", { class: "day" }, h("h3", {}, dayLabel(day)), h("div", { class: "cards" }, sessions.filter((s) => s.day === day).map((s) => sessionCard(s, ctx.store)))),
          ),
    ),
  };
}
