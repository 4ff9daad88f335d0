// Now and next, per room. `now` comes from the clock unless ?now=ISO pins it (tests, demos).

import { sessionCard } from "../card.js";
import { h } from "../dom.js";
import { roomNoticeLine } from "../notices.js";
import { dayLabel, time, venueDay, zoneLabel } from "../time.js";
import { empty, heading } from "./common.js";

export function nowAndNext(sessions, roomId, now) {
  const here = sessions.filter((s) => s.room === roomId && !s.cancelled);
  return {
    current: here.filter((s) => s.start <= now && now < s.end),
    next: here.find((s) => s.start > now) || null,
  };
}

function startsIn(session, now) {
  const m = Math.round((session.start - now) / 60000);
  if (m < 60) return `Starts in ${m} min`;
  if (venueDay(session.start) === venueDay(now)) return `Starts at ${time(session.start)}`;
  return `Starts ${dayLabel(session.day, "short")}, ${time(session.start)}`;
}

export function render(ctx) {
  const { store } = ctx;
  const data = store.data;
  const now = ctx.now;
  const rooms = [...data.rooms.values()].map((room) => {
    const { current, next } = nowAndNext(data.sessions, room.id, now);
    return h(
      "section",
      { class: "column", "aria-labelledby": `now-${room.id}` },
      h("h2", { id: `now-${room.id}` }, room.name),
      roomNoticeLine(store.doc, room.id, now),
      h("h3", { class: "label" }, "Now"),
      current.length ? current.map((s) => sessionCard(s, store, { extraClass: "live" })) : empty("Nothing on right now."),
      h("h3", { class: "label" }, "Next"),
      next ? sessionCard(next, store, { note: startsIn(next, now) }) : empty("Nothing more in this room."),
    );
  });
  const last = data.sessions.at(-1);
  return {
    title: "Now and next",
    node: h(
      "section",
      { class: "now" },
      heading("Now and next", `As of ${dayLabel(venueDay(now), "short")}, ${time(now)} ${zoneLabel(now)}`),
      last && now > last.end && h("p", { class: "note" }, "The event is over. Thank you for coming!"),
      h("div", { class: "columns" }, rooms),
    ),
  };
}
