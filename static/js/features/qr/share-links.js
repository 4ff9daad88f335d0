// Share links and scanned codes, as pure functions (no DOM, no storage): easy to test, safe
// to call on anything a camera or a link hands us.
//
// A share link is `<origin>/share?s=<id>.<id>...`: ids are [A-Za-z0-9_-], so '.' separates
// them without any escaping, and the link stays short enough for a scannable QR code.

export const SHARE_PATH = '/share';
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
// A QR code holding more than this gets too dense to scan off a phone screen.
export const MAX_SHARED = 150;
const SEPARATOR = '.';
const MAX_PARAM_LENGTH = 65 * MAX_SHARED;

const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/;

/** The share link for `ids` under `origin`; drops duplicates and malformed ids, keeps order.
 * `lang`: the sharer's language, carried as `&hl=` (the link opens in it; a bad tag is left out). */
export function encodeShare(ids, origin, lang = null) {
  const kept = [];
  const seen = new Set();
  for (const id of ids) {
    if (typeof id !== 'string' || !ID_PATTERN.test(id) || seen.has(id)) continue;
    seen.add(id);
    kept.push(id);
    if (kept.length === MAX_SHARED) break;
  }
  const url = new URL(SHARE_PATH, origin);
  // Built by hand: URLSearchParams would escape nothing here but is longer to read back.
  const tag = typeof lang === 'string' && LANGUAGE_TAG.test(lang) ? `&hl=${lang}` : '';
  url.search = kept.length ? `s=${kept.join(SEPARATOR)}${tag}` : '';
  return { url: url.href, ids: kept, dropped: ids.length - kept.length };
}

/**
 * The session ids a share link carries. `search` is a location.search-like string or a URL;
 * `knownIds` a Set of this schedule's ids. Returns the usable ids (deduplicated, in order) and
 * what was ignored, each with its reason, so the view can say so.
 */
export function decodeShare(search, knownIds) {
  let params;
  try {
    params = new URL(search, 'http://x.invalid/').searchParams;
  } catch {
    return { ids: [], ignored: [{ value: String(search).slice(0, 80), reason: 'not a share link' }] };
  }
  const raw = (params.get('s') || '').slice(0, MAX_PARAM_LENGTH);
  const ids = [];
  const ignored = [];
  const seen = new Set();
  for (const part of raw.split(SEPARATOR)) {
    if (part === '' || seen.has(part)) continue;
    seen.add(part);
    if (!ID_PATTERN.test(part)) ignored.push({ value: part.slice(0, 80), reason: 'malformed' });
    else if (!knownIds.has(part)) ignored.push({ value: part, reason: 'not in this schedule' });
    else if (ids.length >= MAX_SHARED) ignored.push({ value: part, reason: 'too many' });
    else ids.push(part);
  }
  return { ids, ignored };
}

/** Stars after accepting `incoming`: a merge, never an overwrite. */
export function mergeStars(current, incoming) {
  const stars = [...current];
  const have = new Set(current);
  const added = [];
  for (const id of incoming) {
    if (have.has(id)) continue;
    have.add(id);
    stars.push(id);
    added.push(id);
  }
  return { stars, added };
}

/**
 * What a scanned code is. Only a link under one of `origins` (this app's origin, and its public
 * URL when the server names one: an origin perhaps with a path, like https://example.org/conf)
 * to a known session or a share link is ever followed; anything else comes back as text, to be
 * shown, not opened. The path returned is this app's, rebuilt from the id, never the scanned
 * string itself.
 */
export function classifyCode(text, { origins, knownIds }) {
  const asText = { kind: 'text', text: String(text) };
  let url;
  try {
    url = new URL(String(text).trim());
  } catch {
    return asText;
  }
  if (url.username || url.password) return asText;
  const path = pathUnder(url, origins);
  if (path === null) return asText;
  const session = /^\/session\/([^/]+)\/?$/.exec(path);
  if (session) {
    const id = session[1];
    if (ID_PATTERN.test(id) && knownIds.has(id)) return { kind: 'session', id, path: `/session/${id}` };
    return { ...asText, note: 'a link to a session this schedule does not have' };
  }
  if (path === SHARE_PATH && url.searchParams.has('s')) {
    // The share view decodes it and says what it ignored; escaped, it can only be a value.
    const s = url.searchParams.get('s').slice(0, MAX_PARAM_LENGTH);
    return { kind: 'share', path: `${SHARE_PATH}?s=${encodeURIComponent(s)}` };
  }
  return asText;
}

// The path of `url` below the first of `bases` it is under, or null: same origin, and inside
// the base's path (a whole segment: /conf does not hold /conference).
function pathUnder(url, bases) {
  for (const base of bases) {
    let b;
    try {
      b = new URL(base);
    } catch {
      continue; // a malformed public URL is no base at all
    }
    if (!/^https?:$/.test(b.protocol) || b.origin !== url.origin || b.username || b.password) continue;
    const prefix = b.pathname.replace(/\/+$/, '');
    if (prefix === '') return url.pathname;
    if (url.pathname.startsWith(`${prefix}/`)) return url.pathname.slice(prefix.length);
  }
  return null;
}
