// The schedule kept on the device (the Cache API's "hallway-data"), as the page's store and
// the service worker both read and write it: one whole document (the outline with its texts)
// with its SHA-256 beside it, and the stars and reminder lead the page mirrors for the worker.
// No DOM: the worker runs this too.

import { notePatched } from "./texts.js";
import { slicer } from "./slices.js";

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
  // Read as the bytes kept, which the digest is of: hashing the text meant encoding it again,
  // 67 ms of a 4x slower phone's every start at a congress (a 2 MB copy; profiled).
  const bytes = await response.arrayBuffer();
  const digest = response.headers.get(DIGEST);
  const { texts, ...doc } = JSON.parse(new TextDecoder().decode(bytes));
  if (!doc || !Array.isArray(doc.sessions)) throw new Error("not a schedule");
  if (digest && digest !== (await digestOf(bytes))) throw new Error("altered");
  return { doc, texts, etag: digest ? response.headers.get("ETag") : null };
}

// Keeps `doc` with what it holds of the texts (`texts`), under `etag` (null: a copy patched on
// the device, which no server response has ever had). Serialised, encoded and hashed in slices
// (data/slices.js): at a congress, the whole document in one go was a 130-340 ms task on a phone
// right after its first screen (bench/blocking.py). The bytes and their digest are the ones
// JSON.stringify would give, so a copy reads and checks the same whichever version kept it.
export async function writeKept(cache, doc, texts, etag) {
  const pause = slicer();
  const body = await encoded(await serialised({ ...doc, texts }, pause), pause);
  const digest = await digestOf(body);
  const headers = { "Content-Type": "application/json", ...(etag ? { ETag: etag } : {}), ...(digest ? { [DIGEST]: digest } : {}) };
  await cache.put(KEPT, new Response(body, { headers }));
}

// Sessions (or speakers) serialised at once between two pauses: a few ms at 4x CPU.
const RUN = 25;

// JSON.stringify(value), for an object whose arrays (the sessions, the speakers) are long, as
// its pieces in order: the arrays a few items at a time.
async function serialised(value, pause) {
  const pieces = ["{"];
  for (const [key, item] of Object.entries(value)) {
    const text = Array.isArray(item) ? null : JSON.stringify(item);
    if (!Array.isArray(item) && text === undefined) continue; // as JSON.stringify leaves it out
    if (pieces.length > 1) pieces.push(",");
    pieces.push(`${JSON.stringify(key)}:`);
    if (text !== null) {
      pieces.push(text);
      continue;
    }
    pieces.push("[");
    for (let i = 0; i < item.length; i += RUN) {
      if (i > 0) pieces.push(",");
      pieces.push(JSON.stringify(item.slice(i, i + RUN)).slice(1, -1));
      await pause();
    }
    pieces.push("]");
  }
  pieces.push("}");
  return pieces;
}

// The UTF-8 bytes of the pieces joined.
async function encoded(pieces, pause) {
  const encoder = new TextEncoder();
  const parts = [];
  for (const piece of pieces) {
    parts.push(encoder.encode(piece));
    await pause();
  }
  const bytes = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
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

// Hex SHA-256 of `text` (a string, or its UTF-8 bytes as an array or buffer), or null where the
// browser has no SubtleCrypto.
async function digestOf(text) {
  if (!globalThis.crypto?.subtle) return null;
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  const hash = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, "0")).join("");
}
