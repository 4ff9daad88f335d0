// The one clock of the app: every "now" is read here, so a test (Playwright's clock API) or a
// demo (?now=ISO in the address pins it) sets the time for every view at once.

import { _ } from "./i18n.js";

// An ISO date and time, with an optional zone: what the docs tell people to write. Date's own
// parser also takes "April 7" or "7/4", read differently by each browser, so those are refused.
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

// The instant a ?now= value names, or null. A "+" typed in an address arrives as a space (form
// encoding), so "10:20 02:00" at the end is "10:20+02:00": the pin people write as documented.
export function readPin(raw) {
  const text = String(raw).trim().replace(/ (\d{2}:?\d{2})$/, "+$1");
  if (!ISO.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

let seen = null; // [search, pin]: every "now" reads the pin, the address rarely changes
function pinOf(search) {
  if (seen?.[0] !== search) {
    const raw = new URLSearchParams(search).get("now");
    seen = [search, raw ? readPin(raw) : null, raw];
  }
  return seen;
}

export function pinned() {
  return pinOf(location.search)[1];
}

// What to tell the person when the address asks for a time that cannot be read (null: none).
export function pinProblem() {
  const [, pin, raw] = pinOf(location.search);
  if (pin || !raw) return null;
  return _("The time in the address (now={value}) could not be read, so the real time is shown. Write it as 2026-04-07T10:20+02:00.", { value: raw });
}

export function now() {
  return pinned() || new Date(Date.now());
}

export function nowMs() {
  return now().getTime();
}

// Wall time for bookkeeping (when the feed was last checked): the same clock, never pinned,
// so "checked 2 min ago" stays true while ?now= shows another moment of the programme.
export function wallMs() {
  return Date.now();
}
