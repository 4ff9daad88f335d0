// Everything about one session, and what comes before and after it in the same room.

import { badges, facts, sessionCard, starButton, starHint, textLang } from "../ui/session-card.js";
import { phrases } from "../data/changes.js";
import { h, linkify } from "../ui/dom.js";
import { conferenceDay, dayLabel, length, time, zoneLabel } from "../data/time.js";
import { organizerName } from "../data/organizer-session.js";
import { sessionCode } from "../features/qr/qr-view.js";
import { heading, notFound } from "../ui/page-parts.js";
import { sourceLinks } from "../ui/source-links.js";
import { sentence } from "../ui/sentence.js";
import { walkBetween, walkFromHereLine } from "../features/venue/walk-times.js";
import { whereNow } from "../data/here.js";
import { roomPageHint, sayOnceKnown } from "../features/venue/place-words.js";
import { _, ngettext, pgettext } from "../data/i18n.js";

// Said when drawn, in the language taken then (a table built at load would stay English).
const slidesText = (slides) => (slides === true ? _("Slides attached") : slides === false ? _("No slides") : null);

// On the session page a bio is a short preview (its first paragraph, a few lines); the
// speaker's page has all of it.
const firstParagraph = (text) => text.split(/\n[ \t]*\n/).map((p) => p.trim()).find(Boolean) || "";

// `lang`: the bio's language (the event's) when the page is in another.
function speakerBlock(person, lang) {
  const line = [person.role, person.company].filter(Boolean).join(", ");
  return h(
    "li",
    { class: "person" },
    h("h3", {}, h("a", { href: `/speaker/${person.id}` }, person.name)),
    line && h("p", { class: "sub" }, line),
    person.bio && h("p", { class: "bio-preview", lang }, linkify(firstParagraph(person.bio))),
    person.bio && h("p", { class: "more-link" }, h("a", { href: `/speaker/${person.id}`, "aria-label": _("Full bio of {name}", { name: person.name }) }, _("Full bio"))),
  );
}

// The organizers' word on a cancellation: the note of the latest change that cancelled it.
export function cancelNote(history, id) {
  const change = history.filter((c) => c.session === id && c.after?.status === "cancelled").at(-1);
  return change?.note || null;
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
    { class: "changelog", "aria-label": _("Changes to this session") },
    mine.map((c) =>
      h(
        "li",
        {},
        phrases(c, data).join("; "),
        // Translators: a quotation (an organizer's note, a session's title); your language's quotation marks.
        c.note && h("span", { class: "note" }, " " + _("“{text}”", { text: c.note })),
      ),
    ),
  );
}

function cancelled(session, history) {
  const note = cancelNote(history, session.id);
  return h(
    "div",
    { class: "cancel-notice", role: "note" },
    h("p", { class: "flag" }, _("This session is cancelled.")),
    note ? h("p", {}, sentence(_("The organizers say: {note}"), { note: h("q", {}, note) })) : h("p", {}, _("The organizers have not said why.")),
  );
}

// The walk to this session: from the person's starred session before it that day (the one
// ending last), else from where they are, when it is still to start today.
function walkTo(store, session, now) {
  if (session.cancelled) return null;
  const data = store.data;
  const before = data.sessions
    .filter((s) => s !== session && !s.cancelled && store.isStarred(s.id) && s.day === session.day && s.end <= session.start)
    .reduce((latest, s) => (!latest || s.end > latest.end ? s : latest), null);
  if (before) return walkBetween(data, before, session);
  if (!now || session.start <= now || session.day !== conferenceDay(now)) return null;
  return walkFromHereLine(data, whereNow(data, (id) => store.isStarred(id), now), session);
}

export function render(ctx) {
  const { store } = ctx;
  const data = store.data;
  const session = data.byId.get(ctx.params[0]);
  if (!session) return notFound("session", ctx.params[0]);
  const room = data.rooms.get(session.room);
  const track = data.tracks.get(session.track);
  const history = ctx.changes?.history() || [];
  const { before, after } = room ? neighbours(data, session) : { before: null, after: null };
  // Place, time, then who, then what: what a person at the door needs, in that order.
  return {
    title: session.title,
    node: h(
      "article",
      { class: "detail" + (session.cancelled ? " cancelled" : "") },
      heading(session.title, null, textLang(session.lang)),
      // The track and the room right under the title: at a congress, what a talk belongs to
      // and where it is are read before its time (the facts at the end repeat them).
      (track || room) &&
        h(
          "p",
          { class: "place" },
          track && h("span", { class: "track-of" }, sentence(_("Track: {track}"), { track: h("a", { href: `/?track=${track.id}` }, track.name) })),
          room &&
            h(
              "span",
              { class: "where-link" },
              sentence(_("Where: {room}"), { room: h("a", { href: `/room/${room.id}` }, room.name) }),
              // What the room's page shows, once the venue is read (the server's drawing leaves it out too).
              sayOnceKnown(h("span", { class: "sub" }), (venue) => (venue ? " " + roomPageHint(venue, room.id) : "")),
            ),
        ),
      session.cancelled && cancelled(session, history),
      badges(session.id),
      organizerName() && h("p", { class: "organizer-link" }, h("a", { href: `/organize/correct?session=${session.id}` }, _("Correct this session"))),
      h(
        "p",
        { class: "when big" },
        // Translators: "Tuesday 7 April, 09:30–10:15 CEST · 45 min" on a session's page.
        sentence(_("{day}, {start}–{end} {zone} · {duration}"), {
          day: dayLabel(session.day),
          start: h("time", { datetime: session.start.toISOString() }, time(session.start)),
          end: h("time", { datetime: session.end.toISOString() }, time(session.end)),
          zone: zoneLabel(session.start),
          duration: length(session.start, session.end),
        }),
      ),
      walkTo(store, session, ctx.now),
      session.cancelled
        ? store.isStarred(session.id) &&
          h("p", { class: "actions" }, h("button", { type: "button", class: "linkish", onclick: () => store.toggleStar(session.id) }, _("Remove from My schedule")))
        : h(
            "div",
            { class: "actions" },
            starButton(store, session),
            h("span", { class: "hint", "data-star-hint": session.id }, starHint(store.isStarred(session.id))),
            h("a", { href: `/session/${session.id}.ics`, class: "ics" }, _("Add to calendar")),
          ),
      sessionCode(session),
      sourceLinks(session),
      session.people.length > 0 &&
        h(
          "section",
          { "aria-labelledby": "who" },
          h("h2", { id: "who" }, ngettext("Speaker", "Speakers", session.people.length)),
          h("ul", { class: "people" }, session.people.map((p) => speakerBlock(p, textLang(store.doc.event.language)))),
        ),
      session.description.length > 0 &&
        h(
          "section",
          { class: "text", "aria-labelledby": "about" },
          h("h2", { id: "about" }, _("About this session")),
          session.description.map((p) => h("p", { lang: textLang(session.lang) }, linkify(p))),
        ),
      h("p", { class: "facts" }, facts(session, data, { always: true }), session.slides != null && h("span", {}, slidesText(session.slides))),
      changeList(history, session, data),
      room &&
        (before || after) &&
        h(
          "section",
          { "aria-labelledby": "around" },
          h("h2", { id: "around" }, _("Also in {room}", { room: room.name })),
          // Translators: the session before this one in the same room.
          before && sessionCard(before, store, { note: pgettext("room", "Before") }),
          // Translators: the session after this one in the same room.
          after && sessionCard(after, store, { note: pgettext("room", "After") }),
        ),
    ),
  };
}
