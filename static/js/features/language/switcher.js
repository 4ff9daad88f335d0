// The language switch in the More menu, and the shell's own words written in the language
// taken: the server writes the shell in the reader's language, but a shell kept by the worker,
// or the static export's, may be in another; each of its translatable nodes carries its msgid
// (data-i18n, data-i18n-ctx, data-i18n-label).

import { _, direction, language, pgettext } from "../../data/i18n.js";
import { keepLanguage, loadLanguage, NotOnThisPhone } from "../../data/locale-choice.js";
import { toast } from "../../ui/toasts.js";

export function offeredLanguages() {
  return [...document.querySelectorAll("a[data-lang]")].map((a) => a.dataset.lang);
}

const said = (el, msgid) => (el.dataset.i18nCtx ? pgettext(el.dataset.i18nCtx, msgid) : _(msgid));

export function translateShell() {
  const root = document.documentElement;
  root.lang = language();
  root.dir = direction();
  for (const el of document.querySelectorAll("[data-i18n]")) {
    const text = said(el, el.dataset.i18n);
    if (el.textContent !== text) el.textContent = text;
  }
  for (const el of document.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", said(el, el.dataset.i18nLabel));
  for (const a of document.querySelectorAll("a[data-lang]")) {
    if (a.dataset.lang === language()) a.setAttribute("aria-current", "true");
    else a.removeAttribute("aria-current");
  }
}

// Tells the worker the language the app speaks: it keeps its catalog (and, when it changed,
// fetches the shell again in it). Nothing waits for the answer.
export function tellWorker(lang) {
  navigator.serviceWorker?.ready.then((ready) => ready.active?.postMessage({ type: "language", lang })).catch(() => {});
}

// A tap on a language: taken at once when its catalog is here (fetched, or kept by the worker),
// else the page says so and stays as it is. `redrawn`: draws the page again in it.
// Listened to in the capture phase: the app's own link handling (app.js) then sees the click
// taken and does not navigate to the link's ?hl= address as well.
export function wireSwitcher({ prefix, redrawn }) {
  const choose = async (event) => {
    const link = event.target.closest("a[data-lang]");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    event.preventDefault();
    const lang = link.dataset.lang;
    const name = link.textContent;
    const more = document.getElementById("more-menu");
    if (more) more.open = false;
    if (lang === language()) return;
    try {
      await loadLanguage(lang, prefix);
    } catch (error) {
      if (!(error instanceof NotOnThisPhone)) throw error;
      toast(_("{language} is not on this phone yet: connect once, then it works offline too.", { language: name }));
      return;
    }
    keepLanguage(lang);
    const url = new URL(location.href);
    if (url.searchParams.has("hl")) {
      url.searchParams.set("hl", lang);
      history.replaceState(history.state, "", url.pathname + url.search + url.hash);
    }
    translateShell();
    tellWorker(lang);
    redrawn();
  };
  document.addEventListener("click", choose, true);
}
