// Now and next: one compact row per room (the track it holds, what is on with the minutes left,
// what starts next), rooms with a starred session first, then the rooms by building where the
// venue has buildings, a filter by track kept in the address (?track=). At a congress's 90
// rooms a row is about three lines. `now` comes from data/clock.js.

import { badges, starButton, textLang } from "../ui/session-card.js";
import { h } from "../ui/dom.js";
import { cardFlag, roomNoticeLine } from "../ui/room-notices.js";
import { conferenceDay, dayLabel, length, time, venueDay, zoneLabel } from "../data/time.js";
import { heading } from "../ui/page-parts.js";
import { withQuery } from "../ui/query-links.js";
import { isHidden, readHidden } from "../data/hidden.js";
import { hiddenLine, showingHidden } from "../features/tracks/hidden-line.js";
import { byBuilding } from "../features/venue/by-building.js";
import { knownVenue, onceRead } from "../features/venue/venue-plan.js";
import { minutesBetween, walkFromHere } from "../features/venue/walk-times.js";
import { herePicker, nearestFirst } from "../features/venue/here-picker.js";
import { whereNow } from "../data/here.js";
import { _, pgettext, relativeMinutes } from "../data/i18n.js";

function startsAt(session, now) {
  const m = Math.round((session.start - now) / 60000);
  // Translators: a session starting soon: its time, then "in 5 min" (written by the locale's data).
  if (m < 60) return _("{time} · {in_minutes}", { time: time(session.start), in_minutes: relativeMinutes(m) });
  if (session.day === conferenceDay(now)) return time(session.start);
  // Translators: a session starting another day: "Tue 7 Apr, 09:30".
  return _("{day}, {time}", { day: dayLabel(session.day, "short"), time: time(session.start) });
}

// A starred session's mark, where the row's star button is another session's.
const starredMark = (store, session, lead) =>
  session !== lead && store.isStarred(session.id) && h("span", { class: "mine", role: "img", "aria-label": _("Starred") }, "★");

// What is on: its title on one line, the minutes left beside the room's name when it is the
// row's `lead` (its first running session; a second one at once, rare, gets a line of its own).
function onLine(store, doc, session, now, lead) {
  const first = session === lead;
  return h(
    "div",
    { class: `nowline on${first ? " lead" : ""}`, "data-session": session.id },
    // Translators: the tag of what is on in a room right now (the Now tab's name has context "section").
    h("span", { class: "tag" }, pgettext("happening", "Now")),
    h("span", { class: "what" }, starredMark(store, session, lead), h("a", { href: `/session/${session.id}`, lang: textLang(session.lang) }, session.title)),
    // Translators: time left of a running session: "25 min left".
    h("span", { class: "at" }, _("{duration} left", { duration: length(now, session.end) })),
    cardFlag(doc, session, now),
    badges(session.id),
  );
}

function nextLine(store, session, now, lead) {
  return h(
    "div",
    { class: "nowline next", "data-session": session.id },
    h("span", { class: "tag" }, pgettext("happening", "Next")),
    h("span", { class: "what" }, h("span", { class: "at" }, startsAt(session, now)), " ", starredMark(store, session, lead), h("a", { href: `/session/${session.id}`, lang: textLang(session.lang) }, session.title)),
    badges(session.id),
  );
}

const idle = (tag, text, extra = "") => h("div", { class: `nowline idle${extra}` }, h("span", { class: "tag" }, tag), h("span", {}, text));

// Each room at `now`: what runs, what is next, and the track it holds (the running session's,
// else the next one's today): at a congress a room is known by its track more than by its code.
// `here`: the room's sessions not cancelled, in time order (venue-plan.js's nowNext, without a
// pass over the whole programme for each of 90 rooms).
function roomState(data, room, here, now) {
  const on = here.filter((s) => s.start <= now && now < s.end);
  const next = here.find((s) => s.start > now) || null;
  const today = next && next.day === conferenceDay(now) ? next : null;
  const track = data.tracks.get((on[0] || today)?.track) || null;
  return { room, on, next, track, tracks: new Set([...on, today].filter(Boolean).map((s) => s.track)) };
}

// `head`: the room's heading level (h3 under a building's heading); `here`: where the person
// is (data/here.js), for the walk to the room.
function row(store, doc, state, now, head = "h2", here = null) {
  const { room, on, next, track } = state;
  const lead = on[0] || next;
  return h(
    "li",
    { class: "nowrow", "data-room": room.id },
    h(
      "div",
      { class: "roomhead" },
      h(head, {}, h("a", { href: `/room/${room.id}` }, room.name)),
      walkFromHere(here, room.id),
      track && h("span", { class: "track" }, track.name),
    ),
    roomNoticeLine(doc, room.id, now),
    on.map((s) => onLine(store, doc, s, now, lead)),
    on.length === 0 && idle(pgettext("happening", "Now"), _("Nothing on"), " lead"),
    next ? nextLine(store, next, now, lead) : idle(pgettext("happening", "Next"), _("Nothing more here")),
    lead && !lead.cancelled && starButton(store, lead),
  );
}

