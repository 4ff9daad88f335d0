// The schedule (last good copy kept on the device) and the stars. Emits "changed" when the
// schedule is replaced or patched (detail.texts: only its long texts came), "stars" when
// stars change, "notice" with a message for the person holding the phone.
// The schedule comes in two documents: the outline first (all the lists need), then the
// long texts (descriptions, bios), merged in after the first screen (data/texts.js).

import { expand } from "./columns.js";
import { setKindNames } from "./kinds.js";
import { setLanguageNames } from "./languages.js";
import { mergeStars, parseStars } from "./stars.js";
import { afterNextFrame } from "./frames.js";
import { DATA_CACHE, patchedDoc, readKept, writeKept } from "./kept-copy.js";
import { NO_TEXTS, carryTexts, checkTexts, fits, heldOf, mergeTexts, mergeTextsInSlices, needsTexts, tookWhole } from "./texts.js";
import { slicer, yieldToPage } from "./slices.js";
import { conferenceDayIn, setConferenceDays, setVenueZone } from "./time.js";

export const FEED = "/api/v1/outline.json";
export const TEXTS = "/api/v1/texts.json";
export const STARS_KEY = "hallway.stars.v1";
const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
const arr = (v) => (Array.isArray(v) ? v : []);
const str = (v) => (typeof v === "string" && v ? v : null);

// The document's venue zone, conference days and language names become the app's: every view
// reads times, days and language names through data/time.js and data/languages.js.
function adopt(doc) {
  setVenueZone(str(doc.event.timezone) || "UTC", doc.zone);
  setConferenceDays(doc.event.day_ranges);
  setLanguageNames(doc.language_names);
  setKindNames(doc.kind_names);
}

// Plain data from the feed, checked and indexed; a malformed entry is skipped, not fatal.
export function index(doc) {
  const indexer = indexerOf(doc);
  for (const raw of doc.sessions) indexer.add(raw);
  return indexer.done();
}

// The same, in slices (data/slices.js): an outline fetched, or the texts merged into it, is
// indexed while the page stays free (a congress at once was a long task, bench/blocking.py).
export async function indexInSlices(doc, pause = slicer()) {
  const indexer = indexerOf(doc);
  for (const raw of doc.sessions) {
    indexer.add(raw);
    await pause();
  }
  return indexer.done();
}

function indexerOf(doc) {
  if (!doc || typeof doc !== "object" || !doc.event || !str(doc.event.name) || !Array.isArray(doc.sessions)) {
    throw new Error("not a schedule document");
  }
  const dayOf = conferenceDayIn(str(doc.event.timezone) || "UTC", doc.zone, doc.event.day_ranges);
  const named = (list) => new Map(arr(list).filter((x) => x && ID_RE.test(x.id) && str(x.name)).map((x) => [x.id, x]));
  const rooms = named(doc.rooms);
  const tracks = named(doc.tracks);
  const speakers = named(doc.speakers);
  // A room's place by lookup: indexOf in the sort's comparator cost 115 ms of a 90-room congress's
  // first screen at 4x CPU (profiled on /rooms), for 1,400 sessions.
  const roomOrder = new Map([...rooms.keys()].map((id, i) => [id, i]));
  const sessions = [];
  const add = (raw) => {
    if (!raw || !ID_RE.test(raw.id) || !str(raw.title)) return;
    const start = new Date(raw.start);
    const end = new Date(raw.end);
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return;
    const people = arr(raw.speakers).map((id) => speakers.get(id)).filter(Boolean);
    const description = arr(raw.description).filter((p) => typeof p === "string");
    sessions.push({
      ...raw,
      start,
      end,
      description,
      day: dayOf(start),
      lang: str(raw.language) || str(doc.event.language),
      people,
      cancelled: raw.status === "cancelled",
    });
  };
  const done = () => {
    sessions.sort((a, b) => a.start - b.start || (roomOrder.get(a.room) ?? -1) - (roomOrder.get(b.room) ?? -1));
    const days = arr(doc.event.days).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d));
    const sessionDays = [...new Set(sessions.map((s) => s.day))];
    return {
      version: Number.isInteger(doc.version) ? doc.version : 0,
      store: storeId(doc),
      // What this version holds in its store: sent back with ?since= so a backup restored and
      // written again (the same numbers, other edits) is told apart.
      stamp: typeof doc.stamp === "string" && /^[0-9a-f]{12}$/.test(doc.stamp) ? doc.stamp : null,
      event: doc.event,
      rooms,
      tracks,
      speakers,
      sessions,
      byId: new Map(sessions.map((s) => [s.id, s])),
      days: days.length ? days : sessionDays,
      levels: [...new Set(sessions.map((s) => s.level).filter(str))],
      languages: [...new Set(sessions.map((s) => s.lang).filter(str))].sort(),
    };
  };
  return { add, done };
}

// Which corrections store a document's versions count in (null: a server or export from
// before stores had ids). Versions of two stores cannot be compared.
export function storeId(doc) {
  return doc && typeof doc.store === "string" && doc.store ? doc.store : null;
}

