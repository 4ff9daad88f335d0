// The long texts (session descriptions, speaker bios, and the sessions' links, which only a
// session's page shows) come apart from the outline the app renders first: /api/v1/texts.json,
// fetched after the first screen. The pure part: check a texts document and merge it into the
// kept schedule document. A session or speaker whose text is not known yet has no
// `description` / `bio` key at all (not an empty one); a session without links has no `links`.

import { mapInSlices, slicer } from "./slices.js";

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const own = (obj, key) => (Object.hasOwn(obj, key) ? obj[key] : undefined);
const storeOf = (doc) => (doc && typeof doc.store === "string" && doc.store ? doc.store : null);

// What the device knows of its texts: `version`, of the texts merged (null: none yet);
// `base`, the version of the outline last taken whole; `reached`, the version corrections
// brought it to since (a correction carries in full any description it changes and never
// touches a bio, so it needs no new texts); `patched`, by session id, the version of a
// correction that set a description.
export const NO_TEXTS = Object.freeze({ version: null, base: 0, reached: 0, patched: Object.freeze({}) });

// The version the texts are current for: the corrections' when the texts are not older than
// the outline they were applied to; else only the texts' own (a re-import in between may
// have changed any text).
function currentTo(held) {
  return held.version >= held.base ? Math.max(held.version, held.reached) : held.version;
}

// Whether the document at `version` needs a texts document: none yet, or not current for it.
export function needsTexts(held, version) {
  return held.version === null || currentTo(held) < version;
}

// `held` once an outline at `version` is taken whole, keeping what it knows (`keep`: the same
// store, not rewound) or not. At a version the texts are already current for (the outline
// fetched again for its notices), nothing changes: no texts download for an announcement.
export function tookWhole(held, version, keep) {
  if (keep && held.version !== null && currentTo(held) >= version) return held;
  return { ...(keep ? held : NO_TEXTS), base: version, reached: version };
}

// A texts document, checked; null when it is not one (damaged, cut): it is then ignored. One
// without `links` (a server from before they moved here) leaves the outline's links as they are.
export function checkTexts(raw) {
  if (!isObject(raw) || !Number.isInteger(raw.version) || raw.version < 0) return null;
  if (!isObject(raw.descriptions) || !isObject(raw.bios)) return null;
  if (raw.links !== undefined && !isObject(raw.links)) return null;
  return raw;
}

// Whether `texts` belong with `doc`, whose texts are `held`: the same store, never older
// than the texts already merged.
export function fits(doc, held, texts) {
  if (storeOf(doc) !== storeOf(texts)) return false;
  return held.version === null || texts.version >= held.version;
}

// `doc` with the texts of `texts` (checked) in it. A description or links set by a change newer
// than these texts (`held.patched`) are kept: data from the feed never steps back.
export function mergeTexts(doc, held, texts) {
  const m = merger(held, texts);
  return m.merged(doc, doc.sessions.map(m.session), Array.isArray(doc.speakers) ? doc.speakers.map(m.speaker) : doc.speakers);
}

// The same, a few sessions and speakers at a time (data/slices.js): a congress's in one go was
// part of a long task after the first screen.
export async function mergeTextsInSlices(doc, held, texts, pause = slicer()) {
  const m = merger(held, texts);
  const sessions = await mapInSlices(doc.sessions, m.session, pause);
  const speakers = Array.isArray(doc.speakers) ? await mapInSlices(doc.speakers, m.speaker, pause) : doc.speakers;
  return m.merged(doc, sessions, speakers);
}

function merger(held, texts) {
  const session = (s) => {
    if (!isObject(s) || (own(held.patched, s.id) ?? -1) > texts.version) return s;
    const paragraphs = own(texts.descriptions, s.id);
    const merged = { ...s, description: Array.isArray(paragraphs) ? paragraphs.filter((p) => typeof p === "string") : [] };
    if (!isObject(texts.links)) return merged;
    const { links: _, ...rest } = merged;
    const links = own(texts.links, s.id);
    return Array.isArray(links) ? { ...rest, links } : rest;
  };
  const speaker = (p) => {
    if (!isObject(p)) return p;
    const bio = own(texts.bios, p.id);
    return { ...p, bio: typeof bio === "string" && bio ? bio : null };
  };
  const merged = (doc, sessions, speakers) => {
    const patched = Object.fromEntries(Object.entries(held.patched).filter(([, v]) => v > texts.version));
    return { doc: { ...doc, sessions, speakers }, held: { ...held, version: texts.version, patched } };
  };
  return { session, speaker, merged };
}

// The texts `before` had, on the same sessions and speakers of `after` (a newer outline of
// the same store, which has none): shown until the newer texts come, not dropped meanwhile.
export function carryTexts(before, after) {
  const byId = (list) => new Map((Array.isArray(list) ? list : []).filter(isObject).map((x) => [x.id, x]));
  const sessions = byId(before.sessions);
  const speakers = byId(before.speakers);
  const carry = (list, known, key) =>
    Array.isArray(list)
      ? list.map((x) => (isObject(x) && !(key in x) && known.get(x.id) && key in known.get(x.id) ? { ...x, [key]: known.get(x.id)[key] } : x))
      : list;
  const carried = carry(carry(after.sessions, sessions, "description"), sessions, "links");
  return { ...after, sessions: carried, speakers: carry(after.speakers, speakers, "bio") };
}

// Sessions of a correction (or a re-import's change) whose description or links differ from
// the document's: the version that set them is kept so older texts do not overwrite them.
export function notePatched(held, doc, sessions, version) {
  const current = new Map(doc.sessions.filter(isObject).map((s) => [s.id, s]));
  const patched = new Map(Object.entries(held.patched));
  const differs = (was, s, key) => key in s && (!was || !(key in was) || JSON.stringify(was[key]) !== JSON.stringify(s[key]));
  for (const s of sessions) {
    if (isObject(s) && (differs(current.get(s.id), s, "description") || differs(current.get(s.id), s, "links"))) patched.set(s.id, version);
  }
  return { ...held, reached: Math.max(held.reached, version), patched: Object.fromEntries(patched) };
}

// What a kept document says it holds (`texts`), checked; a copy kept by app versions before
// the split has none and is whole: its texts are those of its own version.
export function heldOf(kept, doc) {
  const raw = isObject(kept) ? kept : null;
  const ints = (...values) => values.every((v) => Number.isInteger(v));
  if (raw && (raw.version === null || ints(raw.version)) && ints(raw.base, raw.reached) && isObject(raw.patched)) {
    const patched = Object.fromEntries(Object.entries(raw.patched).filter(([, v]) => Number.isInteger(v)));
    return { version: raw.version, base: raw.base, reached: raw.reached, patched };
  }
  const version = Number.isInteger(doc?.version) ? doc.version : 0;
  if (raw) return tookWhole(NO_TEXTS, version, false); // damaged: the texts are fetched again
  const whole = Array.isArray(doc?.sessions) && doc.sessions.every((s) => !isObject(s) || "description" in s);
  return whole ? { version, base: version, reached: version, patched: {} } : tookWhole(NO_TEXTS, version, false);
}
