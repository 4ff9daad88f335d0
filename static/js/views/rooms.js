// By room: each room's sessions of a day, side by side on a wide screen, one after another
// on a phone; ?room= narrows to one room.

import { sessionCard } from "../card.js";
import { h } from "../dom.js";
import { withQuery } from "../router.js";
import { dayLabel } from "../time.js";
import { dayTabs, empty, heading, pickDay, zoneNote } from "./common.js";

export function render(ctx) {
  const { store, query } = ctx;
  const data = store.data;
  const day = pickDay(data, query, ctx.now);
  const only = data.rooms.has(query.get("room")) ? query.get("room") : null;
  const here = new URL(location.href);
  const rooms = [...data.rooms.values()].filter((r) => !only || r.id === only);
  const chips = h(
    "nav",
    { class: "chips", "aria-label": "Rooms" },
    h("a", { href: withQuery(here, { room: null }), "aria-current": only ? null : "page" }, "All rooms"),
    [...data.rooms.values()].map((r) =>
      h("a", { href: withQuery(here, { room: r.id }), "aria-current": r.id === only ? "page" : null }, r.name),
    ),
  );
  const columns = rooms.map((room) => {
    const sessions = data.sessions.filter((s) => s.day === day && s.room === room.id);
    return h(
      "section",
      { class: "column", "aria-labelledby": `room-${room.id}` },
      h("h2", { id: `room-${room.id}` }, room.name),
      sessions.length ? sessions.map((s) => sessionCard(s, store)) : empty("Nothing in this room on this day."),
    );
  });
  return {
    title: `Rooms, ${dayLabel(day)}`,
    node: h(
      "section",
      { class: "rooms" },
      heading(`Rooms · ${dayLabel(day)}`),
      h(
        "p",
        { class: "maplink" },
        only
          ? h("a", { href: `/room/${only}` }, `How to get to ${data.rooms.get(only).name}`)
          : h("a", { href: "/map" }, "Venue map: where each room is"),
      ),
      dayTabs(data, day),
      chips,
      zoneNote(data.sessions.find((s) => s.day === day)?.start),
      h("div", { class: "columns" }, columns),
    ),
  };
}
