// URL -> view. Adding a view: one module in views/ and one entry here (and its path in
// APP_ROUTES in webapp/views/pages.py, so the server and the worker serve the shell for it).

import { loadPart } from "./data/locale-choice.js";

const ID = "([A-Za-z0-9_-]{1,64})";

// A module loaded with its part of the catalog; the module is what the route gets.
export const withPart = (part, loading) => Promise.all([loading, loadPart(part)]).then(([module]) => module);

export const ROUTES = [
  { name: "schedule", path: /^\/$/, load: () => import("./views/schedule.js") },
  { name: "rooms", path: /^\/rooms$/, load: () => import("./views/rooms.js") },
  { name: "now", path: /^\/now$/, load: () => import("./views/now.js") },
  { name: "speakers", path: /^\/speakers$/, load: () => import("./views/speakers.js") },
  { name: "tracks", path: /^\/tracks$/, load: () => import("./views/tracks.js") },
  { name: "track", path: new RegExp(`^/track/${ID}$`), load: () => import("./views/track.js") },
  { name: "my", path: /^\/my$/, load: () => import("./views/my.js") },
  { name: "session", path: new RegExp(`^/session/${ID}$`), load: () => import("./views/session.js") },
  { name: "speaker", path: new RegExp(`^/speaker/${ID}$`), load: () => import("./views/speaker.js") },
  { name: "map", path: /^\/map$/, load: () => import("./views/map.js") },
  { name: "room", path: new RegExp(`^/room/${ID}$`), load: () => import("./views/room.js") },
  { name: "scan", path: /^\/scan$/, load: () => import("./views/scan.js") },
  { name: "share", path: /^\/share$/, load: () => import("./views/share.js") },
  // A short link: /s/<id> (any case) or /s?c=<any code>, opened as the scanner opens it.
  { name: "code", path: new RegExp(`^/s(?:/${ID})?$`), load: () => import("./views/code.js") },
  { name: "changes", path: /^\/changes$/, load: () => import("./views/changes.js") },
  // The organizers' console: its modules are loaded (and cached) only when it is opened, with
  // the part of the language's catalog only they say.
  { name: "organize", path: /^\/organize(?:\/(correct|add|history|rooms|announce|venue))?$/, load: () => withPart("console", import("./features/organize/console.js")) },
];

export function match(url) {
  // Static hosts serve /session/x from session/x/index.html and may redirect to /session/x/.
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, "") : url.pathname;
  for (const route of ROUTES) {
    const found = route.path.exec(path);
    if (found) return { route, params: found.slice(1), query: url.searchParams };
  }
  return null;
}
