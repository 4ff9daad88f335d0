// Keeps the phone's schedule current with the corrections feed: checks on open, when the
// phone comes back online, when the app is shown again and every POLL seconds while it is
// visible; applies the changes (corrections, and what a re-import changed: origin "source")
// to the kept schedule (store.patch persists it) and remembers them for the banner, the
// badges and the Changes view. Emits "update" after each check.

import { checkChange, diffSessions, patchOf, slim } from "../../data/changes.js";
import { checkNotice, noticesAfter } from "../../data/notices.js";
import { wallMs } from "../../data/clock.js";
import { STATE_KEY, readState, writeState } from "../../data/changes-seen.js";
import { allowed, askPermission, notifyStarred } from "./change-notifications.js";
import { otherStore } from "../../data/store.js";

const POLL_KEY = "hallway.poll"; // debug override, seconds
const CHANGES = "/api/v1/changes";
export const DEFAULT_POLL = 60; // "within a minute" of a correction
const MAX_HISTORY = 300;
const FETCH_TIMEOUT = 15000;
// Answers that mean "this host has no changes feed" (a static export without the file):
// the whole schedule, compared by its ETag, is the fallback.
const NO_FEED = new Set([404, 405, 501]);

// Seconds between checks: ?poll=N or the debug key, when a whole number from 1 to 3600.
export function pollSeconds(search, stored) {
  for (const raw of [new URLSearchParams(search).get("poll"), stored]) {
    if (raw && /^\d{1,4}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 3600) return Number(raw);
  }
  return DEFAULT_POLL;
}

export function pagePoll() {
  let stored = null;
  try {
    stored = localStorage.getItem(POLL_KEY);
  } catch {
    // No storage: the URL or the default decides.
  }
  return pollSeconds(location.search, stored);
}

async function getJson(url) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), FETCH_TIMEOUT);
  try {
    // "no-cache": the HTTP cache keeps the answer and asks with its ETag, so a feed that has not
    // changed answers 304 without a body (most polls); "no-store" made every poll a 200.
    const response = await fetch(url, { cache: "no-cache", signal: abort.signal });
    if (!response.ok) return { status: response.status, body: null };
    try {
      return { status: response.status, body: await response.json() };
    } catch {
      return { status: response.status, body: null };
    }
  } finally {
    clearTimeout(timer);
  }
}

export class Watcher extends EventTarget {
  constructor(store, { poll = DEFAULT_POLL, clock = wallMs } = {}) {
    super();
    this.store = store;
    this.poll = poll;
    this.clock = clock;
    this.state = readState();
    this.running = null;
    this.timer = null;
    this.baseDoc = null; // the schedule as of the last check: what a reload is compared with
    this.venue = null; // the venue's version the feed last said
    store.addEventListener("changed", () => {
      if (!this.baseDoc) this.baseDoc = store.doc;
    });
  }

  save() {
    writeState(this.state);
  }

  emit(added = 0, settings = false) {
    this.dispatchEvent(new CustomEvent("update", { detail: { added, settings } }));
  }

  // Starts checking: now, on the events that mean a connection may be back, and on a timer.
  start() {
    const visible = () => document.visibilityState === "visible";
    window.addEventListener("online", () => this.check());
    window.addEventListener("storage", (event) => {
      if (event.key !== STATE_KEY) return;
      this.state = readState(); // another tab checked: take what it recorded
      this.emit();
    });
    window.addEventListener("offline", () => {
      this.state.offline = true;
      this.emit();
    });
    document.addEventListener("visibilitychange", () => visible() && this.check());
    // Hidden, it checks only for someone who asked for notifications (that is what they are for).
    this.timer = setInterval(() => (visible() || this.notifying()) && this.check(), this.poll * 1000);
    return this.check();
  }