// Whether `doc` is another store's than `data`: then it replaces the copy whole, whatever
// its version (a restored backup, a corrupt store deleted, a new server).
export function otherStore(data, doc) {
  const mine = data ? data.store : null;
  const theirs = storeId(doc);
  return mine !== null && theirs !== null && mine !== theirs;
}

export class Store extends EventTarget {
  constructor() {
    super();
    this.data = null;
    this.doc = null;
    this.etag = null;
    this.held = NO_TEXTS; // which texts this.doc holds (texts.js)
    this.textsRun = null;
    this.textsAgain = false;
    this.saving = Promise.resolve();
    this.stars = new Map(); // session id -> title when starred (to name it if it disappears)
    this.agreed = new Map(); // the stars as this tab last read or wrote them in storage
    this.persistAsked = false;
  }

  notice(message) {
    this.dispatchEvent(new CustomEvent("notice", { detail: message }));
  }

  // Shows the stored copy at once if there is one, then asks the network for a newer one.
  async start() {
    this.loadStars();
    const stored = await this.readStored();
    if (stored) {
      try {
        this.held = stored.held;
        this.replace(stored.doc, stored.etag);
      } catch {
        this.held = NO_TEXTS;
        this.notice("The schedule kept on this device was damaged; fetching it again.");
      }
    }
    const fresh = this.refresh();
    if (!this.data) await fresh;
    this.syncTexts();
    return this.data;
  }

  // `rewound`: the feed said this store's history went back (a backup restored): its lower
  // version is then the truth, not a stale copy.
  async refresh({ rewound = false } = {}) {
    let response;
    try {
      response = await fetch(FEED);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const etag = response.headers.get("ETag");
      if (this.data && etag && etag === this.etag) return false;
      const raw = await response.json();
      // Parsing, expanding and indexing a congress's outline were one long task with the first
      // draw (bench/blocking.py): each is a task of its own now, the index a few at a time.
      await yieldToPage();
      // Columns expanded to rows (data/columns.js); an outline in the older rows passes as it is.
      const doc = expand(raw);
      const plan = () => {
        if (this.data && etag && etag === this.etag) return null;
        // Never step back: an older copy (a cache's fallback) does not replace a newer one of
        // the same store; another store's document is taken whole, its versions start again.
        const older = this.data && Number.isInteger(doc.version) && doc.version < this.data.version;
        if (older && !otherStore(this.data, doc) && !rewound) return null;
        // The same store's texts stay shown until this version's come; another store's (or a
        // history that went back) are not this document's at all.
        const same = Boolean(this.doc) && !otherStore(this.data, doc) && !rewound;
        const held = tookWhole(this.held, Number.isInteger(doc.version) ? doc.version : 0, same);
        return { doc: same ? carryTexts(this.doc, doc) : doc, held };
      };
      let taking = plan();
      if (!taking) return false;
      const shown = this.doc;
      let data = await indexInSlices(taking.doc);
      await yieldToPage(); // the index's last slice sorts it: the first draw comes in a task of its own
      if (this.doc !== shown) {
        // Replaced while it was indexed (a correction, another check): decided again, at once.
        taking = plan();
        if (!taking) return false;
        data = index(taking.doc);
      }
      this.held = taking.held;
      this.replace(taking.doc, etag, false, data);
      await this.writeStored();
      this.syncTexts();
      return true;
    } catch (error) {
      if (!this.data) this.notice(`Could not load the schedule (${error.message}). Check the connection and reload.`);
      return false;
    }
  }

  // `data`: the document already indexed (indexInSlices).
  replace(doc, etag = null, texts = false, data = null) {
    const previous = this.data;
    this.data = data ?? index(doc);
    adopt(doc);
    this.doc = doc;
    this.etag = etag;
    this.dispatchEvent(new CustomEvent("changed", { detail: { previous, texts } }));
  }

  // Corrections and a re-import's changes (data/kept-copy.js, patchedDoc), at a new version.
  patch(changes) {
    const { doc, held } = patchedDoc(this.doc, this.held, changes);
    this.held = held;
    this.replace(doc, null);
    this.writeStored();
    this.syncTexts();
  }

  // Fetches the texts when the document's may be older than it (or are missing): one request
  // at a time, again after it when the document moved meanwhile. A correction does not make
  // it fetch them (data/texts.js, needsTexts); a start with them current revalidates nothing.
  syncTexts() {
    if (this.textsRun) {
      this.textsAgain = true;
      return this.textsRun;
    }
    if (!this.data || !needsTexts(this.held, this.data.version)) return Promise.resolve(false);
    this.textsRun = this.loadTexts().finally(() => {
      this.textsRun = null;
      if (this.textsAgain) {
        this.textsAgain = false;
        this.syncTexts();
      }
    });
    return this.textsRun;
  }

  // Resolves when no texts request is under way (whatever it brought).
  textsSettled() {
    return (this.textsRun ?? Promise.resolve()).then(() => undefined, () => undefined);
  }

