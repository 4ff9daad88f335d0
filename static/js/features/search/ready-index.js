// The search index of the schedule shown, built while the page is idle after its first screen
// (and again when new data or the texts come), so the first key finds it ready: built on the
// first key it took 0.4-1.2 s of a 4x slower phone at a congress (bench/search.py).

import { SearchIndex } from "./search-index.js";

// What one callback may take, idle or not: an idle period may be 50 ms, and steps run to its
// end made tasks of 50-70 ms on a 4x slower phone (a key typed meanwhile waits for the task;
// Lighthouse counts them as blocking time).
const SLICE_MS = 8;
let current = null; // { index, steps, waiting: [callbacks for when it is complete] }
const watched = new WeakSet();

function entry(data) {
  if (current?.index.data !== data) {
    current = { index: new SearchIndex(data, current?.index), steps: null, waiting: [] };
    current.steps = current.index.build();
    schedule(current);
  }
  return current;
}

function step(work) {
  if (work.steps.next().done) {
    work.steps = null;
    const waiting = work.waiting.splice(0);
    for (const callback of waiting) callback();
    return false;
  }
  return true;
}

function schedule(work) {
  // Where the browser has no idle callback (Safari), a timer.
  const later = (run) => {
    const go = (deadline) => {
      const until = performance.now() + SLICE_MS;
      run(() => (!deadline || deadline.timeRemaining() > 1) && performance.now() < until);
    };
    if (window.requestIdleCallback) requestIdleCallback(go, { timeout: 1000 });
    else setTimeout(go, 16);
  };
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
  return work.index;
}

// Calls `callback` once the index of `data` holds the descriptions too (at once if it does).
export function whenComplete(data, callback) {
  const work = entry(data);
  if (!work.steps) callback();
  else work.waiting.push(callback);
}
