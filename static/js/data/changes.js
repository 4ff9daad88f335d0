// Corrections (and a re-import's changes, origin "source") on the phone, the pure part: apply
// the feed to the kept schedule document, say what a change did in words, the badges a changed
// session carries, and a diff of two schedules for when the phone had to reload the whole
// document instead.
// No DOM, no network, no clock: every function here takes what it needs.

import { clockHour, dayLabel, time, venueDay } from "./time.js";
import { _, ngettext, npgettext, pgettext } from "./i18n.js";

const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
// Fields of a session a correction may set, as in /api/v1/schedule.json.
export const FIELDS = ["title", "kind", "start", "end", "room", "track", "level", "slides", "description", "speakers", "status"];
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
// A session's other fields a re-import may change (a correction never does).
const SOURCE_FIELDS = ["language", "subtitle", "links", "number", "guid"];
// Kinds that change a session (from the feed, or "update"/"remove" from a re-import or a
// whole-schedule diff). Any other kind (room_status, announce, ones not invented yet) is
// skipped here, not applied.
const SESSION_KINDS = ["move", "retime", "cancel", "restore", "edit", "add", "revert", "update", "remove"];
// A re-import's entries for the lists sessions refer to: kind -> the document's list.
export const LIST_KINDS = { room: "rooms", track: "tracks", speaker: "speakers" };
const LIST_FIELDS = ["name", "guid", "role", "company", "bio", "bio_truncated"];

// A change from the feed, checked; null when it is not one (it is then skipped, not fatal).
export function checkChange(raw) {
  if (!isObject(raw) || !Number.isInteger(raw.version) || raw.version < 1) return null;
  if (!isObject(raw.after) || !isObject(raw.before)) return null;
  const origin = raw.origin === "source" ? "source" : null;
  const time = typeof raw.time === "string" ? raw.time : null;
  if (origin && raw.kind === "order") {
    const ids = raw.after.ids;
    if (!Object.values(LIST_KINDS).includes(raw.list) || !Array.isArray(ids) || !ids.every((id) => ID_RE.test(id))) return null;
    return { version: raw.version, time, kind: "order", session: null, list: raw.list, before: {}, after: { ids }, origin };
  }
  if (origin && Object.hasOwn(LIST_KINDS, raw.kind)) {
    if (!ID_RE.test(raw.id ?? "") || !(raw.follows === undefined || raw.follows === null || ID_RE.test(raw.follows))) return null;
    const pick = (obj) => Object.fromEntries(Object.entries(obj).filter(([k]) => LIST_FIELDS.includes(k)));
    return { version: raw.version, time, kind: raw.kind, session: null, id: raw.id, follows: raw.follows ?? null, before: pick(raw.before), after: pick(raw.after), origin };
  }
  if (!SESSION_KINDS.includes(raw.kind) || !ID_RE.test(raw.session ?? "")) return null;
  const known = (k) => FIELDS.includes(k) || k === "id" || (origin && SOURCE_FIELDS.includes(k));
  const pick = (obj) => Object.fromEntries(Object.entries(obj).filter(([k]) => known(k)));
  return {
    version: raw.version,
    time,
    kind: raw.kind,
    session: raw.session,
    before: pick(raw.before),
    after: pick(raw.after),
    note: typeof raw.note === "string" && raw.note ? raw.note : null,
    ...(origin ? { origin } : {}),
  };
}

// What the kept document becomes with `changes` (checked, oldest first): { sessions: those to
// put back whole, removed: ids, lists: the rooms, tracks and speakers lists that changed };
// null when one names something this copy lacks (the caller then reloads the whole schedule).
export function patchOf(doc, changes) {
  const lists = {};
  const listOf = (key) => (lists[key] ??= Array.isArray(doc[key]) ? [...doc[key]] : []);
  for (const change of changes) {
    if (change.kind === "order") {
      // Those the new order does not name (none, from this server) keep their place at the end.
      const place = (x) => (change.after.ids.includes(x?.id) ? change.after.ids.indexOf(x.id) : change.after.ids.length);
      listOf(change.list).sort((a, b) => place(a) - place(b));
    } else if (LIST_KINDS[change.kind] && !applyItem(listOf(LIST_KINDS[change.kind]), change)) return null;
  }
  const removed = new Set();
  const sessions = applyChanges(doc.sessions, changes.filter((c) => c.session !== null), removed);
  return sessions && { sessions, removed: [...removed], lists };
}

function applyItem(items, change) {
  const at = items.findIndex((x) => isObject(x) && x.id === change.id);
  const gone = !Object.keys(change.after).length;
  if (at >= 0 && gone) items.splice(at, 1);
  else if (at >= 0) items[at] = { ...items[at], ...change.after, id: change.id };
  else if (!gone) {
    const after = change.follows === null ? 0 : items.findIndex((x) => isObject(x) && x.id === change.follows) + 1;
    if (change.follows !== null && after === 0) return false;
    items.splice(after, 0, { ...change.after, id: change.id });
  }
  return true;
}

