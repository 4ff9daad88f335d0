// Wires the app: data and stars (store), URLs (router), views, the worker and the time switch.

import { syncChrome } from "./features/changes/changes-banner.js";
import { setChangeFlags, syncStars } from "./ui/session-card.js";
import { flagMap } from "./data/changes.js";
import { h, redrawInPlace } from "./ui/dom.js";
import { forgetDrawings, keepDrawing } from "./features/offline/last-drawing.js";
import { now as clockNow, pinProblem, pinned } from "./data/clock.js";
import { syncAnnouncements } from "./ui/room-notices.js";
import { organizerName, outboxWaiting } from "./data/organizer-session.js";
import { wireInstall } from "./features/offline/install-hint.js";
import { markNav, wireMore } from "./ui/nav-menu.js";
import { drawWith, go } from "./ui/navigate.js";
import { match } from "./routes.js";
import { Store } from "./data/store.js";
import { startPush } from "./features/push/subscription.js";
import { startReminders } from "./features/remind/open-reminders.js";
import { registerWorker } from "./features/offline/worker-update.js";
import { setUseDevice, usingDevice, zoneLabel } from "./data/time.js";
import { toast } from "./ui/toasts.js";
import { Watcher, pagePoll } from "./features/changes/feed-sync.js";

const store = new Store();
const watcher = new Watcher(store, { poll: pagePoll() });
const main = document.getElementById("main");
const tzButton = document.getElementById("tz-toggle");
let current = null;
let renderCount = 0;
let drawnAt = null;


// The corrections' chrome and the announcement banner, on every page.
let bannered = false;
function chrome() {
  syncChrome(watcher, store, { onChangesView: current === "changes" });
  syncAnnouncements(store, { onChangesView: current === "changes" });
  // A banner above the page is drawn only once the script runs: a kept drawing painted before
  // it would be pushed down (a layout shift). So none is kept while one shows (features/offline/last-drawing.js).
  const shown = [...document.querySelectorAll(".banner")].some((banner) => !banner.hidden);
  if (shown === bannered) return;
  bannered = shown;
  if (shown) forgetDrawings();
  else keep({ forgetOthers: true });
}

function syncZoneButton() {
  tzButton.removeAttribute("data-pending");
  tzButton.setAttribute("aria-pressed", String(usingDevice()));
  const at = store.data.sessions[0]?.start;
  tzButton.textContent = usingDevice() ? `My time · ${zoneLabel(at)}` : `Venue time · ${zoneLabel(at)}`;
  tzButton.title = usingDevice() ? "Show times in the venue's time zone" : "Show times in this device's time zone";
}

// `restated`: what every page is drawn from changed (data, stars, the time switch, the clock),
// not only which page is shown; the other pages' kept drawings are then out of date.
async function render({ focus = false, restated = !focus } = {}) {
  const url = new URL(location.href);
  const found = match(url);
  const token = ++renderCount;
  markNav(found?.route.name);
  if (!store.data) return;
  syncZoneButton();
  let view;
  if (found) {
    const module = await found.route.load();
    if (token !== renderCount) return; // a later navigation won
    const ctx = { store, changes: watcher, params: found.params, query: found.query };
    view = module.render({ ...ctx, now: clockNow() });
  } else {
    const { notFound } = await import("./ui/page-parts.js");
    view = notFound("page", url.pathname);
  }
  const name = found?.route.name ?? null;
  // The same page drawn again (texts or corrections came, the time switch) keeps what did not
  // change, where the view allows it; a navigation always starts afresh.
  const shown = main.firstElementChild;
  if (!focus && view.inPlace && name === current && url.href === drawnAt && shown) redrawInPlace(shown, view.node);
  else main.replaceChildren(view.node);
  current = name;
  drawnAt = url.href;
  chrome();
  document.title = `${view.title} · ${store.data.event.name}`;
  if (focus) (main.querySelector("h1") || main).focus();
  keep({ forgetOthers: restated });
}

// The pages an attendee opens the app on, kept as last drawn for the next start (features/offline/last-drawing.js);
// not for a time pinned by ?now=, which the worker's clock would not know.
const KEPT_VIEWS = new Set(["schedule", "session", "speaker", "speakers", "my", "now"]);
function keep({ forgetOthers }) {
  if (bannered) return;
  if (KEPT_VIEWS.has(current) && !pinned()) keepDrawing(main, { sessions: store.data.sessions, now: clockNow(), forgetOthers });
  else if (forgetOthers) forgetDrawings();
}

