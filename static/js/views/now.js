// Now and next: one compact row per room (what is on with the minutes left, what starts next),
// so a floor's worth of rooms fits in a screen or two on a phone. `now` comes from data/clock.js.

import { badges } from "../ui/session-card.js";
import { h } from "../ui/dom.js";
import { cardFlag, roomNoticeLine } from "../ui/room-notices.js";
import { conferenceDay, dayLabel, length, time, venueDay, zoneLabel } from "../data/time.js";
import { nowNext } from "../features/venue/venue-plan.js";
import { heading } from "../ui/page-parts.js";
import { isHidden, readHidden } from "../data/hidden.js";
import { hiddenLine, showingHidden } from "../features/tracks/hidden-line.js";

function left(session, now) {
  return `until ${time(session.end)} · ${length(now, session.end)} left`;
}

function startsAt(session, now) {
  const m = Math.round((session.start - now) / 60000);
  if (m < 60) return `${time(session.start)} · in ${m} min`;
  if (session.day === conferenceDay(now)) return time(session.start);
  return `${dayLabel(session.day, "short")}, ${time(session.start)}`;
}

function line(kind, label, session, when, flag = null) {
  return h(
    "div",
    { class: `nowline ${kind}`, "data-session": session.id },
    h("span", { class: "tag" }, label),
    h("span", { class: "what" }, h("a", { href: `/session/${session.id}` }, session.title), " ", h("span", { class: "at" }, when)),
    flag,
    badges(session.id),
  );
}

function row(data, doc, room, now) {
  const { now: on, next } = nowNext(data, room.id, now);
  return h(
    "li",
    { class: "nowrow", "data-room": room.id },
    h("h2", {}, h("a", { href: `/room/${room.id}` }, room.name)),
    roomNoticeLine(doc, room.id, now),
    on.map((s) => line("on", "Now", s, left(s, now), cardFlag(doc, s, now))),
    on.length === 0 && h("div", { class: "nowline idle" }, h("span", { class: "tag" }, "Now"), h("span", {}, "Nothing on")),
    next ? line("next", "Next", next, startsAt(next, now)) : h("div", { class: "nowline idle" }, h("span", { class: "tag" }, "Next"), h("span", {}, "Nothing more here")),
  );
}

export function render(ctx) {
  const data = ctx.store.data;
  const now = ctx.now;
  const live = data.sessions.filter((s) => !s.cancelled);
  const over = live.length > 0 && live.every((s) => s.end <= now);
  // Hidden rooms lose their row, hidden tracks' sessions their line, unless ?hidden=show.
  const hidden = readHidden(ctx.query);
  const showing = showingHidden(ctx.query);
  const kept = showing ? data : { ...data, sessions: data.sessions.filter((s) => !isHidden(s, hidden)) };
  const rooms = [...data.rooms.values()].filter((r) => showing || !hidden.rooms.has(r.id));
  return {
    title: "Now and next",
    node: h(
      "section",
      { class: "now" },
      heading("Now and next", `As of ${dayLabel(venueDay(now), "short")}, ${time(now)} ${zoneLabel(now)}`),
      over && h("p", { class: "note" }, "The event is over. Thank you for coming!"),
      hiddenLine(hidden, null),
      h("ul", { class: "nowrows" }, rooms.map((room) => row(kept, ctx.store.doc, room, now))),
    ),
  };
}
