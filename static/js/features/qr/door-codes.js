// What a code on a door (or a link, or text typed in) names, as pure functions: the one rule
// the scanner, its typing box and the /s short links follow, run in the page against the
// schedule on the device, so it works offline.
//
// A code opens a session when it is
// - the session's id, in any case ("QED22Y2B" for qed22y2b; an exact match first, and a
//   case-blind one only when it names one session);
// - one of this app's own addresses (its origin, its public URL): /session/<id>, /s/<id>,
//   /s?c=<code>, or a share link /share?s=...;
// - the session's own page at its source (FOSDEM's printed codes and the links people share:
//   https://fosdem.org/2026/schedule/event/HTJK33-evolving_git/), compared without scheme,
//   "www.", case, query, fragment or trailing slash. The address comes with the session's
//   links (a link of kind "page", webapp/serving/texts.py) or as its `url` (a re-import's change).
// Anything else is text, never opened, with a note saying what it is (views/scan.js words it).

import { ID_PATTERN, classifyCode } from "./share-links.js";

export const SHORT_PATH = "/s";
const WEB = /^https?:$/;
// Typed without a scheme: "fosdem.org/2026/schedule/..." (a host with a dot, then a path).
const BARE_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?(\/|$)/i;
// Typed as the address under a door sign's code (…/session/abc123), whatever comes before.
const TYPED_SESSION = /^(?:.*\/)?session\/([A-Za-z0-9_-]{1,64})\/?$/;

const siteOf = (host) => host.replace(/^www\./, "");

/** The key a web address is looked up by: host (no "www.") and path, lower case, without
 * query, fragment, repeated or trailing slashes; null for anything but http(s). With `query`,
 * its query too (its parameters sorted, utm_ ones left out): for the sites whose pages differ
 * only there (talk?id=7). */
export function pageKey(address, query = false) {
  let url;
  try {
    url = address instanceof URL ? address : new URL(String(address).trim());
  } catch {
    return null;
  }
  if (!WEB.test(url.protocol) || !url.hostname) return null;
  const path = url.pathname.replace(/\/{2,}/g, "/").replace(/\/+$/, "");
  const key = `${siteOf(url.host)}${path}`.toLowerCase();
  if (!query) return key;
  const params = [...url.searchParams].filter(([k]) => !/^utm_/i.test(k)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${key}?${new URLSearchParams(params)}`;
}

/** The session's own page at its source, or null. */
export function pageOf(session) {
  if (typeof session?.url === "string") return session.url;
  const links = Array.isArray(session?.links) ? session.links : [];
  const page = links.find((l) => l && l.kind === "page" && typeof l.url === "string");
  return page ? page.url : null;
}

/** What codes are looked up in, from the sessions (the store's `data.sessions`). */
export function codeIndex(sessions) {
  const ids = new Set();
  const folded = new Map(); // lower-case id -> id, or null when two ids fold together
  const pages = new Map(); // pageKey -> id, or null when pages differ only in their query
  const queried = new Map(); // pageKey with its query -> id
  for (const s of sessions) {
    if (!s || typeof s.id !== "string") continue;
    ids.add(s.id);
    const low = s.id.toLowerCase();
    folded.set(low, folded.has(low) && folded.get(low) !== s.id ? null : s.id);
    const page = pageOf(s);
    const key = pageKey(page);
    if (!key) continue;
    const full = pageKey(page, true);
    if (!queried.has(full)) queried.set(full, s.id); // two sessions of one page: the first
    if (!pages.has(key)) pages.set(key, s.id);
    else if (pages.get(key) !== null && queried.get(full) === s.id) pages.set(key, null);
  }
  return { ids, folded, pages, queried };
}

const opened = (id) => ({ kind: "session", id, path: `/session/${id}` });

function byId(raw, index) {
  if (!ID_PATTERN.test(raw)) return null;
  if (index.ids.has(raw)) return raw;
  return index.folded.get(raw.toLowerCase()) ?? null;
}

/**
 * What `text` names: { kind: "session", id, path } or { kind: "share", path } to open, or
 * { kind: "text", text, note, host? } to show. `origins`: this app's own bases (as
 * classifyCode takes them); `typed`: a person typed it (a bare host and "…/session/<id>" count).
 * Notes: "not a session of this schedule" (an id-like word), "a link to a session this
 * schedule does not have", "a page of this app, not a session", "a page of another site"
 * (with its `host`), "not a code of this app".
 */
export function readCode(text, { origins, index, typed = false, depth = 0 }) {
  const raw = String(text);
  const clean = raw.trim();
  const asText = (note, extra = {}) => ({ kind: "text", text: raw, note, ...extra });
  if (!clean) return asText("not a code of this app");
  const id = byId(clean, index);
  if (id) return opened(id);
  if (ID_PATTERN.test(clean)) return asText("not a session of this schedule");
  if (typed) {
    const found = TYPED_SESSION.exec(clean);
    const typedId = found && byId(found[1], index);
    if (typedId) return opened(typedId);
  }
  let url;
  try {
    url = new URL(typed && BARE_HOST.test(clean) ? `https://${clean}` : clean);
  } catch {
    return asText("not a code of this app");
  }
  if (!WEB.test(url.protocol) || url.username || url.password) return asText("not a code of this app");
  // This app's own addresses: the rule classifyCode keeps (origins, share links) first.
  const own = classifyCode(url.href, { origins, knownIds: index.ids });
  if (own.kind !== "text") return own;
  const path = ownPath(url, origins);
  if (path !== null) return ownCode(url, path, { origins, index, depth, asText });
  const page = index.pages.get(pageKey(url)) ?? index.queried.get(pageKey(url, true));
  if (page) return opened(page);
  return asText("a page of another site", { host: siteOf(url.hostname) });
}

function ownCode(url, path, { origins, index, depth, asText }) {
  const clean = path.replace(/\/+$/, "");
  const session = /^\/(?:session|s)\/([^/]+)$/.exec(clean);
  if (session) {
    const id = byId(decoded(session[1]), index);
    return id ? opened(id) : asText("a link to a session this schedule does not have");
  }
  if (clean === SHORT_PATH && url.searchParams.has("c") && depth === 0) {
    const inner = readCode(url.searchParams.get("c").slice(0, 2000), { origins, index, depth: 1 });
    return inner.kind === "text" ? { ...inner, text: url.href } : inner;
  }
  return asText("a page of this app, not a session");
}

function decoded(part) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part; // a stray "%": no id, said as such
  }
}

// The path of `url` below the first of `bases` it is under, or null (as share-links.js reads
// it: the same origin, inside the base's path by whole segments).
function ownPath(url, bases) {
  for (const base of bases) {
    let b;
    try {
      b = new URL(base);
    } catch {
      continue;
    }
    if (!WEB.test(b.protocol) || b.origin !== url.origin || b.username || b.password) continue;
    const prefix = b.pathname.replace(/\/+$/, "");
    if (prefix === "") return url.pathname;
    if (url.pathname.startsWith(`${prefix}/`) || url.pathname === prefix) return url.pathname.slice(prefix.length) || "/";
  }
  return null;
}
