// The search index of the schedule shown, built ahead of the first key: built on the first key
// it took 0.4-1.2 s of a 4x slower phone at a congress (bench/search.py). A worker builds it
// (index-worker.js) on another core where the page has one; elsewhere, and if the worker
// fails, the page builds it while idle after its first screen (and again when new data or the
// texts come).

import { indexBody, indexKey, keepIndex, keptIndex, readKept } from "./kept-index.js";
import { SearchIndex } from "./search-index.js";

// What one callback may take, idle or not: an idle period may be 50 ms, and steps run to its
// end made tasks of 50-70 ms on a 4x slower phone (a key typed meanwhile waits for the task;
// Lighthouse counts them as blocking time).
const SLICE_MS = 8;
const TEXT_PART = 200; // sessions' descriptions a message: ~3 ms of a 4x slower phone's time to send
const WORKER = "js/search.worker.js"; // webapp/web/built.py SEARCH_WORKER, under the assets' prefix
// { id, index, steps (building on the page), waiting: [callbacks for when it is complete],
//   key (its outline's in kept-index.js), kept (the device holds its outline: read or written) }
let current = null;
let made = 0;
let ahead = null; // readAhead()'s read, not yet used
let helper; // the worker: undefined until first wanted, null where there is none (or it failed)
const watched = new WeakSet();

// A page a service worker controls has the worker's script kept for offline (webapp/views/sw.py
// LATER); a first visit builds on the page rather than download one more script meanwhile, and
// keeps doing so when the worker takes control of it later (decided at the first index).
const canWork = () => Boolean(document.body.dataset.assets && window.Worker && navigator.serviceWorker?.controller);
const workable = () => {
  if (helper === undefined && !canWork()) helper = null;
  return helper !== null; // has one, or may start one
};

// The worker, started at the first index sent to it (workable() said the page may have one).
function worker() {
  if (helper !== undefined) return helper;
  try {
    helper = new Worker(document.body.dataset.assets + WORKER);
  } catch {
    helper = null;
    return null;
  }
  helper.addEventListener("message", received);
  helper.addEventListener("error", failed);
  helper.addEventListener("messageerror", failed);
  return helper;
}

function received(event) {
  const { id, outline, texts } = event.data;
  const work = current;
  if (work?.id !== id) return; // newer data came since: its own answer follows
  if (outline) work.index.adoptOutline(outline); // unless a key already made the page build it
  if (texts) {
    work.index.adoptTexts(texts);
    done(work);
  }
}

// The worker could not be loaded (offline before it was kept) or broke: the page builds.
function failed(event) {
  event.preventDefault?.();
  helper?.terminate();
  helper = null;
  if (current) onPage(current);
}

// The page builds what is not built yet, while idle (once: a second build would index twice).
function onPage(work) {
  if (work.steps || work.index.complete) return;
  work.steps = work.index.build();
  schedule(work);
}

function entry(data) {
  if (current?.index.data !== data) {
    const previous = current;
    const key = indexKey(data, document.body.dataset.assets || "");
    current = { id: ++made, index: new SearchIndex(data, previous?.index), key, steps: null, waiting: [] };
    const work = current;
    // Only the texts came: the outline, and whether it is kept, are the previous one's.
    if (work.index.outlined) work.kept = previous.kept;
    const worked = workable();
    if (!worked) onPage(work);
    // In a task of its own: inside the view's first drawing, reading the lists made it later.
    setTimeout(() => {
      const read = work.index.outlined ? Promise.resolve() : fromKept(work);
      if (worked) read.then(() => offload(work));
    }, 0);
  }
  return current;
}

// The outline's index an earlier visit kept (kept-index.js), taken if it is this data's. A key
// typed meanwhile has the page build the outline's part, as before.
async function fromKept(work) {
  const read = ahead ?? readKept();
  ahead = null; // read once: newer data reads what is kept by then
  const kept = await read;
  if (work !== current || work.index.outlined) return; // newer data, or a key came first: the page built it
  const parts = keptIndex(kept, work.key);
  if (!parts || !work.index.adoptKept(parts)) return;
  work.kept = true;
  if (work.steps) work.steps = work.index.buildTexts(); // building on the page: the texts are left
}

// Starts reading the index the last visit kept, for the first index this page makes.
export function readAhead() {
  ahead ??= readKept();
}

function offload(work) {
  if (work !== current) return; // newer data came
  if (!worker()) return onPage(work);
  // The worker keeps the outline's index it builds under the key, for the next visit.
  if (!work.index.outlined) helper.postMessage({ id: work.id, outline: work.index.outlineSource(), key: work.key });
  sendTexts(work);
}

// The descriptions to the worker a part at a time, each when the page is idle.
function sendTexts(work) {
  const texts = work.index.textsSource();
  let from = 0;
  const send = () => {
    if (work !== current || !helper) return; // newer data came, or the worker failed
    const last = from + TEXT_PART >= texts.length;
    helper.postMessage({ id: work.id, part: { texts: texts.slice(from, from + TEXT_PART), from, last } });
    from += TEXT_PART;
    if (!last) later(send);
  };
  later(send);
}

function done(work) {
  // Built on the page (no worker): kept for the next visit, once the page is idle again.
  if (helper === null && !work.kept && work.key) {
    work.kept = true;
    later(() => work === current && keepIndex(work.key, indexBody(work.index.packedOutline())));
  }
  const waiting = work.waiting.splice(0);
  for (const callback of waiting) callback();
}

function step(work) {
  if (work.steps.next().done) {
    work.steps = null;
    done(work);
    return false;
  }
  return true;
}

// Calls `run(more)` when the page is idle; `more()` says whether this slice has time left.
// Where the browser has no idle callback (Safari), a timer.
function later(run) {
  const go = (deadline) => {
    const until = performance.now() + SLICE_MS;
    run(() => (!deadline || deadline.timeRemaining() > 1) && performance.now() < until);
  };
  if (window.requestIdleCallback) requestIdleCallback(go, { timeout: 1000 });
  else setTimeout(go, 16);
}

function schedule(work) {
  const run = (more) => {
    if (work !== current || !work.steps) return; // newer data came, or the index is done
    // One step at the least: a deadline may say no time is left yet call back again and
    // again (Playwright's fake clock's always does), and the index must still get built.
    do if (!step(work)) return;
    while (more());
    later(run);
  };
  later(run);
}

// Keeps the index of `store`'s data built ahead of any key (idempotent).
export function keepIndexed(store) {
  if (store.data) entry(store.data);
  if (watched.has(store)) return;
  watched.add(store);
  store.addEventListener("changed", () => entry(store.data));
}

// The index of `data`, ready for a query: its outline is indexed now if the idle steps have
// not reached it yet (a query typed the moment the page opened); the descriptions may follow.
export function searchIndex(data) {
  const work = entry(data);
  while (work.steps && !work.index.outlined) step(work);
  if (!work.index.outlined) {
    // The worker has not answered yet: the page builds the outline's part itself.
    const steps = work.index.buildOutline();
    while (!steps.next().done);
  }
  return work.index;
}

// Calls `callback` once the index of `data` holds the descriptions too (at once if it does).
export function whenComplete(data, callback) {
  const work = entry(data);
  if (work.index.complete) callback();
  else work.waiting.push(callback);
}