  // One check at a time; a call while one runs gets that one.
  check() {
    if (!this.store.data) return Promise.resolve();
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async run() {
    const held = this.store.data.store;
    // The kept schedule is already another store's (taken whole on opening the app): the
    // cursor and history are the old store's and mean nothing for this one.
    if (this.state.store !== null && held !== null && this.state.store !== held) this.adopt(this.baseDoc);
    const first = this.state.cursor === null;
    const version = this.store.data.version;
    const since = first ? 0 : Math.min(this.state.cursor, version);
    let answer;
    try {
      // The stamp of the version held, when that is the one asked from: the server says
      // "rewound" when its version of that number holds other edits (a backup restored).
      const stamp = since === version && this.store.data.stamp ? `&stamp=${this.store.data.stamp}` : "";
      answer = await getJson(`${CHANGES}?since=${since}${stamp}`);
    } catch {
      this.state.checkedAt = this.clock();
      this.state.offline = true;
      this.save();
      return this.emit();
    }
    const { status, body } = answer;
    // The venue's version (the organizers' venue editor): the app fetches the plan again when it changes.
    if (status === 200 && Number.isInteger(body?.venue)) this.venue = body.venue;
    let added;
    if (NO_FEED.has(status) || (status === 200 && (!body || typeof body !== "object"))) {
      added = await this.reloadWhole(first);
    } else if (status !== 200) {
      added = null; // the server answered but failed: not offline, not checked either
    } else if (otherStore(this.store.data, body)) {
      // The store was replaced: its versions count again from its own start, so the kept copy
      // cannot be patched nor compared by version. The new document is taken whole.
      added = await this.reloadWhole(first, Number.isInteger(body.version) ? body.version : 0, body.store);
    } else if (body.reload === true || (Number.isInteger(body.since) && body.since > since)) {
      const wanted = Number.isInteger(body.version) ? body.version : 0;
      added = await this.reloadWhole(first, wanted, null, body.rewound === true);
    } else {
      added = await this.take(body, since, first);
    }
    const now = this.clock();
    this.state.checkedAt = now;
    this.state.offline = false;
    if (added !== null) {
      this.state.okAt = now;
      this.state.store = this.store.data.store;
      this.store.syncTexts?.(); // texts that could not be fetched before (offline) are tried again
    }
    this.baseDoc = this.store.doc;
    this.save();
    this.emit(added || 0);
  }

  // The changes after `since`, recorded; those newer than the kept schedule applied to it.
  async take(body, since, first) {
    // Room status, announcements and their withdrawal change the document's `notices`, applied
    // here like the sessions' changes; only a change of a kind this code does not know, or the
    // withdrawal of the status a room shows, makes it fetch the document again.
    const had = this.store.data.version;
    const raw = Array.isArray(body.changes) ? body.changes : [];
    const fresh = raw.filter((c) => c && Number.isInteger(c.version) && c.version > had);
    const noticeChanges = fresh.map(checkNotice).filter(Boolean).sort((a, b) => a.version - b.version);
    let refetch = fresh.some((c) => !checkNotice(c) && !checkChange(c));
    const list = raw
      .filter((c) => !checkNotice(c))
      .map(checkChange)
      .filter((c) => c && c.version > since)
      .sort((a, b) => a.version - b.version);
    const cursor = this.state.cursor ?? -1;
    const newer = list.filter((c) => c.version > had);
    const target = Number.isInteger(body.version) ? Math.max(body.version, had) : had;
    if (newer.length || target > had) {
      // Corrections and what a re-import changed (origin: source) alike: only these come.
      const patch = patchOf(this.store.doc, newer);
      if (patch === null) return this.reloadWhole(first, target); // a change for something we lack
      const stamp = target === body.version && typeof body.stamp === "string" ? body.stamp : null;
      const notices = noticeChanges.length ? noticesAfter(this.store.doc.notices, noticeChanges) : undefined;
      if (notices === null) refetch = true;
      this.store.patch({ version: target, ...patch, ...(notices ? { notices } : {}), stamp });
    }
    // A re-import's rooms, tracks and speakers are not changes to show: the sessions are.
    const unseen = list.filter((c) => c.version > cursor && c.session !== null);
    this.record(unseen, (c) => first && c.version <= had);
    this.state.cursor = Math.max(target, cursor);
    if (refetch) await this.store.refresh();
    return unseen.filter((c) => !(first && c.version <= had)).length;
  }

  // The whole schedule again (re-import, too far behind, no changes feed on this host):
  // what changed is worked out by comparing it with the copy as of the last check.
  // Resolves with how many changes it found, or null when the schedule it got is older than
  // `wanted` (the feed's newest version): then the check did not succeed.
  // With `wantedStore` (the feed named another store), a schedule still of the old store is
  // behind too, whatever its version: never "Up to date" then.
  async reloadWhole(first, wanted = 0, wantedStore = null, rewound = false) {
    const before = this.baseDoc || this.store.doc;
    const had = this.store.data.store;
    await this.store.refresh({ rewound });
    const after = this.store.doc;
    const now = this.store.data.store;
    if (wantedStore !== null && now !== wantedStore) return null;
    if (had !== null && now !== null && had !== now) return this.adopt(before);
    // A history that went back: its versions are reused for other edits, so what this phone
    // recorded of the lost ones is dropped, and what differs from its copy is said anew.
    if (rewound) return this.adopt(before);
    this.state.cursor = this.store.data.version;
    if (this.store.data.version < wanted) return null;
    if (!before || before === after) return 0;
    const at = new Date(this.clock()).toISOString();
    const diff = diffSessions(before.sessions, after.sessions, this.store.data.version, at);
    this.record(diff, () => first);
    return first ? 0 : diff.length;
  }

  // Takes the kept schedule as another store's: the old store's history, cursor and "seen"
  // mark are dropped (its versions would collide with the new one's), and what differs from
  // the copy before is recorded as new changes. Resolves with how many.
  adopt(before) {
    const data = this.store.data;
    this.state.history = [];
    this.state.seen = -1; // the new store may be at version 0: its changes are still new
    this.state.store = data.store;
    this.state.cursor = data.version;
    if (!before || before === this.store.doc) return 0;
    const at = new Date(this.clock()).toISOString();
    const diff = diffSessions(before.sessions, this.store.doc.sessions, data.version, at);
    this.record(diff, () => false);
    return diff.length;
  }

  record(changes, isQuiet) {
    // Another tab of the app may have recorded some of these already (same storage).
    const known = new Set(this.state.history.map((c) => `${c.version}/${c.session}`));
    const loud = [];
    for (const change of changes) {
      if (known.has(`${change.version}/${change.session}`)) continue;
      const entry = { ...slim(change), quiet: Boolean(isQuiet(change)) };
      this.state.history.push(entry);
      if (!entry.quiet) loud.push(change);
    }
    this.state.history = this.state.history.slice(-MAX_HISTORY);
    if (loud.length && allowed(this.state)) notifyStarred(this.store, loud);
  }

  history() {
    return this.state.history;
  }

  // Changes not yet looked at (banner, bell): loud ones after the last "seen" mark.
  unseen() {
    return this.state.history.filter((c) => !c.quiet && c.version > this.state.seen);
  }

  markSeen() {
    const newest = this.state.history.reduce((max, c) => Math.max(max, c.version), this.state.seen);
    if (newest === this.state.seen) return;
    this.state.seen = newest;
    this.save();
    this.emit();
  }

  // Asked from a button, never on load. Resolves with the permission.
  async enableNotifications() {
    const permission = await askPermission();
    this.state.notify = permission === "granted";
    this.save();
    this.emit(0, true);
    return permission;
  }

  disableNotifications() {
    this.state.notify = false;
    this.save();
    this.emit(0, true);
  }

  notifying() {
    return allowed(this.state);
  }
}
