// Language names for the tags sessions carry.

// The outline's names (`language_names`: Intl's own, written by the server), so the first
// screen of a multilingual event starts no Intl; strings only, anything else is ignored.
let given = new Map();
export function setLanguageNames(table) {
  const entries = table && typeof table === "object" && !Array.isArray(table) ? Object.entries(table) : [];
  given = new Map(entries.filter(([tag, name]) => typeof name === "string" && name.trim()));
}

// "English" for "en", in the reader's own words; the tag itself where the browser has no name.
const names = new Map();
export function languageName(tag) {
  if (given.has(tag)) return given.get(tag);
  if (!names.has(tag)) {
    let name = tag;
    try {
      name = new Intl.DisplayNames(["en"], { type: "language" }).of(tag) || tag;
    } catch {
      // not a language tag a browser knows: shown as the source wrote it
    }
    names.set(tag, name);
  }
  return names.get(tag);
}