const holdsStar = (store, state) => [...state.on, state.next].some((s) => s && store.isStarred(s.id));

function rows(store, states, chosen, now, here) {
  const shown = chosen ? states.filter((st) => st.tracks.has(chosen)) : states;
  if (!shown.length) return h("p", { class: "empty nowrows" }, _("Nothing on or coming next in this track."));
  const list = (sts, head) => h("ul", { class: "nowrows" }, sts.map((st) => row(store, store.doc, st, now, head, here)));
  const inBuildings = (sts, options) => byBuilding(knownVenue(), sts, (st) => st.room.id, (part) => list(part, "h3"), options);
  // Where the person is known: every room nearest first, by building (the nearest building
  // first, then its floors and rooms by walking time); the walk is the order, starred or not.
  const near = here && nearestFirst(shown, (st) => (st.room.id === here.room ? 0 : minutesBetween(here.room, st.room.id)));
  if (near) {
    const grouped = inBuildings(near, { byFirst: true });
    return grouped ? h("div", { class: "nowrows" }, grouped) : list(near);
  }
  // Rooms with a starred session on or next come first, in the venue's order; then the others.
  const starred = shown.filter((st) => holdsStar(store, st));
  const others = shown.filter((st) => !holdsStar(store, st));
  // By building, under headings (the starred rooms' own first): the rooms' names one level down.
  const buildings = inBuildings(others);
  if (!buildings) return list([...starred, ...others]);
  const mine = starred.length > 0 && h("section", { class: "building-group starred" }, h("h2", {}, _("Your starred sessions")), list(starred, "h3"));
  return h("div", { class: "nowrows" }, mine, buildings);
}

// The tracks held now or next, by name; the chosen one stays listed even when it has gone quiet.
function trackFilter(data, states, chosen, onChange) {
  const held = new Set(states.flatMap((st) => [...st.tracks]));
  if (chosen) held.add(chosen);
  const tracks = [...held].map((id) => data.tracks.get(id)).filter(Boolean).sort((a, b) => a.name.localeCompare(b.name));
  return h(
    "div",
    { class: "field now-filter" },
    h("label", { for: "now-track" }, _("Track")),
    h(
      "select",
      { id: "now-track", name: "track", onchange: onChange },
      h("option", { value: "" }, _("All tracks")),
      tracks.map((t) => h("option", { value: t.id, selected: t.id === chosen }, t.name)),
    ),
  );
}

export function render(ctx) {
  const { store, now } = ctx;
  const data = store.data;
  // Hidden rooms lose their row, hidden tracks' sessions their line, unless ?hidden=show.
  const hidden = readHidden(ctx.query);
  const showing = showingHidden(ctx.query);
  const live = data.sessions.filter((s) => !s.cancelled && (showing || !isHidden(s, hidden)));
  const over = live.length > 0 && live.every((s) => s.end <= now);
  const rooms = [...data.rooms.values()].filter((r) => showing || !hidden.rooms.has(r.id));
  const byRoom = new Map(rooms.map((room) => [room.id, []]));
  for (const s of live) byRoom.get(s.room)?.push(s);
  const states = rooms.map((room) => roomState(data, room, byRoom.get(room.id), now));
  const asked = ctx.query.get("track");
  let chosen = asked && data.tracks.has(asked) ? asked : null;
  const whereAt = () => whereNow(data, (id) => store.isStarred(id), now);
  let list = rows(store, states, chosen, now, whereAt());
  // Drawn again in place: another track, another room chosen under "I am at", or the venue read
  // for the first time on this page (the drawing shown may hold the list in another node than
  // this render's: the server's, the worker's).
  const again = () => {
    const shown = list.isConnected ? list : document.querySelector("main section.now .nowrows");
    if (!shown?.parentNode) return;
    list = rows(store, states, chosen, now, whereAt());
    shown.replaceWith(list);
  };
  const onChange = (event) => {
    chosen = event.target.value || null;
    history.replaceState(history.state, "", withQuery(location.href, { track: chosen }));
    again();
  };
  onceRead(again);
  return {
    title: _("Now and next"),
    node: h(
      "section",
      { class: "now" },
      heading(_("Now and next"), _("As of {day}, {time} {zone}", { day: dayLabel(venueDay(now), "short"), time: time(now), zone: zoneLabel(now) })),
      over && h("p", { class: "note" }, _("The event is over. Thank you for coming!")),
      hiddenLine(hidden, null),
      data.tracks.size > 1 && trackFilter(data, states, chosen, onChange),
      herePicker(data, rooms, whereAt, again),
      list,
    ),
  };
}
