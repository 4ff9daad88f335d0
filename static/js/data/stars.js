// Stars as saved on the device, and how two tabs' stars meet. Pure: data/store.js reads and writes.

const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

// {stars: Map id -> title, ignored: items that were not stars} from the saved text, or null
// when the text is not a list at all (damaged).
export function parseStars(raw) {
  let value;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const stars = new Map();
  let ignored = 0;
  for (const item of value) {
    const id = typeof item === "string" ? item : item && typeof item === "object" ? item.id : null;
    if (typeof id !== "string" || !ID_RE.test(id)) {
      ignored += 1;
      continue;
    }
    stars.set(id, item && typeof item.title === "string" ? item.title.slice(0, 300) : null);
  }
  return { stars, ignored };
}

// Another tab saved `saved`; this tab holds `mine`, which agreed with storage as `agreed` when it
// last read or wrote it. What this tab starred or unstarred since is applied on top of what was
// saved, so neither tab's star is lost (a plain save would erase the other tab's).
export function mergeStars(saved, mine, agreed) {
  const merged = new Map(saved);
  for (const [id, title] of mine) if (!agreed.has(id)) merged.set(id, title);
  for (const id of agreed.keys()) if (!mine.has(id)) merged.delete(id);
  return merged;
}