  async loadTexts() {
    let texts;
    try {
      const response = await fetch(TEXTS);
      if (!response.ok) return false;
      texts = checkTexts(await response.json());
    } catch {
      return false; // offline or damaged: the outline works without them; the next check tries again
    }
    // Merged and indexed in slices while the page stays free; checked against the document as
    // it is then: a correction that came meanwhile has it done again, at once the third time.
    const pause = slicer();
    for (let attempt = 1; ; attempt++) {
      const { doc, held } = this;
      if (!texts || !doc || !fits(doc, held, texts)) return false;
      const sliced = attempt < 3;
      const merged = sliced ? await mergeTextsInSlices(doc, held, texts, pause) : mergeTexts(doc, held, texts);
      const data = sliced ? await indexInSlices(merged.doc, pause) : index(merged.doc);
      if (this.doc !== doc || this.held !== held) continue;
      this.held = merged.held;
      this.replace(merged.doc, this.etag, true, data);
      break;
    }
    await this.writeStored();
    return true;
  }

  async readStored() {
    let cache;
    try {
      cache = await caches.open(DATA_CACHE);
    } catch {
      return null; // no Cache API (insecure context): the network decides
    }
    try {
      const kept = await readKept(cache);
      return kept && { doc: kept.doc, etag: kept.etag, held: heldOf(kept.texts, kept.doc) };
    } catch {
      // Damaged or hand-edited: said, not silently dropped; the network (or the worker) decides.
      this.notice("The schedule kept on this device was damaged and was ignored; fetching it again.");
      return null;
    }
  }

  // Keeps the document as it is now, with what it holds of the texts; writes in call order,
  // each after the page's next frame: serialising the schedule and handing it to the Cache
  // API held up the first screen's paint (a few ms, tens at 1,000 sessions, on a slow phone).
  // Documents are replaced, never changed in place, so the one taken now is the one written.
  writeStored() {
    const { doc, held, etag } = this;
    this.saving = this.saving.then(afterNextFrame).then(async () => {
      try {
        await writeKept(await caches.open(DATA_CACHE), doc, held, etag);
      } catch {
        // Keeping a copy is a convenience: the service worker's cache still has the feed.
      }
    });
    return this.saving;
  }

  loadStars() {
    let raw;
    try {
      raw = localStorage.getItem(STARS_KEY);
    } catch {
      this.notice("This browser blocks storage: stars will not be kept after you close the page.");
      return;
    }
    // Another tab's star: merged into this tab's, never overwritten by its next save.
    window.addEventListener("storage", (event) => {
      if (event.key === STARS_KEY || event.key === null) this.takeSavedStars(true);
    });
    if (raw === null) return;
    const parsed = parseStars(raw);
    if (!parsed) {
      this.keepDamaged(raw);
      this.notice(`Your saved stars were damaged and were ignored (a copy is kept): “${raw.slice(0, 40)}”.`);
      return;
    }
    this.stars = parsed.stars;
    this.agreed = new Map(parsed.stars);
    const ignored = parsed.ignored;
    if (ignored) {
      this.keepDamaged(raw);
      this.notice(`Ignored ${ignored} saved star${ignored === 1 ? "" : "s"} that ${ignored === 1 ? "was" : "were"} not valid; the others are kept.`);
    }
  }

  // What is saved now (another tab may have written since), with this tab's own changes on
  // top; `announce`: say "stars" when that changed what this tab shows.
  takeSavedStars(announce = false) {
    let raw;
    try {
      raw = localStorage.getItem(STARS_KEY);
    } catch {
      return;
    }
    const parsed = raw === null ? { stars: new Map() } : parseStars(raw);
    if (!parsed) return; // damaged by someone else: this tab's stars are the good copy
    const before = [...this.stars.keys()].join(" ");
    this.stars = mergeStars(parsed.stars, this.stars, this.agreed);
    this.agreed = parsed.stars;
    if (announce && [...this.stars.keys()].join(" ") !== before) {
      this.dispatchEvent(new CustomEvent("stars", { detail: { id: null } }));
    }
  }

  keepDamaged(raw) {
    try {
      localStorage.setItem(`${STARS_KEY}.damaged`, raw);
    } catch {
      // The notice already told the person; nothing more to save it with.
    }
  }

  isStarred(id) {
    return this.stars.has(id);
  }

  toggleStar(id) {
    this.takeSavedStars();
    if (this.stars.has(id)) this.stars.delete(id);
    else this.stars.set(id, this.data?.byId.get(id)?.title ?? null);
    this.saveStars();
    this.dispatchEvent(new CustomEvent("stars", { detail: { id } }));
    if (!this.persistAsked && navigator.storage?.persist) {
      this.persistAsked = true;
      navigator.storage.persist().catch(() => {});
    }
    return this.stars.has(id);
  }

  saveStars() {
    const value = [...this.stars].map(([id, title]) => ({ id, title: this.data?.byId.get(id)?.title ?? title }));
    try {
      localStorage.setItem(STARS_KEY, JSON.stringify(value));
      this.agreed = new Map(this.stars);
      return true;
    } catch (error) {
      const full = error && (error.name === "QuotaExceededError" || error.code === 22);
      this.notice(
        full
          ? "Could not save your stars: this device's storage is full. They stay until you close the app."
          : "Could not save your stars on this device. They stay until you close the app.",
      );
      return false;
    }
  }
}