drawWith(() => render({ focus: true }));

document.addEventListener("click", (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return;
  }
  const link = event.target.closest("a[href]");
  if (!link || link.target || link.hasAttribute("download")) return;
  const url = new URL(link.getAttribute("href"), location.href); // also right for SVG links (map rooms)
  if (url.origin !== location.origin || !match(url)) return;
  event.preventDefault();
  go(url.pathname + url.search);
});
window.addEventListener("popstate", () => render({ focus: true }));
wireMore();
wireInstall();

tzButton.addEventListener("click", () => {
  setUseDevice(!usingDevice());
  render();
});

store.addEventListener("notice", (event) => toast(event.detail));
if (pinProblem()) toast(pinProblem());
// The long texts arriving change only the views that show them (or search them): others are
// left as they are, so a form being filled or a list being read is not rebuilt.
const TEXT_VIEWS = new Set(["session", "speaker"]);
store.addEventListener("changed", ({ detail }) => {
  if (!detail.texts) render({ restated: detail.previous !== null }); // null: the first load
  else if (TEXT_VIEWS.has(current) || new URL(location.href).searchParams.has("q") || main.querySelector("#f-q")?.value) {
    // The view is drawn again under the reader: whatever had the focus (a search being typed,
    // a star about to be pressed) has it again, the caret at the end of a text box.
    const before = focusKey(document.activeElement);
    render().then(() => {
      const again = before && main.querySelector(before);
      if (!again || document.activeElement === again) return;
      again.focus();
      if (again.type === "search" || again.type === "text") again.setSelectionRange(again.value.length, again.value.length);
    });
  }
});
// A selector for the same control in the view drawn again, if it has a name to be found by.
function focusKey(el) {
  if (!el || !main.contains(el) || el === main) return null;
  if (el.id) return `#${CSS.escape(el.id)}`;
  for (const name of ["data-star", "href", "name"]) {
    const value = el.getAttribute(name);
    if (value) return `${el.localName}[${name}="${CSS.escape(value)}"]`;
  }
  return null;
}
store.addEventListener("stars", () => {
  if (current === "my") render();
  else {
    syncStars(main, store);
    keep({ forgetOthers: true });
  }
});

// Corrections: the watcher checks on open, online, shown again and on its timer (it also
// replaces the whole schedule when the feed says so); badges and chrome follow each check.
let historyLength = watcher.history().length;
watcher.addEventListener("update", ({ detail }) => {
  setChangeFlags(flagMap(watcher.history()));
  // A session's page quotes the organizers' notes: it follows the history even when the
  // changes were already in the schedule this page loaded (first check after opening).
  const grew = watcher.history().length !== historyLength;
  historyLength = watcher.history().length;
  if (detail.added > 0 || (detail.settings && current === "changes") || (grew && current === "session")) render();
  else chrome();
});
// Keep "Now and next", My schedule (its "now" line, what ended) and the freshness line current
// while open, unless a ?now= pins the time.
setInterval(() => {
  if ((current === "now" || current === "my") && !pinned()) render();
  else chrome();
}, 30000);

setChangeFlags(flagMap(watcher.history()));
store.start().then((data) => {
  if (!data) {
    main.replaceChildren(h("p", { class: "loading", id: "loading" }, "The schedule could not be loaded. Connect once, then it works offline."));
  } else {
    watcher.start();
    startReminders(store);
    // The worker, woken by a push about corrections, asks an open app to check at once.
    startPush(store, () => watcher.check());
  }
  // An organizer's corrections kept on this phone are sent at the next open, on any page.
  if (data && organizerName() && outboxWaiting()) import("./features/organize/outbox.js").then((m) => m.startOutbox(Math.min(watcher.poll, 10)));
  // Once the page has what it needs, texts included, so the worker's precache finds it all in
  // the HTTP cache (a 304 each) instead of downloading the texts a second time.
  const loaded = document.readyState === "complete" ? Promise.resolve() : new Promise((r) => window.addEventListener("load", r, { once: true }));
  Promise.all([loaded, store.textsSettled()]).then(() => registerWorker());
});
