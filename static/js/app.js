// Wires the app: data and stars (store), URLs (router), views, the worker and the time switch.

import { syncChrome } from "./features/changes/changes-banner.js";
import { setChangeFlags, syncStars } from "./ui/session-card.js";
import { flagMap } from "./data/changes.js";
import { adopt, h, redraw } from "./ui/dom.js";
import { forgetDrawing, forgetDrawings, keepDrawing } from "./features/offline/last-drawing.js";
import { now as clockNow, pinProblem, pinned } from "./data/clock.js";
import { syncAnnouncements } from "./ui/room-notices.js";
import { organizerName, outboxWaiting } from "./data/organizer-session.js";
import { wireInstall } from "./features/offline/install-hint.js";
import { wireNeedsNetwork } from "./features/offline/needs-network.js";
import { markNav, wireMore } from "./ui/nav-menu.js";
import { drawWith, go } from "./ui/navigate.js";
import { entryPlace, followPlaces, keepPlace, measure, restorePlace, shown as placeShown, startingPlace } from "./ui/place.js";
import { match, withPart } from "./routes.js";
import { Store } from "./data/store.js";
import { readAhead } from "./features/search/ready-index.js";
import { yieldToPage } from "./data/slices.js";
import { startPush } from "./features/push/subscription.js";
import { startReminders } from "./features/remind/open-reminders.js";
import { registerWorker } from "./features/offline/worker-update.js";
import { setUseDevice, usingDevice, zoneLabel } from "./data/time.js";
import { toast } from "./ui/toasts.js";
import { Watcher, pagePoll } from "./features/changes/feed-sync.js";
import { onWalkChange, wireStepFree } from "./features/venue/walk-times.js";
import { _, language, useCatalog } from "./data/i18n.js";
import { chooseLanguage, loadLanguage, storedLanguage } from "./data/locale-choice.js";
import { offeredLanguages, tellWorker, translateShell, wireSwitcher } from "./features/language/switcher.js";

const store = new Store();
const watcher = new Watcher(store, { poll: pagePoll() });
const main = document.getElementById("main");
const tzButton = document.getElementById("tz-toggle");
let current = null;
// Whether <main> shows a drawing of this page made before the script ran (the server's first
// screen or the worker's last drawing) rather than the loading line: the first draw takes it over.
let inherited = !document.getElementById("loading") && Boolean(main.firstElementChild);
// A star tapped on that drawing before the app has taken it over (its buttons have no listeners
// yet, and the outline may still be on its way) counts at once: the device's stars are what the
// first draw sets on the drawing, so the tap is kept and shown.
function earlyStar(event) {
  if (!inherited) {
    document.removeEventListener("click", earlyStar, true);
    return;
  }
  const button = event.target instanceof Element && event.target.closest("#main [data-star]");
  if (!button) return;
  event.preventDefault();
  event.stopPropagation();
  store.toggleStar(button.dataset.star); // its "stars" listener sets every star on the drawing
}
if (inherited) document.addEventListener("click", earlyStar, true);
let renderCount = 0;
let unreached = null; // { href, place, y }: a place the page was too short to scroll to

// The language, before anything is drawn: its catalog is one small file (the worker keeps it).
// One that cannot be had leaves the app in English, the shell's words too.
const prefix = document.body.dataset.assets;
const chosen = chooseLanguage({
  languages: offeredLanguages(),
  address: new URL(location.href).searchParams.get("hl"),
  stored: storedLanguage(),
  browser: navigator.languages || [],
  event: document.documentElement.dataset.eventLang,
});
const languageReady = loadLanguage(chosen.lang, prefix)
  .catch(() => useCatalog(null))
  .then(translateShell);


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
  const zone = zoneLabel(at);
  // Translators: the time switch: which clock the times are in, and the zone's short name ("CEST").
  tzButton.textContent = usingDevice() ? _("My time · {zone}", { zone }) : _("Venue time · {zone}", { zone });
  tzButton.title = usingDevice() ? _("Show times in the venue's time zone") : _("Show times in this device's time zone");
}

