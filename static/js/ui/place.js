// Where the reader was on each page: Back, Forward, a reload and a restart bring them back there.
//
// The browser's own scroll restoration puts back a raw y, which lands nowhere on a list that
// draws only part of itself (views/schedule.js draws a batch at a time): the page is shorter
// when drawn again, and the card that was at that y may not be drawn at all. So a place is the
// card the reader tapped (else the first card on screen) with its distance from the top of the
// screen, the page's y for pages without cards, and the scroll of each box named with
// `data-place` (the rooms grid, both ways). The view is given the place to draw at least as
// far as that card; then the page is scrolled before the frame that first shows it.
//
// A place is kept per history entry (sessionStorage, by a key in history.state: Back and
// Forward, a reload) and, for the address shown last, on the device (localStorage: the app
// closed and opened again there). Not in history.state itself: that can only be written for
// the entry current now, and Back has made another entry current before the app hears of it,
// while the page left is still on screen to be measured.

const ENTRIES = "hallway-places";
const LAST = "hallway-place";
const MOST_ENTRIES = 100;
const CARDS = "[data-session]"; // cards of every list; the grid's blocks are in a named box
let shownKey = null; // the history entry whose page is on screen, see shown()
let shownAddress = null;

if ("scrollRestoration" in history) history.scrollRestoration = "manual";

function entryKey() {
  return history.state?.entry ?? null;
}

function newKey() {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

function read(storage, name) {
  try {
    return JSON.parse(storage.getItem(name) || "null");
  } catch {
    return null; // refused (a private window) or damaged: no place, the page starts at its top
  }
}

function write(storage, name, value) {
  try {
    storage.setItem(name, JSON.stringify(value));
  } catch {
    // Storage full or refused: the place is lost, nothing else.
  }
}

// The state a new history entry starts with: its own key.
export function freshState() {
  return { entry: newKey() };
}

// The cards of the page in document order, outside the named boxes (whose scroll is theirs).
function cards(main) {
  return [...main.querySelectorAll(CARDS)].filter((el) => !el.closest("[data-place]"));
}

// The first card on screen: cards go down the page, so a binary search reads a handful of
// boxes, not a thousand. None if the first one below the top is below the screen too (a page
// that ends with a few cards is placed by its y).
function firstOnScreen(list) {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].getBoundingClientRect().bottom > 0) hi = mid;
    else lo = mid + 1;
  }
  return list[lo] && list[lo].getBoundingClientRect().top < window.innerHeight ? list[lo] : null;
}

// The place shown now; `tapped`: the element followed (its card becomes the anchor).
export function measure(main, tapped = null) {
  const card = tapped?.closest(CARDS);
  const anchor = card && main.contains(card) && !card.closest("[data-place]") ? card : firstOnScreen(cards(main));
  const boxes = {};
  for (const box of main.querySelectorAll("[data-place]")) boxes[box.dataset.place] = [box.scrollLeft, box.scrollTop];
  return {
    y: window.scrollY,
    anchor: anchor ? anchor.dataset.session : null,
    top: anchor ? Math.round(anchor.getBoundingClientRect().top) : 0,
    tapped: Boolean(card && anchor === card),
    boxes,
  };
}

// Notes where the page on screen is, for its own history entry (which Back may already have
// left) and on the device; returns the place.
export function keepPlace(main, tapped = null) {
  if (shownKey === null) return null;
  const place = measure(main, tapped);
  const places = read(sessionStorage, ENTRIES) || {};
  delete places[shownKey]; // written again last: the oldest entries go first
  places[shownKey] = place;
  const keys = Object.keys(places);
  for (const key of keys.slice(0, Math.max(0, keys.length - MOST_ENTRIES))) delete places[key];
  write(sessionStorage, ENTRIES, places);
  // The filters typed on a list change the address of the same entry (views/schedule.js).
  const address = entryKey() === shownKey ? location.href : shownAddress;
  write(localStorage, LAST, { address, place });
  return place;
}

// The page for the current entry is on screen from now on; gives the entry a key if it has none
// (the first page of a visit).
export function shown() {
  if (entryKey() === null) history.replaceState({ ...history.state, ...freshState() }, "");
  shownKey = entryKey();
  shownAddress = location.href;
}

export function entryPlace() {
  const key = entryKey();
  return (key && read(sessionStorage, ENTRIES)?.[key]) || null;
}

// The place to go back to when this document starts: the entry's own after a reload or a
// restored tab, else the device's if the app was left on this very address.
export function startingPlace() {
  const last = read(localStorage, LAST);
  return entryPlace() ?? (last?.address === location.href ? last.place : null);
}

// Scrolls the page to `place` (the view, drawn with it, holds its card). No place: the top.
export function restorePlace(main, place) {
  const card = place?.anchor ? main.querySelector(`${CARDS}[data-session="${CSS.escape(place.anchor)}"]`) : null;
  if (card) window.scrollTo(0, window.scrollY + card.getBoundingClientRect().top - place.top);
  else window.scrollTo(0, place ? place.y : 0);
  return card;
}

// Keeps the place each time scrolling stops, on the page or in a named box (scroll events do
// not bubble from boxes: listened for while they go down), so that it is there whichever way
// the page is left; and when the app is hidden, which may be the last it hears before closing.
// `kept(place)`: called with each place kept.
export function followPlaces(main, kept) {
  const ends = "onscrollend" in window;
  let timer = null;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const place = keepPlace(main);
      if (place) kept(place);
    }, ends ? 50 : 250); // without scrollend: once still
  };
  document.addEventListener(ends ? "scrollend" : "scroll", later, { capture: true, passive: true });
  window.addEventListener("pagehide", () => keepPlace(main));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") keepPlace(main);
  });
}
