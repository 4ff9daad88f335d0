// The one clock of the app: every "now" is read here, so a test (Playwright's clock API) or a
// demo (?now=ISO in the address pins it) sets the time for every view at once.

export function pinned() {
  const at = new URLSearchParams(location.search).get("now");
  if (!at) return null;
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? null : date;
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
