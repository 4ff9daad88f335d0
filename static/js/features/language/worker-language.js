// The service worker speaks the language the page chose, for what it writes itself (reminders,
// changes to starred sessions): the page's word is kept in hallway-data (templates/sw.js,
// takeLanguage), the language's catalog in the worker's cache. Nothing found: English.

import { useCatalog } from "../../data/i18n.js";
import { DATA_CACHE } from "../../data/kept-copy.js";

export const LANGUAGE_RECORD = "/__hallway/language";

export async function speakChosenLanguage() {
  try {
    const kept = await caches.match(LANGUAGE_RECORD, { cacheName: DATA_CACHE });
    const lang = kept ? (await kept.text()).trim() : "en";
    if (lang === "en" || !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/.test(lang)) return useCatalog(null);
    for (const name of await caches.keys()) {
      if (!name.startsWith("hallway-")) continue;
      const cache = await caches.open(name);
      const found = (await cache.keys()).find((r) => new URL(r.url).pathname.endsWith(`/i18n/${lang}.json`));
      if (found) return useCatalog(await (await cache.match(found)).json());
    }
  } catch {
    // storage unreadable: the worker writes in English, as before
  }
  return useCatalog(null);
}
