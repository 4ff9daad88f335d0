// My schedule: starred sessions in time order, clashes marked, gaps shown; a star whose
// session left the schedule is listed as removed, never dropped silently.

import { sessionCard } from "../ui/session-card.js";
import { h } from "../ui/dom.js";
import { readLead } from "../features/remind/open-reminders.js";
import { reminderBox, subscribeHref } from "../features/remind/reminders-box.js";
import { clockHour, conferenceDay, dayLabel, length, time } from "../data/time.js";
import { empty, heading, zoneNote } from "../ui/page-parts.js";
import { withQuery } from "../ui/query-links.js";
import { isPast, nowMark, phase } from "./timeline.js";
import { sentence } from "../ui/sentence.js";
import { walkBetween } from "../features/venue/walk-times.js";
import { mapLinkText, sayOnceKnown } from "../features/venue/place-words.js";
import { _, ngettext, npgettext } from "../data/i18n.js";

export function plan(sessions) {
  const out = [];
  let day = null;
  let latest = null; // the session still going that ends last, on this day
  for (const s of sessions) {
    if (s.day !== day) {
      out.push({ day: s.day });
      day = s.day;
      latest = null;
    }
    // A cancelled session takes no time: it neither ends a free slot nor clashes.
    if (!s.cancelled && latest) {
      if (s.start < latest.end) out.push({ clash: [latest, s] });
      else if (s.start > latest.end) out.push({ gap: [latest.end, s.start] });
    }
    // The walk to it is from the session before that ends last (none across a clash).
    out.push({ session: s, before: !s.cancelled && latest && s.start >= latest.end ? latest : null });
    if (!s.cancelled && (!latest || s.end > latest.end)) latest = s;
  }
  return out;
}

function clashes(sessions) {
  const marked = new Map();
  for (let i = 0; i < sessions.length; i += 1) {
    for (let j = i + 1; j < sessions.length && sessions[j].start < sessions[i].end; j += 1) {
      marked.set(sessions[i].id, [...(marked.get(sessions[i].id) || []), sessions[j]]);
      marked.set(sessions[j].id, [...(marked.get(sessions[j].id) || []), sessions[i]]);
    }
  }
  return marked;
}

const running = (s, now) => !s.cancelled && s.start <= now && now < s.end;
const onNow = (s, now) => _("On now · {duration} left", { duration: length(now, s.end) });

// "Your next session is here": the map with its room highlighted. One already running is
// said to be on, with the minutes it has left, never "Next".
function nextHere(data, starred, now) {
  const next = starred.find((s) => !s.cancelled && s.end > now && data.rooms.has(s.room));
  if (!next) return null;
  const where = sayOnceKnown(h("a", { href: `/map?room=${next.room}&next=${next.id}` }), (venue) => mapLinkText(venue, data.rooms.get(next.room)));
  const said = running(next, now)
    ? sentence(_("On now · {duration} left: “{title}”, here: {room}"), { duration: length(now, next.end), title: next.title, room: where })
    : // Translators: the count is the hour of {time} (1 for 1:30, 13 for 13:00), for a language whose article follows the hour ("a la 1:30", "a las 13:00"); others write the same in each form.
      sentence(npgettext("hour", "Next: “{title}” at {time}, here: {room}", "Next: “{title}” at {time}, here: {room}", clockHour(next.start)), { title: next.title, time: time(next.start), room: where });
  return h("p", { class: "next-here" }, said);
}

// A cancelled starred session stays, flagged, until the person removes it: they may have
// planned around it, and a session can be restored.
function cancelledCard(session, store) {
  const card = sessionCard(session, store, { note: _("Cancelled by the organizers. It stays here until you remove it.") });
  card.querySelector(".note").classList.add("gone");
  card.append(
    h("button", { type: "button", class: "linkish", onclick: () => store.toggleStar(session.id) }, _("Remove from My schedule")),
  );
  return card;
}

