// Walking minutes between rooms, as the server worked them out (webapp/venue/walking.py: one
// rule, never written again here): the venue document's `walk`, read defensively, and the
// person's "Step-free routes" choice, kept on the device.

export const STEP_FREE_KEY = "hallway.step-free.v1";
const MAX_ROOMS = 2000; // more than any congress has: a bound on what is read
let chosen = null; // the choice made on this visit (it holds even when storage refused it)

function square(matrix, n) {
  return Array.isArray(matrix) && matrix.length === n && matrix.every((row) => Array.isArray(row) && row.length === n && row.every((m) => Number.isInteger(m) && m >= 0));
}

// The venue document's `walk` as {index: Map(room id -> row), minutes, stepFree, fromPlan},
// or null when it has none or it is not well formed (then no walking time is shown at all).
export function readWalk(venue) {
  const walk = venue?.walk;
  const rooms = walk?.rooms;
  if (!Array.isArray(rooms) || rooms.length < 2 || rooms.length > MAX_ROOMS || !rooms.every((r) => typeof r === "string")) return null;
  if (!square(walk.minutes, rooms.length)) return null;
  const stepFree = square(walk.step_free, rooms.length) ? walk.step_free : walk.minutes;
  return { index: new Map(rooms.map((id, i) => [id, i])), minutes: walk.minutes, stepFree, fromPlan: walk.from_plan === true };
}

// Whole minutes from room `from` to room `to`, or null when either is not in the table.
export function walkMinutes(walk, from, to, { stepFree = false } = {}) {
  const i = walk?.index.get(from);
  const j = walk?.index.get(to);
  if (i === undefined || j === undefined) return null;
  return (stepFree ? walk.stepFree : walk.minutes)[i][j];
}

// Anything stored but "1" (an old or damaged value) reads as off: stairs are then counted.
export function stepFree() {
  try {
    return localStorage.getItem(STEP_FREE_KEY) === "1";
  } catch {
    return false;
  }
}

export function setStepFree(on) {
  try {
    localStorage.setItem(STEP_FREE_KEY, on ? "1" : "0");
  } catch {
    // Not remembered across visits; the switch still holds for this one.
  }
  chosen = Boolean(on);
}

export const usingStepFree = () => chosen ?? stepFree();
