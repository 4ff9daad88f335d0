// The schedule's list filters: each takes several values at once (?track=a,b&room=c), a
// session passing when it matches any value of every filter given.

export const LIST_FILTERS = ["track", "room", "kind", "lang"];
const FIELD = { track: "track", room: "room", kind: "kind", lang: "lang" };

// The values of filter `name` in `query` (?track=a,b or ?track=a&track=b), empty when none.
export function chosen(query, name) {
  return new Set(query.getAll(name).flatMap((v) => v.split(",")).filter(Boolean));
}

export function choiceOf(query) {
  return Object.fromEntries(LIST_FILTERS.map((name) => [name, chosen(query, name)]));
}

export function matchesChoice(session, choice) {
  return LIST_FILTERS.every((name) => choice[name].size === 0 || choice[name].has(session[FIELD[name]]));
}

// The kinds the sessions have, in the order they are most common.
export function kindsOf(sessions) {
  const count = new Map();
  for (const s of sessions) if (typeof s.kind === "string" && s.kind) count.set(s.kind, (count.get(s.kind) || 0) + 1);
  return [...count.keys()].sort((a, b) => count.get(b) - count.get(a) || a.localeCompare(b));
}
