// Room status and announcements applied from the feed to the document's `notices`, as the
// server makes them (webapp/corrections/notices.py): the phone takes them like any correction
// instead of fetching the whole document again to read them.
// No DOM, no network, no clock: every function takes what it needs.

import { venueDay } from "./time.js";

const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
const STATUSES = new Set(["open", "full", "closed"]);
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const optionalId = (v) => v === undefined || v === null || ID_RE.test(v);

// A room status, an announcement or the withdrawal of one, checked; null when `raw` is none of
// these (a session's change, or not a change at all).
export function checkNotice(raw) {
  if (!isObject(raw) || !Number.isInteger(raw.version) || raw.version < 1 || raw.session != null) return null;
  const time = typeof raw.time === "string" && !Number.isNaN(Date.parse(raw.time)) ? raw.time : null;
  const after = isObject(raw.after) ? raw.after : null;
  const note = typeof raw.note === "string" && raw.note ? raw.note : null;
  const base = { version: raw.version, time, kind: raw.kind, session: null, note };
  if (raw.kind === "room_status" && time && after && ID_RE.test(after.room ?? "") && STATUSES.has(after.status)) {
    return { ...base, room: after.room, status: after.status };
  }
  if (raw.kind === "announce" && after && typeof after.text === "string" && after.text && optionalId(after.session) && optionalId(after.room)) {
    return { ...base, text: after.text, about: { session: after.session ?? null, room: after.room ?? null } };
  }
  if (raw.kind === "revert" && Number.isInteger(raw.reverts)) {
    const withdrawn = isObject(raw.before) && STATUSES.has(raw.before.status) ? raw.before.status : null;
    return { ...base, reverts: raw.reverts, withdrawnStatus: withdrawn };
  }
  return null;
}

// The instant the venue's calendar day after `at` begins: a room status lasts until then.
// Found by stepping (hours, then halving to the minute) so that it needs only venueDay, which
// the outline's zone table answers without Intl.
export function nextMidnight(at, dayOf = venueDay) {
  const day = dayOf(at);
  let before = Math.floor(at.getTime() / 60000) * 60000;
  let after = before;
  for (let i = 0; i < 50 && dayOf(new Date(after)) === day; i++) after += 3600000;
  while (after - before > 60000) {
    const middle = before + Math.floor((after - before) / 120000) * 60000;
    if (dayOf(new Date(middle)) === day) before = middle;
    else after = middle;
  }
  return new Date(after);
}

// `notices` ({rooms, announcements}) with `changes` (checked, oldest first) applied; null when
// one withdraws the status a room shows now, or an "open" (which may have cleared an earlier
// one): what stands after it is not in the feed, so the caller fetches the document.
export function noticesAfter(notices, changes, dayOf = venueDay) {
  const rooms = { ...(isObject(notices?.rooms) ? notices.rooms : {}) };
  let announcements = Array.isArray(notices?.announcements) ? [...notices.announcements] : [];
  for (const change of changes) {
    if (change.kind === "room_status") {
      if (change.status === "open") delete rooms[change.room];
      else {
        const until = nextMidnight(new Date(change.time), dayOf).toISOString().replace(".000Z", "Z");
        rooms[change.room] = { status: change.status, note: change.note, version: change.version, until };
      }
    } else if (change.kind === "announce") {
      const { session, room } = change.about;
      announcements.push({ version: change.version, text: change.text, session, room, time: change.time });
    } else if (change.kind === "revert") {
      if (change.withdrawnStatus === "open" || Object.values(rooms).some((r) => r?.version === change.reverts)) return null;
      announcements = announcements.filter((a) => a?.version !== change.reverts);
    }
  }
  return { rooms, announcements };
}