// The starred sessions as cards, with day heads, free time and the walk between them; clashes
// are marked only among `clash`'s sessions (those not ended: a clash in the past helps no one).
function cards(starred, store, clash, now) {
  return plan(starred).flatMap((item) => {
    if (item.day) return h("h2", { class: "dayhead" }, dayLabel(item.day));
    if (item.gap) return h("p", { class: "gap" }, _("Free for {duration}", { duration: length(...item.gap) }));
    if (item.clash) return [];
    const s = item.session;
    if (s.cancelled) return cancelledCard(s, store);
    const walk = walkBetween(store.data, item.before, s);
    const other = clash.get(s.id);
    const past = now && isPast(s, now);
    const titles = other && other.map((o) => _("“{text}”", { text: o.title })).join(", ");
    const note = other ? _("Clashes with {titles}", { titles }) : past ? _("Ended") : null;
    const card = sessionCard(s, store, { note, extraClass: [other && "clash", past && "past", now && running(s, now) && "live"].filter(Boolean).join(" ") });
    if (now && running(s, now)) card.querySelector(".when").after(h("p", { class: "onnow" }, onNow(s, now)));
    return walk ? [walk, card] : card;
  });
}

// Where the "now" line goes: before the first session still to start, and before its day's
// head when that day is not today (the evening after the day's last talk).
function withNowLine(items, upcoming, now) {
  const at = upcoming ? items.findIndex((el) => el?.dataset?.session === upcoming.id) : items.length;
  let i = at;
  while (i > 0 && (items[i - 1]?.classList?.contains("gap") || items[i - 1]?.classList?.contains("walk"))) i -= 1;
  if (upcoming && i > 0 && items[i - 1]?.classList?.contains("dayhead") && upcoming.day !== conferenceDay(now)) i -= 1;
  return [...items.slice(0, i), nowMark(now), ...items.slice(i)];
}

// Sessions over by `now` fold into a disclosure during the event, kept open in the address
// (?earlier=1) so Back and a redraw find it as it was left.
function earlier(ended, store, now, open) {
  if (!ended.length) return null;
  return h(
    "details",
    {
      class: "earlier",
      open,
      ontoggle: (event) => history.replaceState(history.state, "", withQuery(location.href, { earlier: event.target.open })),
    },
    h("summary", {}, ngettext("{n} earlier session", "{n} earlier sessions", ended.length)),
    cards(ended, store, new Map(), now),
  );
}

export function render(ctx) {
  const { store, now } = ctx;
  const data = store.data;
  const starred = data.sessions.filter((s) => store.isStarred(s.id));
  const removed = [...store.stars].filter(([id]) => !data.byId.has(id));
  // During the event the list moves on with the day: ended sessions fold away, a line marks now.
  const during = phase(data, now) === "during";
  const ended = during ? starred.filter((s) => isPast(s, now)) : [];
  const ahead = during ? starred.filter((s) => !isPast(s, now)) : starred;
  const clash = clashes(ahead.filter((s) => !s.cancelled)); // during the event, none has ended
  const list = cards(ahead, store, clash, during ? now : null);
  const items = during && starred.length ? withNowLine(list, ahead.find((s) => s.start > now), now) : list;
  return {
    title: _("My schedule"),
    node: h(
      "section",
      { class: "my" },
      heading(_("My schedule"), starred.length ? ngettext("{n} starred", "{n} starred", starred.length) : null),
      starred.length > 0 &&
        h(
          "p",
          { class: "share-mine" },
          h("a", { href: "/share" }, _("Share my schedule")),
          " · ",
          h("a", { href: `/my.ics?s=${starred.map((s) => s.id).join(",")}` }, _("Add them to your calendar")),
          " · ",
          // A subscription (no account: the ids are in the link) that calendar apps re-fetch,
          // so corrections reach the calendar too; with a reminder before each session.
          h("a", { href: subscribeHref(starred.map((s) => s.id), readLead()) }, _("Subscribe, with reminders")),
        ),
      !starred.length && !removed.length && empty(_("Nothing starred yet. Tap ☆ on a session to add it here.")),
      starred.length > 0 && zoneNote(starred[0].start),
      nextHere(data, starred, now),
      during && earlier(ended, store, now, ctx.query.get("earlier") === "1"),
      items,
      starred.length > 0 && reminderBox(starred.map((s) => s.id)),
      removed.length > 0 &&
        h(
          "section",
          { class: "removed", "aria-labelledby": "removed" },
          h("h2", { id: "removed" }, _("No longer in the schedule")),
          h(
            "ul",
            {},
            removed.map(([id, title]) =>
              h(
                "li",
                {},
                h("span", {}, _("{title} (removed)", { title: title || id })),
                h("button", { type: "button", class: "linkish", onclick: () => store.toggleStar(id) }, _("Unstar")),
              ),
            ),
          ),
        ),
    ),
  };
}
