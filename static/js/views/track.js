// /track/<id>: a track's page: its colour, its rooms, its sessions by day, a link to the
// schedule filtered by it, and the switch that hides it from the lists.

import { sessionCard } from "../ui/session-card.js";
import { h } from "../ui/dom.js";
import { markTracks } from "../ui/track-marks.js";
import { dayLabel } from "../data/time.js";
import { readHidden } from "../data/hidden.js";
import { empty, heading, notFound, zoneNote } from "../ui/page-parts.js";
import { hideButton } from "./tracks.js";

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

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
  const note = h("p", { class: "note" }, hidden.tracks.has(id) ? "Hidden from the schedule, the rooms grid and Now." : "");
  const days = data.days.filter((day) => sessions.some((s) => s.day === day));
  return {
    title: track.name,
    node: h(
      "section",
      { class: "track-page", "data-track": id },
      heading(track.name, plural(sessions.length, "session")),
      h(
        "p",
        { class: "links" },
        h("a", { href: `/?track=${encodeURIComponent(id)}&day=all` }, "In the schedule"),
        hideButton(hidden, "tracks", id, track.name, (now) => {
          note.textContent = now.tracks.has(id) ? "Hidden from the schedule, the rooms grid and Now." : "";
        }),
      ),
      note,
      rooms.length > 0 &&
        h(
          "section",
          { class: "track-rooms" },
          h("h2", {}, rooms.length === 1 ? "Room" : "Rooms"),
          h("ul", { class: "index" }, rooms.map(([room, n]) => h("li", {}, h("a", { href: `/room/${room.id}` }, room.name), h("span", { class: "n" }, plural(n, "session"))))),
        ),
      h("h2", { class: "sessions-head" }, "Sessions"),
      zoneNote(sessions[0]?.start),
      sessions.length === 0
        ? empty("No sessions in this track.")
        : days.map((day) =>
            h("section", { class: "day" }, h("h3", {}, dayLabel(day)), h("div", { class: "cards" }, sessions.filter((s) => s.day === day).map((s) => sessionCard(s, ctx.store)))),
          ),
    ),
  };
}
