// The venue plan's pieces the map and a room's page share: the rooms drawn with what is on
// in them, their status, the venue's notes, and the plan's styles.

import { h } from "../../ui/dom.js";
import { STATUS_TEXT, roomNotice } from "../../ui/room-notices.js";
import { clockHour, dayLabel, time, venueDay } from "../../data/time.js";
import { nowNext } from "./venue-plan.js";
import { _, npgettext } from "../../data/i18n.js";
import { sentence } from "../../ui/sentence.js";

let styled = false;
export function useMapStyles() {
  if (styled) return;
  styled = true;
  document.head.append(h("link", { rel: "stylesheet", href: new URL("../../../css/map.css", import.meta.url).href }));
}

export function when(session, now) {
  const at = time(session.start);
  return session.day === venueDay(now) ? at : _("{day} {time}", { day: dayLabel(session.day, "short"), time: at });
}

// What the plan and the list say about one room at `now`.
export function roomStatus(data, room, now) {
  const { now: on, next } = nowNext(data, room.id, now);
  const sessions = on.map((s) => s.title).join(" · ");
  const coming = next && { time: when(next, now), title: next.title };
  // Translators: the lines of a room on the venue plan, and what a screen reader says of it.
  const nowLine = on.length ? _("Now: {sessions}", { sessions }) : _("Nothing on now");
  const nextLine = coming ? _("Next: {time} {title}", coming) : _("Nothing next");
  const said = [`${room.name}.`, on.length ? _("Now: {sessions}.", { sessions }) : _("Nothing on now."), coming && _("Next: {time} {title}.", coming)];
  return { on, next, lines: [room.name, nowLine, nextLine], label: said.filter(Boolean).join(" ") };
}

export function planRooms(venue, data, now, doc = null) {
  const rooms = new Map();
  for (const r of venue.rooms) {
    const status = roomStatus(data, { id: r.id, name: data.rooms.get(r.id)?.name || r.name }, now);
    // Full or closed (set by the organizers) comes first: it is what someone walking there needs.
    const notice = doc && roomNotice(doc, r.id, now);
    const flag = notice && notice.status !== "open" ? STATUS_TEXT[notice.status] : null;
    const lines = flag ? [status.lines[0], flag, ...status.lines.slice(1)] : status.lines;
    rooms.set(r.id, { href: `/room/${r.id}`, label: flag ? `${flag}. ${status.label}` : status.label, lines });
  }
  return rooms;
}

const sessionLink = (s) => h("a", { href: `/session/${s.id}` }, s.title);

export function mapBanner(data, highlight, nextId) {
  const room = highlight && data.rooms.get(highlight);
  if (!room) return null;
  const next = nextId && data.byId.get(nextId);
  const where = h("a", { href: `/room/${room.id}` }, room.name);
  if (next && next.room === room.id) {
    // Translators: the count is the hour of {time} (1 for 1:30, 13 for 13:00), for a language whose article follows the hour ("a la 1:30", "a las 13:00"); others write the same in each form.
    const said = npgettext("hour", "Your next session, {session}, at {time} is here: {room}", "Your next session, {session}, at {time} is here: {room}", clockHour(next.start));
    return h("p", { class: "where" }, sentence(said, { session: sessionLink(next), time: time(next.start), room: where }));
  }
  // Translators: the room a link asked the map to show.
  return h("p", { class: "where" }, sentence(_("Highlighted: {room}"), { room: where }));
}

export function venueNotes(venue) {
  const entrances = venue.entrances.map((e) => {
    const name = h("strong", {}, e.name);
    // Translators: an entrance of the venue and the organizers' note on it.
    return h("li", {}, e.note ? sentence(_("{entrance}: {note}"), { entrance: name, note: e.note }) : name);
  });
  return [
    venue.notes && h("p", { class: "notes" }, venue.notes),
    entrances.length > 0 && [h("h2", {}, _("Entrances")), h("ul", { class: "entrances" }, entrances)],
  ];
}
