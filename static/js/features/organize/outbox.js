// Every correction goes through the outbox: written to localStorage with its Idempotency-Key
// before the first attempt, removed only when the server says it is stored (201, or 200 for a
// retry it had already stored). So one made offline, or whose answer was lost, is sent again
// with the same key when the connection returns or the app opens: published exactly once.
// Before sending, the session is compared with what the form was based on; if someone changed
// it meanwhile, the item waits for the organizer's decision (nothing is overwritten silently).

import { FIELDS } from "../../data/changes.js";
import { OUTBOX_KEY } from "../../data/organizer-session.js";
import { Offline, account, call, newKey } from "./api.js";
import { dropBlob } from "../venue-editor/blobs.js";
import { isVenue, sendVenue } from "../venue-editor/send.js";

const FEED = "/api/v1/schedule.json";
export const events = new EventTarget(); // "change" when the list changes, "published" per item
const recent = []; // published this visit, newest first: {item, correction}

export function items() {
  try {
    const value = JSON.parse(localStorage.getItem(OUTBOX_KEY) || "[]");
    return Array.isArray(value) ? value.filter((i) => i && typeof i.key === "string" && i.body && typeof i.body === "object") : [];
  } catch {
    return [];
  }
}

function save(list) {
  localStorage.setItem(OUTBOX_KEY, JSON.stringify(list)); // throws when full: the caller says so
  events.dispatchEvent(new CustomEvent("change"));
}

function update(key, changes) {
  const list = items();
  const item = list.find((i) => i.key === key);
  if (!item) return null;
  Object.assign(item, changes);
  save(list);
  return item;
}

export function recentlyPublished() {
  return recent;
}

// The session's fields as the form saw them (raw, as in schedule.json).
export function snapshot(raw) {
  return raw ? Object.fromEntries(FIELDS.map((k) => [k, raw[k] ?? null])) : null;
}

// The fields a correction sets, in schedule.json names and values.
export function intended(body) {
  if (body.kind === "move") return { room: body.room };
  if (body.kind === "retime") return Object.fromEntries(["start", "end"].filter((k) => k in body).map((k) => [k, body[k]]));
  if (body.kind === "cancel") return { status: "cancelled" };
  if (body.kind === "restore") return { status: "confirmed" };
  if (body.kind === "edit") {
    return Object.fromEntries(Object.entries(body).filter(([k]) => !["kind", "session", "note"].includes(k)).map(([k, v]) => [k === "session_kind" ? "kind" : k, v]));
  }
  return {};
}

// Fields whose change by someone else makes this correction questionable.
function watched(body) {
  const own = Object.keys(intended(body));
  const timing = body.kind === "move" || body.kind === "retime" ? ["start", "end", "room", "status"] : ["status"];
  return [...new Set([...own, ...timing])];
}

const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const sameTime = (a, b) => (typeof a === "string" && typeof b === "string" ? new Date(a).getTime() === new Date(b).getTime() : same(a, b));

// Which watched fields differ between the base and now, leaving out those that already hold
// this correction's own values (a retry whose first answer was lost).
export function conflicts(item, current) {
  if (!item.base) return [];
  if (!current) return ["session"]; // the session is gone
  const mine = intended(item.body);
  return watched(item.body).filter((k) => {
    const eq = k === "start" || k === "end" ? sameTime : same;
    if (eq(item.base[k], current[k])) return false;
    return !(k in mine && eq(mine[k], current[k]));
  });
}

export function enqueue(body, { base = null, force = false, label = "" } = {}) {
  const item = { key: newKey(), body, base, force, label, made: new Date().toISOString(), by: account()?.name ?? null, state: "waiting", tries: 0 };
  save([...items(), item]);
  return item;
}

export function discard(key) {
  const gone = items().find((i) => i.key === key);
  if (gone?.body.kind === "venue-image") dropBlob(gone.body.blob).catch(() => {}); // a leftover is only space
  save(items().filter((i) => i.key !== key));
}

// The organizer decided: send it anyway (over a clash, or over another organizer's change).
export function publishAnyway(key, current = undefined) {
  const list = items();
  const item = list.find((i) => i.key === key);
  if (!item) return;
  if (item.state === "clash") item.force = true;
  if (item.state === "conflict" && isVenue(item.body)) item.body.version = item.current?.version ?? item.body.version;
  else if (item.state === "conflict") item.base = current === undefined ? item.current : current;
  item.state = "waiting";
  item.error = null;
  item.failure = null;
  save(list);
}

