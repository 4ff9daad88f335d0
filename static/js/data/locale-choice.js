// Which language the app speaks, and its catalog fetched: ?hl= in the address, else the one
// chosen on this device (kept in localStorage, and in a cookie so the server writes the shell in
// it), else the browser's languages, else the event's, else English. A bad value is ignored.
// The address says `?hl=` ("host language"): `?lang=` is the filter of sessions by their language.

import { addPart, hasPart, language, useCatalog } from "./i18n.js";

const KEY = "hallway.lang.v1";
export const COOKIE = "hallway-lang"; // webapp/i18n/choose.py reads it
const TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/;
export const PSEUDO = ["en-XA", "ar-XB"]; // layout checks: by address only, never offered

// The offered language `asked` names ("fr-CA" is "fr" when only "fr" is offered), or null.
export function offered(asked, languages) {
  if (typeof asked !== "string" || !TAG.test(asked.trim())) return null;
  const tag = asked.trim().toLowerCase();
  const exact = languages.find((l) => l.toLowerCase() === tag);
  return exact ?? languages.find((l) => l.toLowerCase() === tag.split("-")[0]) ?? null;
}

// Pure: the language from what is asked, in order. `languages`: the offered ones (the shell's
// switcher lists them).
export function chooseLanguage({ languages, address = null, stored = null, browser = [], event = null }) {
  const fromAddress = offered(address, [...languages, ...PSEUDO]);
  if (fromAddress) return { lang: fromAddress, from: "address" };
  for (const [asked, from] of [[stored, "device"], ...[...browser].map((b) => [b, "browser"]), [event, "event"]]) {
    const found = offered(asked, languages);
    if (found) return { lang: found, from };
  }
  return { lang: "en", from: "default" };
}

export function storedLanguage() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

// The person's choice, for the next starts (this device) and for the server's shell (cookie).
export function keepLanguage(lang) {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // not kept across starts; the switch still holds for this visit
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the server reads the shell's language from it; the Cookie Store API is not in every browser
  document.cookie = `${COOKIE}=${encodeURIComponent(lang)}; path=/; max-age=31536000; SameSite=Lax`;
}

// A language's file, or one of its parts' ("console": i18n/fr.console.json).
export const catalogUrl = (prefix, lang, part = null) => `${prefix}i18n/${lang}${part ? `.${part}` : ""}.json`;

export class NotOnThisPhone extends Error {}

let where = ""; // the prefix the language's file came from: its parts are beside it

async function fetched(url, what) {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(String(response.status));
    return await response.json();
  } catch (error) {
    throw new NotOnThisPhone(`${what}: ${error.message}`);
  }
}

// `lang`'s catalog fetched and taken (English needs none). NotOnThisPhone when it cannot be
// fetched (offline, and the worker has not kept it); a broken file is refused the same way.
export async function loadLanguage(lang, prefix) {
  where = prefix;
  if (lang === "en") return useCatalog(null);
  const catalog = await fetched(catalogUrl(prefix, lang), lang);
  if (!useCatalog(catalog)) throw new NotOnThisPhone(`${lang}: not a catalog`);
  return true;
}

// The part of the language taken that `part`'s code alone says (webapp/i18n/parts.py), fetched
// when that code is loaded; the worker keeps it once fetched. False when it cannot be had
// (offline before it was ever fetched): those words stay English, the rest is as it was.
export async function loadPart(part) {
  const lang = language();
  if (hasPart(part)) return true;
  try {
    return addPart(await fetched(catalogUrl(where, lang, part), `${lang}.${part}`));
  } catch (error) {
    if (error instanceof NotOnThisPhone) return false;
    throw error;
  }
}
