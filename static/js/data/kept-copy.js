// The schedule kept on the device (the Cache API's "hallway-data"), as the page's store and
// the service worker both read and write it: one whole document (the outline with its texts)
// with its SHA-256 beside it, and the stars and reminder lead the page mirrors for the worker.
// No DOM: the worker runs this too.

import { notePatched } from "./texts.js";

export const DATA_CACHE = "hallway-data";
// Under the key app versions before the outline/texts split kept theirs at, so either reads it.
export const KEPT = "/api/v1/schedule.json";
// What the worker needs of localStorage, which it cannot read (features/push/wake-times.js, mirrorOf).
export const MIRROR = "/hallway/stars.json";
// The kept copy's SHA-256, written with it: a copy changed on the device (storage damaged,
// emptied by a cleaner) is never shown as the schedule under the server's current ETag.
const DIGEST = "X-Hallway-Digest";

// {doc, texts, etag} from the cache, null when nothing is kept; throws when the copy is
// damaged or altered. A copy with no digest (kept by an older version of the app) is read,
// but its ETag is not trusted: the next check takes the server's document whole.
export async function readKept(cache) {
  const response = await cache.match(KEPT);
  if (!response) return null;
  const body = await response.text();
  const digest = response.headers.get(DIGEST);
  const { texts, ...doc } = JSON.parse(body);
  if (!doc || !Array.isArray(doc.sessions)) throw new Error("not a schedule");
  if (digest && digest !== (await digestOf(body))) throw new Error("altered");
  return { doc, texts, etag: digest ? response.headers.get("ETag") : null };
}

// Keeps `doc` with what it holds of the texts (`texts`), under `etag` (null: a copy patched on
// the device, which no server response has ever had).
export async function writeKept(cache, doc, texts, etag) {
  const body = JSON.stringify({ ...doc, texts });
  const digest = await digestOf(body);
  const headers = { "Content-Type": "application/json", ...(etag ? { ETag: etag } : {}), ...(digest ? { [DIGEST]: digest } : {}) };
  await cache.put(KEPT, new Response(body, { headers }));
}

// Corrections and a re-import's changes applied to a kept document: sessions added or replaced
// by id, `removed` ones taken out, the rooms, tracks or speakers lists a re-import changed
// (`lists`), at `version` and its `stamp`; with what it then holds of the texts (`held`, data/texts.js).
export function patchedDoc(doc, held, { version, sessions = [], removed = [], lists = {}, notices = null, stamp = null }) {
  const byId = new Map(doc.sessions.map((s) => [s.id, s]));
  for (const id of removed) byId.delete(id);
  for (const s of sessions) byId.set(s.id, s);
  const patched = { ...doc, ...lists, ...(notices ? { notices } : {}), version, stamp, sessions: [...byId.values()] };
  return { doc: patched, held: notePatched(held, doc, sessions, version) };
}

// Hex SHA-256 of `text`, or null where the browser has no SubtleCrypto.
async function digestOf(text) {
  if (!globalThis.crypto?.subtle) return null;
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, "0")).join("");
}
