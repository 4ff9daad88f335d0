// Room status (open, full, closed) and announcements, as the schedule document carries them
// in `notices`; shown on the room page, the map, Now, the cards of a room's current session,
// and (announcements) once as a banner and on Changes. No network here: the watcher fetches.

import { now as clock } from "../data/clock.js";
import { h } from "./dom.js";
import { _ } from "../data/i18n.js";
import { sentence } from "./sentence.js";

export const SEEN_KEY = "hallway.announcements.seen.v1";
const STATUSES = new Set(["open", "full", "closed"]);
// Read when shown (getters), so each says it in the language taken at that moment.
export const STATUS_TEXT = {
  get open() {
    return _("Room open");
  },
  get full() {
    return _("Room full");
  },
  get closed() {
    return _("Room closed");
  },
};
const str = (v) => (typeof v === "string" && v ? v : null);
const when = (v) => {
  const d = new Date(v);
  return typeof v === "string" && !Number.isNaN(d.getTime()) ? d : null;
};

function notices(doc) {
  const n = doc && typeof doc.notices === "object" && doc.notices ? doc.notices : {};
  return { rooms: n.rooms && typeof n.rooms === "object" ? n.rooms : {}, announcements: Array.isArray(n.announcements) ? n.announcements : [] };
}

// A room's status now, or null when it is open (or the status has run out at its `until`).
export function roomNotice(doc, roomId, now = clock()) {
  const raw = notices(doc).rooms[roomId];
  if (!raw || typeof raw !== "object" || !STATUSES.has(raw.status)) return null;
  const until = when(raw.until);
  if (until && now >= until) return null; // cleared at the end of the day, even offline
  if (raw.status === "open" && !str(raw.note)) return null;
  return { status: raw.status, note: str(raw.note), version: Number.isInteger(raw.version) ? raw.version : 0 };
}

// "Room full: use the overflow in Hall B" as a paragraph, or null.
export function roomNoticeLine(doc, roomId, now = clock()) {
  const n = roomNotice(doc, roomId, now);
  if (!n) return null;
  useNoticeStyles();
  const status = h("strong", {}, STATUS_TEXT[n.status]);
  // Translators: a room's status and the organizers' note: "Room full: use the overflow in Hall B".
  return h("p", { class: `room-status ${n.status}`, "data-room-status": n.status }, n.note ? sentence(_("{status}: {note}"), { status, note: n.note }) : status);
}

// The flag on the card of a session on now in a full or closed room.
export function cardFlag(doc, session, now = clock()) {
  if (session.cancelled || !(session.start <= now && now < session.end)) return null;
  const n = roomNotice(doc, session.room, now);
  if (!n || n.status === "open") return null;
  useNoticeStyles();
  return h("strong", { class: `flag room-status ${n.status}` }, STATUS_TEXT[n.status]);
}

export function announcements(doc) {
  return notices(doc)
    .announcements.filter((a) => a && Number.isInteger(a.version) && str(a.text))
    .map((a) => ({ version: a.version, text: a.text, session: str(a.session), room: str(a.room), time: when(a.time) }))
    .sort((a, b) => b.version - a.version);
}

function seenSet() {
  try {
    const value = JSON.parse(localStorage.getItem(SEEN_KEY) || "[]");
    return new Set(Array.isArray(value) ? value.filter(Number.isInteger) : []);
  } catch {
    return new Set();
  }
}

export function unseenAnnouncements(doc) {
  const seen = seenSet();
  return announcements(doc).filter((a) => !seen.has(a.version));
}

export function markAnnouncementsSeen(list) {
  const seen = seenSet();
  for (const a of list) seen.add(a.version);
  try {
    localStorage.setItem(SEEN_KEY, JSON.stringify([...seen].slice(-200)));
  } catch {
    // Not remembered: the banner may show again next time, nothing is lost.
  }
}

// Links of an announcement to its session and room, when this schedule has them.
export function announcementLinks(a, data) {
  const session = a.session && data.byId.get(a.session);
  const room = a.room && data.rooms.get(a.room);
  return [
    session && h("a", { href: `/session/${session.id}` }, session.title),
    room && h("a", { href: `/room/${room.id}` }, room.name),
  ].filter(Boolean);
}

let styled = false;
export function useNoticeStyles() {
  if (styled) return;
  styled = true;
  document.head.append(h("link", { rel: "stylesheet", href: new URL("../../css/notices.css", import.meta.url).href }));
}

// The announcement banner above the page: each announcement once, until dismissed or read on Changes.
export function syncAnnouncements(store, { onChangesView = false } = {}) {
  let box = document.getElementById("announce-banner");
  if (!box) {
    box = h("div", { class: "banner announce", id: "announce-banner", role: "status", hidden: true });
    document.getElementById("changes-banner")?.before(box);
  }
  const list = store.doc ? unseenAnnouncements(store.doc) : [];
  if (onChangesView && list.length) markAnnouncementsSeen(list);
  const show = onChangesView ? [] : list;
  if (show.length) useNoticeStyles();
  box.hidden = !show.length;
  box.replaceChildren(
    ...(show.length
      ? [
          h("p", {}, h("strong", {}, _("Announcement:")), " ", show.map((a) => a.text).join(" · ")),
          ...announcementLinks(show[0], store.data),
          h("button", { type: "button", class: "dismiss", "aria-label": _("Dismiss the announcement"), onclick: () => {
            markAnnouncementsSeen(show);
            syncAnnouncements(store);
          } }, "×"),
        ]
      : []),
  );
}