// The schema's client rule: for `add` create the session from `after`, for `remove` (a
// re-import) delete it, otherwise set each field of `after` on it. Returns the sessions to put
// back (whole raw sessions) by id; the ids removed go into `removed`.
export function applyChanges(sessions, changes, removed = new Set()) {
  const byId = new Map(sessions.map((s) => [s.id, s]));
  const touched = new Map();
  for (const change of changes) {
    const current = removed.has(change.session) ? null : touched.get(change.session) || byId.get(change.session);
    if (change.kind === "remove") {
      touched.delete(change.session);
      removed.add(change.session);
    } else if (change.kind === "add" && !current) {
      removed.delete(change.session);
      touched.set(change.session, { ...change.after, id: change.session });
    } else if (current) touched.set(change.session, { ...current, ...change.after, id: change.session });
    // A change for a session this copy does not have: the caller reloads the whole schedule.
    else return null;
  }
  return [...touched.values()];
}

// Each session's fields as they were before the first change kept and as they are now;
// a field changed and changed back counts as unchanged.
function netFields(history, id) {
  const first = new Map();
  const last = new Map();
  let added = false;
  for (const change of history) {
    if (change.session !== id) continue;
    if (change.kind === "add") added = true;
    for (const [key, value] of Object.entries(change.after)) {
      if (!first.has(key) && key in change.before) first.set(key, change.before[key]);
      last.set(key, value);
    }
  }
  const changed = [...last].filter(([key, value]) => !first.has(key) || JSON.stringify(first.get(key)) !== JSON.stringify(value));
  return { added, fields: new Map(changed) };
}

// Badges for a session from the kept history: new, new room, new time, cancelled, back on, updated.
export function flagsFor(history, id) {
  if (history.some((c) => c.session === id && c.kind === "remove")) return ["Removed"];
  const { added, fields } = netFields(history, id);
  if (added) return fields.get("status") === "cancelled" ? ["New", "Cancelled"] : ["New"];
  const flags = [];
  if (fields.has("status")) flags.push(fields.get("status") === "cancelled" ? "Cancelled" : "Back on");
  if (fields.has("room")) flags.push("New room");
  if (fields.has("start") || fields.has("end")) flags.push("New time");
  if ([...fields.keys()].some((k) => !["status", "room", "start", "end"].includes(k))) flags.push("Updated");
  return flags;
}

// The words of a badge: flagsFor's keys stay English (they are compared, and kept), the
// reader sees these.
const flagLabels = () => ({
  // Translators: badges on a session a correction changed.
  New: pgettext("change", "New"),
  Cancelled: pgettext("change", "Cancelled"),
  "Back on": pgettext("change", "Back on"),
  "New room": pgettext("change", "New room"),
  "New time": pgettext("change", "New time"),
  Updated: pgettext("change", "Updated"),
  Removed: pgettext("change", "Removed"),
});

export function flagLabel(flag) {
  return flagLabels()[flag] ?? flag;
}

export function flagMap(history) {
  const ids = new Set(history.map((c) => c.session));
  const out = new Map();
  for (const id of ids) {
    const flags = flagsFor(history, id);
    if (flags.length) out.set(id, flags);
  }
  return out;
}

function roomName(data, id) {
  // Translators: where a changed session is when it has no room.
  return (id && data.rooms.get(id)?.name) || (id ? id : _("no room"));
}

function when(iso, withDay) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  // Translators: a day and a time in a change ("Tue 7 Apr 09:30").
  return withDay ? _("{day} {time}", { day: dayLabel(venueDay(date), "short"), time: time(date) }) : time(date);
}

function names(data, ids) {
  const list = Array.isArray(ids) ? ids.map((id) => data.speakers.get(id)?.name || id) : [];
  // Translators: a session's speakers after a change, when there are none.
  return list.length ? list.join(", ") : _("nobody");
}

// Translators: a quoted title, level or kind; use your language's quotation marks.
const quoted = (text) => _("“{text}”", { text });

function quote(value) {
  // Translators: a field a change emptied or that was empty.
  return value === null || value === undefined || value === "" ? _("none") : quoted(value);
}

// One change's phrases as one line: joined two by two, so a language writes its own separator.
export function joinPhrases(list) {
  // Translators: joins two things a change did to one session ("moved …; now at …").
  return list.reduce((line, next) => _("{first}; {next}", { first: line, next }));
}