// `restated`: what every page is drawn from changed (data, stars, the time switch, the clock),
// not only which page is shown; the other pages' kept drawings are then out of date.
// `place`: where to show the page (ui/place.js); null: its top; undefined: where it is.
async function render({ focus = false, restated = !focus, place = focus ? null : undefined } = {}) {
  await languageReady;
  const url = new URL(location.href);
  const found = match(url);
  const token = ++renderCount;
  markNav(found?.route.name);
  if (!store.data) return;
  syncZoneButton();
  const again = found?.route.name === current && main.firstElementChild;
  // The same page drawn afresh (new data) stays where the reader is, even on a list that
  // draws only its first cards; or goes on to the place it was too short for (a session's
  // text came after it was first drawn), if the reader has not moved since.
  if (place === undefined && again) place = unreached?.href === url.href && unreached.y === window.scrollY ? unreached.place : measure(main);
  let view;
  if (found) {
    // A view fetched after the first screen (the scanner, a shared list, the map) may not be
    // on the phone yet: offline before the worker took it, the page says so.
    const module = await found.route.load().catch(() => null);
    if (token !== renderCount) return; // a later navigation won
    const ctx = { store, changes: watcher, params: found.params, query: found.query, place: place ?? null };
    view = module ? module.render({ ...ctx, now: clockNow() }) : notOnThePhone();
  } else {
    const { notFound } = await import("./ui/page-parts.js");
    view = notFound("page", url.pathname);
  }
  const name = found?.route.name ?? null;
  if (inherited && !focus) {
    // The page is already on screen (the server's first screen, the worker's last drawing), so
    // nothing waits to be seen: the drawing is taken over in a task of its own, not in the one
    // that built the view (both at once were a long task at a congress, bench/blocking.py).
    await yieldToPage();
    if (token !== renderCount) return;
  }
  // The same page drawn again (texts or corrections came, the time switch) keeps what the
  // reader was doing (ui/dom.js, redraw); a navigation always starts afresh.
  if (!focus && name === current && main.firstElementChild) redraw(main, view.node);
  else if (inherited && !focus) {
    // The page is already drawn (the server's first screen, or the worker's last drawing): the
    // stars are the device's, so they are set on it first (the same update a star tapped on
    // another page makes), then what is the same is kept.
    syncStars(main, store);
    adopt(main, view.node);
  } else main.replaceChildren(view.node);
  inherited = false;
  current = name;
  chrome();
  // Translators: the browser tab's title: the page's, then the event's name.
  document.title = _("{page} · {event}", { page: view.title, event: store.data.event.name });
  // Scrolled before the next frame, so the page is first painted where it is to be read (a
  // view whose parts come a moment later, such as the rooms grid, says when it is whole).
  let card = null;
  if (place !== undefined) {
    await view.ready;
    if (token !== renderCount) return;
    card = restorePlace(main, place);
    atTop = window.scrollY < 1;
    unreached = place && !card && Math.abs(window.scrollY - place.y) > 1 ? { href: url.href, place, y: window.scrollY } : null;
  }
  placeShown();
  // Back to a tapped card: the focus too, where the keyboard left it.
  if (focus) ((place?.tapped && card?.querySelector("a[href]")) || main.querySelector("h1") || main).focus({ preventScroll: true });
  keep({ forgetOthers: restated });
}

// The pages an attendee opens the app on, kept as last drawn for the next start (features/offline/last-drawing.js);
// not for a time pinned by ?now=, which the worker's clock would not know.
// A drawing is painted at the top of its page: it is kept only while the reader is there, so
// that a start on a place further down (ui/place.js) is painted there, not at the top first.
const KEPT_VIEWS = new Set(["schedule", "session", "speaker", "speakers", "my", "now"]);
let atTop = true;
function keep({ forgetOthers }) {
  if (bannered) return;
  if (KEPT_VIEWS.has(current) && !pinned() && atTop) keepDrawing(main, { sessions: store.data.sessions, now: clockNow(), forgetOthers });
  else if (forgetOthers) forgetDrawings();
  else if (KEPT_VIEWS.has(current) && !pinned()) forgetDrawing();
}
function placeKept(place) {
  if (place.y < 1 === atTop) return;
  atTop = place.y < 1;
  keep({ forgetOthers: false });
}

