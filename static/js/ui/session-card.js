// A session as a card (time, length, title, speakers, room, track, level, star) and the star.

import { h } from "./dom.js";
import { _, npgettext } from "../data/i18n.js";
import { flagLabel } from "../data/changes.js";
import { cardFlag } from "./room-notices.js";
import { clockHour, length, time } from "../data/time.js";
import { kindName } from "../data/kinds.js";
import { languageName } from "../data/languages.js";
import { markTracks } from "./track-marks.js";

// Badges of sessions changed by corrections ("New room", "New time", ...), set by app.js.
let changeFlags = new Map();
export function setChangeFlags(flags) {
  changeFlags = flags;
}

export function badges(id) {
  const flags = (changeFlags.get(id) || []).filter((f) => f !== "Cancelled"); // the card says that already
  return flags.length ? h("p", { class: "badges" }, flags.map((f) => h("strong", { class: "badge" }, flagLabel(f)))) : null;
}

export function starButton(store, session) {
  const on = store.isStarred(session.id);
  return h(
    "button",
    {
      type: "button",
      class: "star",
      "data-star": session.id,
      "aria-pressed": String(on),
      "aria-label": _("Star: {title}", { title: session.title }),
      onclick: () => store.toggleStar(session.id),
    },
    h("span", { "aria-hidden": "true" }, on ? "★" : "☆"),
  );
}

// What the star beside a session's actions does next, said plainly: it changes with the star.
export function starHint(on) {
  return on ? _("Starred: it is in My schedule. Tap ★ to remove it.") : _("Star it to add it to My schedule.");
}

export function syncStars(root, store) {
  for (const button of root.querySelectorAll("[data-star]")) {
    const on = store.isStarred(button.dataset.star);
    if (button.getAttribute("aria-pressed") !== String(on)) button.setAttribute("aria-pressed", String(on));
    setText(button.firstElementChild, on ? "★" : "☆");
  }
  for (const hint of root.querySelectorAll("[data-star-hint]")) setText(hint, starHint(store.isStarred(hint.dataset.starHint)));
}

// Written only where it differs: a star tapped at a congress touched the glyph of each of its
// hundreds of cards (a text node replaced is a change to lay out again), and the app taking the
// server's drawing over rewrote every one it had drawn the same.
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

// `always`: say the language even when the whole event speaks one (the session's own page).
export function facts(session, data, { always = false } = {}) {
  const room = data.rooms.get(session.room);
  const track = data.tracks.get(session.track);
  const lang = session.lang && (always || (data.languages || []).length > 1) ? session.lang : null;
  return [
    room && h("span", { class: "room" }, room.name),
    track && h("span", { class: "track" }, track.name),
    session.level && h("span", { class: "level" }, session.level),
    session.kind && h("span", { class: "kind" }, kindName(session.kind)),
    lang && h("span", { class: "lang" }, languageName(lang)),
  ].filter(Boolean);
}

// The `lang` of an imported text in the language `tag` (a talk's, the event's) on a page in the
// reader's: null when <html lang> already says it. A screen reader then speaks, and the browser
// hyphenates, an English title on a French page as English.
export function textLang(tag) {
  return tag && tag !== document.documentElement.lang ? tag : null;
}

// `now`: the moment for the room-status flag (a long list passes one for all its cards).
export function sessionCard(session, store, { note = null, extraClass = "", now = undefined } = {}) {
  const changed = changeFlags.has(session.id) && "changed";
  const classes = ["card", session.cancelled && "cancelled", changed, extraClass].filter(Boolean).join(" ");
  markTracks(store.data.tracks); // the colour mark of data-track
  const track = store.data.tracks.has(session.track) ? session.track : null;
  return h(
    "article",
    { class: classes, "data-session": session.id, "data-track": track },
    h(
      "p",
      { class: "when" },
      h("time", { datetime: session.start.toISOString() }, time(session.start)),
      // Translators: after the start time on a session card: "09:30 to 10:15 · 45 min". The count is the hour of {end} (1 for 1:30, 13 for 13:00), for a language whose article follows the hour ("hasta la 1:30", "hasta las 13:00"); others write the same in each form.
      h("span", { class: "len" }, npgettext("hour", "to {end} · {duration}", "to {end} · {duration}", clockHour(session.end), { end: time(session.end), duration: length(session.start, session.end) })),
      session.cancelled && h("strong", { class: "flag" }, _("Cancelled")),
      cardFlag(store.doc, session, now),
    ),
    badges(session.id),
    // In the talk's language: the browser hyphenates (and a screen reader speaks) it as such.
    h("h3", { lang: textLang(session.lang) }, h("a", { href: `/session/${session.id}` }, session.title)),
    session.people.length > 0 && h("p", { class: "who" }, session.people.map((p) => p.name).join(", ")),
    h("p", { class: "facts" }, facts(session, store.data)),
    note && h("p", { class: "note" }, note),
    starButton(store, session),
  );
}
