// Where the person is, worked out on the phone alone (offline too): the room of the door they
// last scanned, for a while; else the room of the starred session they are in now; else the
// room they picked ("I am at ..." on Now). A pick counts like a scan while it is fresh, so a
// person who says where they are is believed over their schedule. Times are the page's clock.

export const HERE_KEY = "hallway.here.v1";
export const FRESH_MS = 30 * 60 * 1000; // after half an hour a scanned door says little of where one is
const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
const HOW = new Set(["scan", "pick"]);

// {room, how, at} as kept, or null: anything else stored (an old shape, damage) is ignored.
function kept() {
  try {
    const value = JSON.parse(localStorage.getItem(HERE_KEY) || "null");
    if (value && typeof value.room === "string" && ID_RE.test(value.room) && HOW.has(value.how) && Number.isFinite(value.at)) return value;
  } catch {
    // unreadable: as if nothing were kept
  }
  return null;
}

// `how`: "scan" (a door's code) or "pick" (chosen on Now); `now`: the page's clock.
export function rememberPlace(room, how, now) {
  try {
    localStorage.setItem(HERE_KEY, JSON.stringify({ room, how, at: +now }));
  } catch {
    // storage full or refused: the place is not remembered, nothing else is lost
  }
}

export function forgetPlace() {
  try {
    localStorage.removeItem(HERE_KEY);
  } catch {
    // nothing to forget
  }
}

// The room of a code followed from the scanner: a session's room, or a room's own page.
export function roomOfCode(code, data) {
  if (code?.kind === "session") return data.byId.get(code.id)?.room ?? null;
  const room = /^\/room\/([A-Za-z0-9_-]{1,64})$/.exec(code?.path || "");
  return room && data.rooms.has(room[1]) ? room[1] : null;
}

// Where the person is at `now`: {room, how: "scan" | "pick" | "session", session?, at?}, or null.
export function whereNow(data, isStarred, now) {
  const place = kept();
  const known = place && data.rooms.has(place.room) ? place : null;
  // Either way: a pick made a moment after the page was drawn is fresh to that drawing's clock.
  const age = known ? Math.abs(+now - known.at) : Infinity;
  if (age < FRESH_MS) return { room: known.room, how: known.how, at: new Date(known.at) };
  const running = data.sessions.find((s) => !s.cancelled && isStarred(s.id) && s.start <= now && now < s.end && data.rooms.has(s.room));
  if (running) return { room: running.room, how: "session", session: running };
  return known?.how === "pick" ? { room: known.room, how: "pick", at: new Date(known.at) } : null;
}