function notOnThePhone() {
  return {
    title: _("Not on this phone yet"),
    node: h(
      "section",
      { class: "notfound" },
      h("h1", { tabindex: "-1" }, _("Not on this phone yet")),
      h("p", {}, _("This page comes to the phone a moment after the schedule, and it could not be fetched now. Connect once, then it works offline too.")),
      h("p", {}, h("a", { href: "/" }, _("Back to the schedule"))),
    ),
  };
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
  go(url.pathname + url.search, { tapped: link });
});
window.addEventListener("popstate", () => {
  keepPlace(main); // the page left is still on screen: where it was, for Forward
  render({ focus: true, place: entryPlace() });
});
followPlaces(main, placeKept);
wireMore();
// A language chosen: the page drawn again in it, the other pages' kept drawings forgotten.
wireSwitcher({ prefix, redrawn: () => render() });
wireInstall();
// The views that show walking times are drawn again when the venue's table comes (or changes),
// and when "Step-free routes" is switched in More.
const WALK_VIEWS = new Set(["my", "now", "session", "map"]);
onWalkChange(() => WALK_VIEWS.has(current) && render());
wireStepFree(() => WALK_VIEWS.has(current) && render());
wireNeedsNetwork({ offline: () => watcher.state.offline === true, doc: () => store.doc });

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
  // The first load: where the reader was, or where they are on the drawing kept for this
  // address (features/offline/last-drawing.js), if they have already scrolled it.
  if (detail.previous === null) render({ restated: false, place: startingPlace() ?? (main.querySelector("[data-session]") ? measure(main) : undefined) });
  else if (!detail.texts) render();
  else if (TEXT_VIEWS.has(current) || new URL(location.href).searchParams.has("q") || main.querySelector("#f-q")?.value) render();
});
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
  // The pages that show the history itself (the changes list, a session's page quoting the
  // organizers' notes) follow it even when the changes were already in the schedule this page
  // loaded: the first check after opening records them without calling them news, and a first
  // visit straight to /changes would otherwise list nothing.
  const grew = watcher.history().length !== historyLength;
  historyLength = watcher.history().length;
  const showsHistory = current === "session" || current === "changes";
  if (detail.added > 0 || (detail.settings && current === "changes") || (grew && showsHistory)) render();
  else chrome();
  venueNews();
});
// The organizers changed the venue (the feed says its version): its plan and images are fetched
// and kept offline, and a page drawn from the old plan is drawn again (no reload).
let venueSaid = null;
function venueNews() {
  if (!Number.isInteger(watcher.venue) || watcher.venue === venueSaid) return;
  venueSaid = watcher.venue;
  import("./features/venue/venue-plan.js")
    .then((m) => m.venueVersion(venueSaid))
    .then((drawn) => drawn && render())
    .catch(() => {}); // offline or a broken plan: the next version said tries again
}
// Keep "Now and next", My schedule (its "now" line, what ended) and the freshness line current
// while open, unless a ?now= pins the time.
setInterval(() => {
  if ((current === "now" || current === "my") && !pinned()) render();
  else chrome();
}, 30000);

setChangeFlags(flagMap(watcher.history()));
// The search index the last visit kept, read from disk while the schedule is (a key typed as
// the first screen shows finds it ready): on the schedule's page, the one with the search box.
if (match(new URL(location.href))?.route.name === "schedule") readAhead();
store.start().then((data) => {
  if (!data) {
    languageReady.then(() => main.replaceChildren(h("p", { class: "loading", id: "loading" }, _("The schedule could not be loaded. Connect once, then it works offline."))));
  } else {
    watcher.start();
    startReminders(store);
    // The worker, woken by a push about corrections, asks an open app to check at once.
    startPush(store, () => watcher.check());
  }
  // An organizer's corrections kept on this phone are sent at the next open, on any page.
  if (data && organizerName() && outboxWaiting()) withPart("console", import("./features/organize/outbox.js")).then((m) => m.startOutbox(Math.min(watcher.poll, 10)));
  // Once the page has what it needs, texts included, so the worker's precache finds it all in
  // the HTTP cache (a 304 each) instead of downloading the texts a second time.
  const loaded = document.readyState === "complete" ? Promise.resolve() : new Promise((r) => window.addEventListener("load", r, { once: true }));
  Promise.all([loaded, store.textsSettled()]).then(async () => {
    await registerWorker();
    // The language this device speaks (not one an address asked for once): the worker keeps it.
    if (chosen.from !== "address") tellWorker(language());
  });
});
