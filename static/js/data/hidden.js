// Tracks and rooms the person chose to hide: kept on the device and carried in the address
// (?hide-track=a,b&hide-room=c), so a link shows what its sender saw. An address that says
// what to hide wins and is kept; without one, the device's choice applies. What is read back
// from storage is checked: anything but a list of ids is dropped, never thrown at a view.

export const HIDDEN_KEY = "hallway.hidden.v1";
export const HIDE_PARAMS = { tracks: "hide-track", rooms: "hide-room" };
const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
const MAX = 500; // more ids than any congress has rooms or tracks: a bound on what is read

function ids(list) {
  return new Set((Array.isArray(list) ? list : []).filter((x) => typeof x === "string" && ID_RE.test(x)).slice(0, MAX));
}

function stored() {
  try {
    const raw = JSON.parse(localStorage.getItem(HIDDEN_KEY) || "{}");
    return raw && typeof raw === "object" ? { tracks: ids(raw.tracks), rooms: ids(raw.rooms) } : none();
  } catch {
    return none(); // unreadable: nothing hidden, which loses no session from view
  }
}

function none() {
  return { tracks: new Set(), rooms: new Set() };
}

export function saveHidden(hidden) {
  const doc = { tracks: [...hidden.tracks], rooms: [...hidden.rooms] };
  try {
    localStorage.setItem(HIDDEN_KEY, JSON.stringify(doc));
  } catch {
    // storage full or refused: the address still carries the choice
  }
}

export function readHidden(query) {
  const said = Object.values(HIDE_PARAMS).some((p) => query.has(p));
  if (!said) return stored();
  const list = (p) => ids((query.get(p) || "").split(","));
  const hidden = { tracks: list(HIDE_PARAMS.tracks), rooms: list(HIDE_PARAMS.rooms) };
  saveHidden(hidden);
  return hidden;
}

// The address's parameters for `hidden` (empty lists said as empty, so they win over storage).
export function hideQuery(hidden) {
  return { [HIDE_PARAMS.tracks]: [...hidden.tracks].join(","), [HIDE_PARAMS.rooms]: [...hidden.rooms].join(",") };
}

export function hiddenCount(hidden) {
  return hidden.tracks.size + hidden.rooms.size;
}

export function isHidden(session, hidden) {
  return hidden.tracks.has(session.track) || hidden.rooms.has(session.room);
}

// Hides `id` of `kind` ("tracks" or "rooms"), or shows it again; returns the new choice.
export function toggleHidden(hidden, kind, id) {
  const next = { tracks: new Set(hidden.tracks), rooms: new Set(hidden.rooms) };
  if (next[kind].has(id)) next[kind].delete(id);
  else next[kind].add(id);
  saveHidden(next);
  return next;
}
