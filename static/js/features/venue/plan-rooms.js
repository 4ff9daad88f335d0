// The venue plan's pieces the map and a room's page share: the rooms drawn with what is on
// in them, their status, the venue's notes, and the plan's styles.

import { h } from "../../ui/dom.js";
import { STATUS_TEXT, roomNotice, roomNoticeLine } from "../../ui/room-notices.js";
import { dayLabel, time, venueDay } from "../../data/time.js";
import { nowNext } from "./venue-plan.js";

let styled = false;
export function useMapStyles() {
  if (styled) return;
  styled = true;
  document.head.append(h("link", { rel: "stylesheet", href: new URL("../../../css/map.css", import.meta.url).href }));
}

function when(session, now) {
  const day = session.day === venueDay(now) ? "" : `${dayLabel(session.day, "short")} `;
  return `${day}${time(session.start)}`;
}

// What the plan and the list say about one room at `now`.
export function roomStatus(data, room, now) {
  const { now: on, next } = nowNext(data, room.id, now);
  const nowText = on.length ? on.map((s) => s.title).join(" · ") : null;
  const nextText = next ? `${when(next, now)} ${next.title}` : null;
  return {
    on,
    next,
    lines: [room.name, nowText ? `Now: ${nowText}` : "Nothing on now", nextText ? `Next: ${nextText}` : "Nothing next"],
    label: `${room.name}. ${nowText ? `Now: ${nowText}.` : "Nothing on now."} ${nextText ? `Next: ${nextText}.` : ""}`.trim(),
  };
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

export function roomList(venue, data, now, highlight, doc = null) {
  const floors = new Map(venue.floors.map((f) => [f.id, f.name]));
  const items = venue.rooms.map((r) => {
    const name = data.rooms.get(r.id)?.name || r.name;
    const { on, next } = roomStatus(data, { id: r.id, name }, now);
    return h(
      "li",
      { class: r.id === highlight ? "here" : null, "data-room": r.id },
      h("a", { href: `/room/${r.id}`, class: "name" }, name),
      h("span", { class: "floor" }, r.floor ? floors.get(r.floor) : "Not on the plan"),
      doc && roomNoticeLine(doc, r.id, now),
      h("p", {}, "Now: ", on.length ? on.map(sessionLink) : "nothing"),
      h("p", {}, "Next: ", next ? [`${when(next, now)} `, sessionLink(next)] : "nothing"),
    );
  });
  return [h("h2", {}, "Rooms"), h("ul", { class: "roomlist" }, items)];
}

export function mapBanner(data, highlight, nextId) {
  const room = highlight && data.rooms.get(highlight);
  if (!room) return null;
  const next = nextId && data.byId.get(nextId);
  const where = h("a", { href: `/room/${room.id}` }, room.name);
  if (next && next.room === room.id) {
    return h("p", { class: "where" }, "Your next session, ", sessionLink(next), `, at ${time(next.start)} is here: `, where);
  }
  return h("p", { class: "where" }, "Highlighted: ", where);
}

export function venueNotes(venue) {
  const entrances = venue.entrances.map((e) => h("li", {}, h("strong", {}, e.name), e.note ? `: ${e.note}` : ""));
  return [
    venue.notes && h("p", { class: "notes" }, venue.notes),
    entrances.length > 0 && [h("h2", {}, "Entrances"), h("ul", { class: "entrances" }, entrances)],
  ];
}
