// The venue plan (/api/v1/venue.json) and what is on in each room. The plan is fetched
// fresh when there is a network, else read back from the page's own copy or the worker's
// precache, so the map works offline after the first visit.

export const VENUE = "/api/v1/venue.json";
const DATA_CACHE = "hallway-data";
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

async function fetchVenue() {
  let response;
  try {
    response = await fetch(VENUE);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
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

// The sessions running in `room` at `now`, and the next one to start (cancelled ones skipped).
export function nowNext(data, room, now) {
  const here = data.sessions.filter((s) => s.room === room && !s.cancelled);
  return {
    now: here.filter((s) => s.start <= now && now < s.end),
    next: here.find((s) => s.start > now) || null,
  };
}
