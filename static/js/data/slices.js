// Long work on the main thread in slices: a phone at a congress (1,000 sessions, a CPU 4x slower
// than a laptop's) has the whole document serialised, hashed or indexed in tasks of a few ms,
// with the page free to paint, scroll and take a tap between them (bench/blocking.py).
// No DOM: the service worker runs this too, where each pause is a plain task.

// A slice's length: a task under 50 ms is not a long one, even with a frame drawn after it.
export const SLICE_MS = 8;

// Lets the page run what waits (input, a frame) before the work goes on: scheduler.yield()
// where the browser has it (the work keeps its place ahead of other tasks), else a new task.
export function yieldToPage() {
  if (globalThis.scheduler?.yield) return globalThis.scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// A pause to await between steps of long work: it yields once `budget` ms have gone since the
// last slice began, and returns at once otherwise.
export function slicer(budget = SLICE_MS) {
  let began = performance.now();
  return async () => {
    if (performance.now() - began < budget) return;
    await yieldToPage();
    began = performance.now();
  };
}

// `fn` over every item of `list`, in slices; its results in order.
export async function mapInSlices(list, fn, pause = slicer()) {
  const out = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    out[i] = fn(list[i], i);
    await pause();
  }
  return out;
}