async function currentSessions() {
  // A server still starting may hold the request: give up after a while, try again later.
  const response = await fetch(FEED, { cache: "no-store", signal: AbortSignal.timeout(15000) });
  if (!response.ok) throw new Offline(`schedule: HTTP ${response.status}`);
  const doc = await response.json();
  return new Map((Array.isArray(doc.sessions) ? doc.sessions : []).map((s) => [s.id, s]));
}

// One item: {done} when it left the outbox, {stop} when sending more is pointless now.
async function sendOne(item, sessions) {
  if (isVenue(item.body)) {
    // The venue editor's items (venue/send.js): the same queue, order and states.
    const sent = await sendVenue(item, { items, save, update });
    if (sent.done) {
      recent.unshift({ item, correction: sent.answer });
      events.dispatchEvent(new CustomEvent("published", { detail: { item, correction: sent.answer } }));
    }
    return sent;
  }
  if (item.base) {
    const current = snapshot(sessions.get(item.body.session));
    const fields = conflicts(item, current);
    if (fields.length) {
      update(item.key, { state: "conflict", fields, current });
      return {};
    }
  }
  update(item.key, { tries: (item.tries || 0) + 1, tried: new Date().toISOString() });
  const body = item.force ? { ...item.body, force: true } : item.body;
  const { status, body: answer } = await call("POST", "/api/v1/corrections", { body, key: item.key });
  if (status === 200 || status === 201) {
    // Later items for the same session were based on the schedule before this one: they now
    // start from it, so this organizer's own change is not taken for someone else's.
    const list = items().filter((i) => i.key !== item.key);
    for (const other of list) {
      if (other.base && other.body.session === item.body.session && answer?.after) Object.assign(other.base, answer.after);
    }
    save(list);
    recent.unshift({ item, correction: answer });
    events.dispatchEvent(new CustomEvent("published", { detail: { item, correction: answer } }));
    return { done: true };
  }
  // What went wrong is kept as the answer's status and the server's text, not as words: the
  // console says it in the language chosen when it shows the item (errors.js).
  const failure = { status, detail: typeof answer?.error === "string" ? answer.error : null };
  if (status === 409 && answer?.error === "clash") {
    update(item.key, { state: "clash", clashes: Array.isArray(answer.clashes) ? answer.clashes : [], error: null, failure: null });
  } else if (status === 401 || status === 403 || status === 429 || status >= 500) {
    update(item.key, { error: null, failure });
    return { stop: true };
  } else {
    update(item.key, { state: "refused", error: null, failure });
  }
  return {};
}

let running = null;
let lastError = null;
export function flushError() {
  return lastError;
}
// Sends what waits, oldest first; one run at a time in this tab, and one tab at a time
// (Web Locks) so two open tabs do not race (the key would make a race harmless anyway).
export function flush() {
  if (!account() || !items().some((i) => i.state === "waiting")) return Promise.resolve();
  const run = async () => {
    let sessions;
    try {
      sessions = await currentSessions();
      for (const key of items().filter((i) => i.state === "waiting").map((i) => i.key)) {
        // Read again: sending one item may change the next (an upload names the PUT's image).
        const item = items().find((i) => i.key === key);
        if (item?.state === "waiting" && (await sendOne(item, sessions)).stop) break;
      }
      lastError = null;
    } catch (error) {
      // No connection (Offline, or fetch's TypeError), or an answer that is not a schedule:
      // everything stays in the outbox and is tried again.
      const offline = error instanceof Offline || error instanceof TypeError || error?.name === "TimeoutError";
      lastError = offline ? "no connection" : String(error?.message || error);
      events.dispatchEvent(new CustomEvent("change"));
    }
  };
  running ??= (navigator.locks ? navigator.locks.request("hallway-outbox", run) : run()).finally(() => {
    running = null;
  });
  return running;
}

let started = false;
// Keep trying while the app is open: when the connection returns, when shown again, on a timer.
export function startOutbox(seconds = 10) {
  if (started) return flush();
  started = true;
  window.addEventListener("online", () => flush());
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && flush());
  setInterval(() => flush(), Math.max(1, seconds) * 1000);
  return flush();
}