// What one change did, as short phrases in plain words ("moved to Side Room (was Main Room)").
export function phrases(change, data) {
  const { before, after } = change;
  if (change.kind === "remove") return [_("removed from the schedule")];
  if (change.kind === "add") {
    return [_("new session, {when} in {room}", { when: when(after.start, true), room: roomName(data, after.room) })];
  }
  const out = [];
  // Translators: what a change did to a session, lower case: it follows the session's title.
  if ("status" in after) out.push(after.status === "cancelled" ? _("cancelled") : _("back on, no longer cancelled"));
  if ("room" in after) out.push(_("moved to {room} (was {old})", { room: roomName(data, after.room), old: roomName(data, before.room) }));
  if ("start" in after || "end" in after) {
    const start = after.start ?? before.start;
    const oldStart = before.start ?? after.start;
    const otherDay = start && oldStart && venueDay(new Date(start)) !== venueDay(new Date(oldStart));
    const from = (s) => (s ? when(s, otherDay) : "?");
    // Translators: a session's time span, start–end.
    const span = (s, e) => (e ? _("{start}–{end}", { start: from(s), end: when(e, false) }) : from(s));
    const vars = { time: span(after.start, after.end), old: span(before.start, before.end) };
    if ("start" in after) out.push(_("now at {time} (was {old})", vars));
    // Translators: {time} is the span with the same start ("09:30–10:45"). The count is the hour of that start (1 for 1:30, 13 for 13:00), for a language whose article follows the hour ("a la 1:30", "a las 13:00"); others write the same in each form.
    else out.push(npgettext("hour", "now ends at {time} (was {old})", "now ends at {time} (was {old})", before.start ? clockHour(new Date(before.start)) : 0, vars));
  }
  if ("title" in after) out.push(_("renamed {title} (was {old})", { title: quote(after.title), old: quote(before.title) }));
  if ("speakers" in after) out.push(_("speakers now {names} (was {old})", { names: names(data, after.speakers), old: names(data, before.speakers) }));
  if ("track" in after) out.push(_("track now {track}", { track: quote(data.tracks.get(after.track)?.name ?? after.track) }));
  if ("level" in after) out.push(_("level now {level} (was {old})", { level: quote(after.level), old: quote(before.level) }));
  // Translators: the session's kind changed ("now a “workshop” (was “talk”)").
  if ("kind" in after) out.push(_("now a {kind} (was {old})", { kind: quote(after.kind), old: quote(before.kind) }));
  if ("description" in after) out.push(_("description updated"));
  if ("slides" in after) out.push(after.slides ? _("slides attached") : _("slides no longer listed"));
  return out.length ? out : [_("updated")];
}

export function titleOf(change, data) {
  return data.byId.get(change.session)?.title || change.after.title || change.before.title || change.session;
}

// One line for the banner and notifications: "Helion 1.0 moved to Master Stage (was …)".
export function sentence(change, data) {
  // Translators: a session's title, then what changed in it.
  return _("{title}: {what}", { title: titleOf(change, data), what: joinPhrases(phrases(change, data)) });
}

// Starred sessions' changes first, each group newest first.
export function ordered(changes, isStarred) {
  const newest = [...changes].sort((a, b) => b.version - a.version);
  return [...newest.filter((c) => isStarred(c.session)), ...newest.filter((c) => !isStarred(c.session))];
}

// "3 changes: A moved to X; B cancelled; and 1 more".
export function summary(changes, data, isStarred, shown = 2) {
  if (!changes.length) return "";
  const list = ordered(changes, isStarred);
  const head = list.slice(0, shown).map((c) => `${isStarred(c.session) ? "★ " : ""}${sentence(c, data)}`);
  const more = list.length - head.length;
  const line = head.join(" · ");
  // Translators: the end of the changes banner's list, when more changes than shown came.
  const all = more > 0 ? ngettext("{list} · and {n} more", "{list} · and {n} more", more, { list: line }) : line;
  // Translators: the changes banner: how many changes, then the first ones.
  return ngettext("{n} change: {list}", "{n} changes: {list}", list.length, { list: all });
}

// When the phone reloaded the whole schedule (re-import, a static host without the changes
// file), the difference between the two documents, as changes with kind "update" or "add".
export function diffSessions(beforeSessions, afterSessions, version, at) {
  const old = new Map(beforeSessions.map((s) => [s.id, s]));
  const out = [];
  for (const s of afterSessions) {
    const was = old.get(s.id);
    if (!was) {
      out.push({ version, time: at, kind: "add", session: s.id, before: {}, after: pickFields(s), note: null });
      continue;
    }
    const after = {};
    const before = {};
    for (const key of FIELDS) {
      // A description not fetched yet on one side (data/texts.js) is unknown there, not changed.
      if (key === "description" && !(key in was && key in s)) continue;
      if (JSON.stringify(was[key] ?? null) !== JSON.stringify(s[key] ?? null)) {
        after[key] = s[key] ?? null;
        before[key] = was[key] ?? null;
      }
    }
    if (Object.keys(after).length) out.push({ version, time: at, kind: "update", session: s.id, before, after, note: null });
    old.delete(s.id);
  }
  for (const [id, was] of old) {
    out.push({ version, time: at, kind: "remove", session: id, before: { title: was.title }, after: {}, note: null });
  }
  return out;
}

function pickFields(session) {
  return Object.fromEntries(FIELDS.filter((k) => k in session).map((k) => [k, session[k]]));
}

// What is worth keeping of a change on the device: descriptions can be long, and only
// "description updated" is ever shown, so a marker that differs per version stands in.
export function slim(change) {
  const drop = (obj, marker) => ("description" in obj ? { ...obj, description: marker } : obj);
  return { ...change, before: drop(change.before, `v${change.version - 1}`), after: drop(change.after, `v${change.version}`) };
}
