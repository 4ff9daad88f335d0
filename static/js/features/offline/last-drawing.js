// The page's last drawing of each address, kept by the service worker (templates/sw.js): at
// the next start it serves the shell with that drawing inside <main>, so the sessions are in
// the first paint, before any script has run. The app then draws the same page over it.
//
// A drawing is kept only while it stays what the app would draw: it carries the code that drew
// it (another version's markup is never shown) and the moment it stops being right by the
// clock. Anything that changes what pages show (new data, a star, the time switch) forgets
// every drawing but the one redrawn at once.

import { afterNextFrame } from "../../data/frames.js";

const MOST_CHARS = 300000; // the worker refuses larger ones too
const DAY_MS = 86400000;
const DURING_MS = 60000; // while the event runs, "now" moves cards and lines within minutes
// The code that drew: the app's script (the bundle, marked data-app by the shell and js/start.js),
// whose hashed address is in the worker's precache list exactly when the worker and the page are
// the same version. Not this module's own address: bundled, that names a file no one serves.
const DRAWN_BY = new URL(document.querySelector("script[data-app][src]")?.src ?? import.meta.url).pathname;

// Until when a drawing made at `now` stays right by the clock alone. Before the event (more
// than a day ahead of the first session) and after it, nothing on a page moves with time.
export function drawnUntil(sessions, now) {
  const live = sessions.filter((s) => !s.cancelled);
  const at = now.getTime();
  if (!live.length) return at + DAY_MS;
  const start = Math.min(...live.map((s) => s.start.getTime()));
  const end = Math.max(...live.map((s) => s.end.getTime()));
  if (at >= end) return at + 365 * DAY_MS;
  if (at < start - DAY_MS) return start - DAY_MS;
  return at + DURING_MS;
}

// Sent to the worker, which keeps each drawing as the whole document it will serve. Before a
// worker is active (a first visit draws before it installs), only the last one waits for it.
let waiting = null;
function post(message) {
  const container = navigator.serviceWorker;
  if (!container) return;
  if (container.controller) {
    container.controller.postMessage(message);
    return;
  }
  const first = waiting === null;
  waiting = message;
  if (first) {
    container.ready.then((registration) => {
      registration.active?.postMessage(waiting);
      waiting = null;
    });
  }
}

// Keeps what <main> shows for this address once it is painted. `forgetOthers`: the state every
// page is drawn from changed, so the other addresses' drawings are out of date.
export function keepDrawing(main, { sessions, now, forgetOthers }) {
  const address = new URL(location.pathname + location.search, location.origin).href;
  const until = drawnUntil(sessions, now);
  const asked = forgotten;
  return afterNextFrame().then(() => {
    if (asked !== forgotten) return; // forgotten since (a banner came): not to be kept
    // Only if the page still shows that address, and nothing styled from script (the CSP
    // refuses style attributes parsed from HTML, so such a drawing would not look the same).
    const html = main.innerHTML;
    const same = new URL(location.pathname + location.search, location.origin).href === address;
    const fit = same && html.length <= MOST_CHARS && !html.includes(" style=");
    post({ type: "drawn", address: fit ? address : null, html: fit ? html : null, by: DRAWN_BY, until, forgetOthers });
  });
}

// This address's drawing is not what the next start should paint (the reader left the page
// scrolled away from its top, where a drawing is painted).
export function forgetDrawing() {
  forgotten += 1; // nor one asked for and not yet sent
  const address = new URL(location.pathname + location.search, location.origin).href;
  post({ type: "drawn", address, html: null, by: DRAWN_BY, until: 0, forgetOthers: false, forget: true });
}

// Nothing kept is right any more (the page could not tell what changed), nor is a drawing
// asked for before now and not yet sent.
let forgotten = 0;
export function forgetDrawings() {
  forgotten += 1;
  post({ type: "drawn", address: null, html: null, by: DRAWN_BY, until: 0, forgetOthers: true });
}
