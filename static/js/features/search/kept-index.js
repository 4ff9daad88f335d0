// The outline's search index kept on the device between visits (the Cache API's hallway-data),
// read back as the next visit starts. A key typed the moment a congress's first screen shows
// came before the worker's index (100-200 ms after the first screen), and the page built the
// outline's index on that key: 56-76 ms of a 4x slower phone (bench/search.py). Kept, the
// index is read in a few ms while the first screen is drawn. No DOM: the search worker keeps
// what it builds (index-worker.js).
//
// The key names what the index is made of: the app's build (fold.js may change how words are
// cut) and the schedule's contents, as the server's document names them: its store, version
// and stamp (data/store.js; what the feed tells versions apart by). Any change to the schedule
// (a correction, a new version) reads as another index, never adopted. A document that does
// not name itself (none the app's own server or export sends) has its index built each visit.

import { DATA_CACHE } from "../../data/kept-copy.js";

const KEPT_INDEX = "/hallway/search-outline.bin"; // one index: the newest replaces it
const KEY = "X-Hallway-Index";
const PARTS = ["outline", "speakers", "tracks"];
const HEAD = 4 * (1 + PARTS.length); // byte lengths: the words' JSON, then each part's codes
const aligned = (at) => at + ((4 - (at % 4)) % 4); // where a Uint32Array may start

// The key of the index of `data` built by `build`; null where `data` does not say what it holds.
export function indexKey(data, build) {
  if (!data.store || !data.stamp) return null;
  return [build, data.store, data.version, data.stamp, data.sessions.length, data.speakers.size, data.tracks.size].join(":");
}

// The packed parts ({ outline, speakers, tracks }: Words.pack()) as one body, copied now: the
// worker then hands their buffers to the page.
export function indexBody(parts) {
  const head = new TextEncoder().encode(JSON.stringify(PARTS.map((name) => parts[name].words)));
  const sizes = new Uint32Array([head.length, ...PARTS.map((name) => parts[name].codes.length)]);
  const pad = new Uint8Array(aligned(HEAD + head.length) - (HEAD + head.length));
  return new Blob([sizes, head, pad, ...PARTS.flatMap((name) => [parts[name].ends, parts[name].codes])]);
}

function cache() {
  return typeof caches === "undefined" ? Promise.reject(new Error("no Cache API")) : caches.open(DATA_CACHE);
}

// Keeps `body` (indexBody) as the index under `key`. Never fails: a phone whose storage is full
// or denied builds the index each visit, as before.
export async function keepIndex(key, body) {
  if (!key) return;
  try {
    await (await cache()).put(KEPT_INDEX, new Response(body, { headers: { [KEY]: key } }));
  } catch {
    // nothing kept
  }
}

// What is kept: { key, buffer }, or null (none, or no Cache API). Started as the app starts
// (ready-index.js readAhead), while the schedule is read: its disk read is then done by the
// time the first screen is.
export async function readKept() {
  try {
    const response = await (await cache()).match(KEPT_INDEX);
    return response ? { key: response.headers.get(KEY), buffer: await response.arrayBuffer() } : null;
  } catch {
    return null;
  }
}

// The parts of `kept` (readKept) if kept under `key`, as Words.pack() gives them; else null:
// another schedule's or build's, or a body that does not read as one (then it is deleted). The
// caller checks the postings against its data (SearchIndex.adoptKept) before using them.
export function keptIndex(kept, key) {
  if (!kept || !key || kept.key !== key) return null;
  try {
    return parsed(kept.buffer);
  } catch {
    cache().then((c) => c.delete(KEPT_INDEX)).catch(() => {});
    return null;
  }
}

// Throws where the body is cut short, too long, or not the lists it should hold.
function parsed(buffer) {
  const sizes = new Uint32Array(buffer, 0, 1 + PARTS.length);
  const words = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(buffer, HEAD, sizes[0])));
  if (!Array.isArray(words) || words.length !== PARTS.length || !words.every(Array.isArray)) throw new Error("not an index");
  let at = aligned(HEAD + sizes[0]);
  const parts = {};
  PARTS.forEach((name, i) => {
    const ends = new Uint32Array(buffer, at, words[i].length);
    at += ends.byteLength;
    const codes = new Uint32Array(buffer, at, sizes[1 + i]);
    at += codes.byteLength;
    parts[name] = { words: words[i], ends, codes };
  });
  if (at !== buffer.byteLength) throw new Error("not an index");
  return parts;
}
