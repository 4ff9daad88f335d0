// What the phone remembers about corrections (localStorage): the version it has caught up
// to, when it last checked, what it has seen, whether to notify, and the changes themselves.

import { checkChange } from "./changes.js";

export const STATE_KEY = "hallway.changes.v1";

function fresh() {
  // store: the corrections store `cursor`, `seen` and the history's versions belong to.
  return { store: null, cursor: null, checkedAt: null, okAt: null, offline: false, seen: 0, notify: false, history: [] };
}

export function readState() {
  try {
    const value = JSON.parse(localStorage.getItem(STATE_KEY) || "null");
    if (!value || typeof value !== "object" || !Array.isArray(value.history)) return fresh();
    const history = value.history.map(checkChange).filter(Boolean);
    const quiet = new Set(value.history.filter((c) => c && c.quiet).map((c) => `${c.version}/${c.session}`));
    for (const c of history) c.quiet = quiet.has(`${c.version}/${c.session}`);
    const int = (v) => (Number.isInteger(v) && v >= 0 ? v : null);
    // A hand-edited time (a string, an object, out of Date's range) would throw when shown.
    const time = (v) => (Number.isFinite(v) && v >= 0 && v <= 8.64e15 ? v : null);
    return {
      ...fresh(),
      store: typeof value.store === "string" && value.store ? value.store : null,
      cursor: int(value.cursor),
      checkedAt: time(value.checkedAt),
      okAt: time(value.okAt),
      offline: value.offline === true,
      seen: Number.isInteger(value.seen) && value.seen >= -1 ? value.seen : 0,
      notify: value.notify === true,
      history,
    };
  } catch {
    return fresh(); // damaged or blocked storage: start over, the schedule itself is not at risk
  }
}

export function writeState(state) {
  try {
    localStorage.setItem(STATE_KEY, JSON.stringify(state));
  } catch {
    // Kept for this visit only; the patched schedule itself is stored by the store.
  }
}
