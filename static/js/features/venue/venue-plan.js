// The venue plan (/api/v1/venue.json) and what is on in each room. The plan is fetched
// fresh when there is a network, else read back from the page's own copy or the worker's
// precache, so the map works offline after the first visit. Its floor images (/venue/<file>,
// named by their content) are kept in the same cache, so they are there offline too.
// A new venue (the changes feed says its version) is fetched again: `venueVersion`.

export const VENUE = "/api/v1/venue.json";
const DATA_CACHE = "hallway-data";
const HELD_KEY = "hallway.venue"; // the venue version this device keeps, plan and images
let pending = null;
let known = null; // the last document read, for views drawn at once (Now, the room pickers)

async function cached() {
  try {
    const own = await (await caches.open(DATA_CACHE)).match(VENUE);
    return own || (await caches.match(VENUE));
  } catch {
    return null; // no Cache API here: only the network can answer
  }
}

// The floor images `doc` names, kept; those of an earlier venue let go.
async function keepImages(doc) {
  const wanted = new Set(doc.floors.map((f) => f.image).filter((u) => typeof u === "string" && u.startsWith("/venue/")));
  const cache = await caches.open(DATA_CACHE);
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path.startsWith("/venue/") && !wanted.has(path)) await cache.delete(request);
  }
  for (const url of wanted) if (!(await cache.match(url))) await cache.add(url);
}

function held() {
  try {
    return localStorage.getItem(HELD_KEY);
  } catch {
    return null;
  }
}

function hold(doc) {
  try {
    if (Number.isInteger(doc.version)) localStorage.setItem(HELD_KEY, String(doc.version));
  } catch {
    // No storage: the plan is fetched again at the next version the feed says.
  }
}

async function fetchVenue() {
  let response;
  let fresh = false;
  try {
    response = await fetch(VENUE);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    fresh = true;
    const copy = response.clone();
    caches
      .open(DATA_CACHE)
      .then((c) => c.put(VENUE, copy))
      .catch(() => {}); // a copy is a convenience: the worker precaches the plan too
  } catch (error) {
    response = await cached();
    if (!response) throw error;
  }
  const doc = await response.json();
  if (!doc || !Array.isArray(doc.floors) || !Array.isArray(doc.rooms)) throw new Error("not a venue document");
  known = doc;
  // Held once its images are kept: a version whose images could not all be fetched is tried again.
  if (fresh) keepImages(doc).then(() => hold(doc), () => {});
  return doc;
}

export function loadVenue() {
  pending ??= fetchVenue().catch((error) => {
    pending = null; // let the next view try again
    throw error;
  });
  return pending;
}

// The venue as last read on this page, or null before it is: a view drawn at once groups its
// rooms with it, and with onceRead(redraw) draws that part again when it comes (nothing
// happens when it was read already, or cannot be: the rooms stay in the schedule's order).
export const knownVenue = () => known;

export function onceRead(redraw) {
  if (!known) loadVenue().then(redraw, () => {});
}

// The venue's version the changes feed says. Another one than this page drew, or than this
// device keeps, is fetched (plan and images, kept offline). Resolves true when the page holds
// a new plan to draw.
export async function venueVersion(version) {
  if (!Number.isInteger(version)) return false;
  const before = pending ? await pending.catch(() => null) : null;
  if (before ? before.version === version : held() === String(version)) return false;
  pending = null;
  const doc = await loadVenue().catch(() => null);
  return Boolean(before && doc && doc.version !== before.version);
}

// The sessions running in `room` at `now`, and the next one to start (cancelled ones skipped).
export function nowNext(data, room, now) {
  const here = data.sessions.filter((s) => s.room === room && !s.cancelled);
  return {
    now: here.filter((s) => s.start <= now && now < s.end),
    next: here.find((s) => s.start > now) || null,
  };
}
