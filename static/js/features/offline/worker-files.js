// The service worker's answer to the links that leave the app (bundled into /sw.js with the
// push handling): calendar files go to the server first and, when it cannot be reached, are
// made on the device from the kept schedule (data/calendar-file.js); pages that only the
// server can make (door signs, the open-format exports) get "204 No Content", so the app
// stays on screen instead of the browser's error page, and the open app is told to say why.

import { calendarText } from "../../data/calendar-file.js";
import { DATA_CACHE, readKept } from "../../data/kept-copy.js";

const ID = "[A-Za-z0-9_-]{1,64}";
const SESSION_FILE = new RegExp(`^/session/(${ID})\\.ics$`);
const ROOM_FILE = new RegExp(`^/room/(${ID})\\.ics$`);
const ID_RE = new RegExp(`^${ID}$`);
const MOST_STARRED = 500; // as the server's /my.ics
// Pages of the server a link of the app opens, and what to call them when offline.
const SERVER_PAGES = [
  [/^\/print(\/|$)/, "Printing door signs"],
  [/^\/export\//, "Downloading the schedule export"],
  [/^\/(session|room)\/[^/]+\.ics$|^\/(my|schedule)\.ics$/, "This calendar file"],
];
export const NEEDS_NETWORK = "hallway-needs-network";

const named = (list, id) => (Array.isArray(list) ? list : []).find((x) => x && x.id === id) || null;
const safeName = (name) => name.replace(/[^A-Za-z0-9._-]/g, "_");

// Which sessions a calendar address asks for, with the file's title and name; null when the
// kept schedule cannot answer it (an unknown session or room, a malformed list).
export function fileOf(url, doc) {
  const event = doc.event || {};
  const all = Array.isArray(doc.sessions) ? doc.sessions.filter((s) => s && typeof s.id === "string") : [];
  let found = SESSION_FILE.exec(url.pathname);
  if (found) {
    const session = named(all, found[1]);
    return session && { ids: [session.id], title: `${event.name}: ${session.title}`, name: `${event.id}-${session.id}.ics` };
  }
  found = ROOM_FILE.exec(url.pathname);
  if (found) {
    const room = named(doc.rooms, found[1]);
    return room && { ids: all.filter((s) => s.room === room.id).map((s) => s.id), title: `${event.name}: ${room.name}`, name: `${event.id}-room-${room.id}.ics` };
  }
  if (url.pathname === "/my.ics") {
    const ids = (url.searchParams.get("s") || "").split(",").map((id) => id.trim()).filter(Boolean);
    if (!url.searchParams.has("s") || ids.length > MOST_STARRED || !ids.every((id) => ID_RE.test(id))) return null;
    return { ids, title: `${event.name}: my schedule`, name: `${event.id}-my.ics` };
  }
  if (url.pathname === "/schedule.ics") return { ids: all.map((s) => s.id), title: event.name, name: `${event.id}.ics` };
  return null;
}

// Minutes of ?alarm=, as the server reads it: undefined when malformed (no file then).
function alarmOf(url) {
  const text = url.searchParams.get("alarm");
  if (text === null || text === "") return null;
  return /^[0-9]{1,4}$/.test(text) && Number(text) <= 24 * 60 ? Number(text) : undefined;
}

// Where the app lives, as the server writes it into links: the shell's public URL, else here.
async function appUrl() {
  const shell = await caches.match("/").catch(() => null);
  const text = shell ? await shell.text() : "";
  const found = /<meta name="hallway-public-url" content="([^"]*)">/.exec(text);
  const given = found ? found[1].replace(/&amp;/g, "&").replace(/&#34;|&quot;/g, '"').replace(/&#39;/g, "'") : "";
  return /^https?:\/\//.test(given) ? given : self.location.origin;
}

async function madeHere(url) {
  const kept = await readKept(await caches.open(DATA_CACHE)).catch(() => null);
  const file = kept && fileOf(url, kept.doc);
  const alarmMinutes = alarmOf(url);
  if (!file || alarmMinutes === undefined) return null;
  const body = calendarText(kept.doc, file.ids, { title: file.title, appUrl: await appUrl(), now: Date.now(), alarmMinutes });
  const headers = { "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": `attachment; filename="${safeName(file.name)}"` };
  return new Response(body, { headers });
}

// The open app says it (features/offline/needs-network.js); the navigation goes nowhere.
async function stayHere(what) {
  const open = await self.clients.matchAll({ type: "window" });
  for (const client of open) if (client.visibilityState !== "hidden") client.postMessage({ type: NEEDS_NETWORK, what });
  return new Response(null, { status: 204 });
}

async function answer(request, url, what) {
  try {
    return await fetch(request);
  } catch (error) {
    const file = what === "This calendar file" ? await madeHere(url).catch(() => null) : null;
    if (file) return file;
    if (request.mode === "navigate") return stayHere(what);
    throw error;
  }
}

export function wireWorkerFiles(scope) {
  scope.addEventListener("fetch", (event) => {
    const { request } = event;
    if (request.method !== "GET") return;
    const url = new URL(request.url);
    if (url.origin !== scope.location.origin) return;
    const page = SERVER_PAGES.find(([re]) => re.test(url.pathname));
    if (page && (request.mode === "navigate" || page[1] === "This calendar file")) event.respondWith(answer(request, url, page[1]));
  });
}
