// Everything about one session, and what comes before and after it in the same room.

import { badges, facts, sessionCard, starButton } from "../card.js";
import { phrases } from "../changes.js";
import { h, linkify, paragraphs } from "../dom.js";
import { dayLabel, length, time, zoneLabel } from "../time.js";
import { organizerName } from "../organizer.js";
import { sessionCode } from "../qrui.js";
import { heading, notFound } from "./common.js";

const SLIDES = { true: "Slides attached", false: "No slides" };

function speakerBlock(person) {
  const line = [person.role, person.company].filter(Boolean).join(", ");
  return h(
    "li",
    { class: "person" },
    h("h3", {}, h("a", { href: `/speaker/${person.id}` }, person.name)),
    line && h("p", { class: "sub" }, line),
    person.bio && paragraphs(person.bio, person.bio_truncated ? "…" : ""),
  );
}

export function neighbours(data, session) {
  const same = data.sessions.filter((s) => s.room === session.room && s.day === session.day && s.id !== session.id);
  return {
    before: same.filter((s) => s.start < session.start).at(-1) || null,
    after: same.find((s) => s.start >= session.start) || null,
  };
}

// What the organizers changed about this session, newest first, with their notes.
function changeList(history, session, data) {
  const mine = history.filter((c) => c.session === session.id).reverse();
  if (!mine.length) return null;
  return h(
    "ul",
    { class: "changelog", "aria-label": "Changes to this session" },
    mine.map((c) => h("li", {}, phrases(c, data).join("; "), c.note && h("span", { class: "note" }, ` “${c.note}”`))),
  );
}

export function render(ctx) {
  const { store } = ctx;
  const data = store.data;
  const session = data.byId.get(ctx.params[0]);
  if (!session) return notFound("session", ctx.params[0]);
  const room = data.rooms.get(session.room);
  const { before, after } = room ? neighbours(data, session) : { before: null, after: null };
  return {
    title: session.title,
    node: h(
      "article",
      { class: "detail" + (session.cancelled ? " cancelled" : "") },
      heading(session.title),
      session.cancelled && h("p", { class: "flag" }, "This session is cancelled."),
      badges(session.id),
      changeList(ctx.changes?.history() || [], session, data),
      organizerName() && h("p", { class: "organizer-link" }, h("a", { href: `/organize/correct?session=${session.id}` }, "Correct this session")),
      h(
        "p",
        { class: "when big" },
        `${dayLabel(session.day)}, `,
        h("time", { datetime: session.start.toISOString() }, time(session.start)),
        "–",
        h("time", { datetime: session.end.toISOString() }, time(session.end)),
        ` ${zoneLabel(session.start)} · ${length(session.start, session.end)}`,
      ),
      h("p", { class: "facts" }, facts(session, data, { always: true }), session.slides != null && h("span", {}, SLIDES[session.slides])),
      room && h("p", { class: "where-link" }, "Where: ", h("a", { href: `/map?room=${room.id}` }, room.name)),
      h(
        "div",
        { class: "actions" },
        starButton(store, session),
        h("span", { class: "hint" }, "Star to add it to My schedule"),
        h("a", { href: `/session/${session.id}.ics`, class: "ics" }, "Add to calendar"),
      ),
      sessionCode(session),
      session.description.length > 0 &&
        h("section", { class: "text", "aria-label": "Description" }, session.description.map((p) => h("p", {}, linkify(p)))),
      session.people.length > 0 &&
        h(
          "section",
          { "aria-labelledby": "who" },
          h("h2", { id: "who" }, session.people.length === 1 ? "Speaker" : "Speakers"),
          h("ul", { class: "people" }, session.people.map(speakerBlock)),
        ),
      room &&
        (before || after) &&
        h(
          "section",
          { "aria-labelledby": "around" },
          h("h2", { id: "around" }, `Also in ${room.name}`),
          before && sessionCard(before, store, { note: "Before" }),
          after && sessionCard(after, store, { note: "After" }),
        ),
    ),
  };
}
