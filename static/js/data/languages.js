// Language names for the tags sessions carry, in the reader's language.

import { language, languageNames } from "./i18n.js";

// The outline's names (`language_names`: Intl's own in English, written by the server), so the
// first screen of a multilingual event starts no Intl; strings only, anything else is ignored.
let given = new Map();
export function setLanguageNames(table) {
  const entries = table && typeof table === "object" && !Array.isArray(table) ? Object.entries(table) : [];
  given = new Map(entries.filter(([tag, name]) => typeof name === "string" && name.trim()));
}

// "English" for "en" ("anglais" in French): the language's catalog carries CLDR's names of the
// ISO 639-1 languages (webapp/i18n/locale_data.py), English has the outline's; Intl answers for
// another tag, and the tag itself where the browser has no name.
const names = new Map();
export function languageName(tag) {
  const reader = language();
  const table = languageNames();
  const own = table ? Object.hasOwn(table, tag.toLowerCase()) && table[tag.toLowerCase()] : given.get(tag);
  if (typeof own === "string" && own) return own;
  const key = `${reader} ${tag}`;
  if (!names.has(key)) {
    let name = given.get(tag) ?? tag;
    try {
      name = new Intl.DisplayNames([reader, "en"], { type: "language" }).of(tag) || name;
    } catch {
      // not a language tag a browser knows (or a pseudo-locale): shown as the source wrote it
    }
    names.set(key, name);
  }
  return names.get(key);
}
