// The service worker's answer to the links that leave the app (bundled into /sw.js with the
// push handling) when the server cannot be reached: "204 No Content", so the app stays on
// screen instead of the browser's error page, and the open app is told
// (features/offline/needs-network.js): it makes a calendar file on the device from its kept
// schedule, and says that door signs or an export need a connection.

const CALENDAR = /^\/(session|room)\/[A-Za-z0-9_-]{1,64}\.ics$|^\/(my|schedule)\.ics$/;
// Pages of the server a link of the app opens, and which they are: the page says it in the
// reader's language (features/offline/needs-network.js), the worker sends only the key.
const SERVER_PAGES = [
  [/^\/print(\/|$)/, "print"],
  [/^\/export\//, "export"],
  [CALENDAR, "calendar"],
];
const MESSAGE = "hallway-needs-network"; // read by features/offline/needs-network.js

async function answer(request, what) {
  try {
    return await fetch(request);
  } catch {
    const open = await self.clients.matchAll({ type: "window" });
    for (const client of open) if (client.visibilityState !== "hidden") client.postMessage({ type: MESSAGE, what, url: request.url });
    return new Response(null, { status: 204 });
  }
}

export function wireWorkerFiles(scope) {
  scope.addEventListener("fetch", (event) => {
    const { request } = event;
    const url = new URL(request.url);
    if (request.method !== "GET" || request.mode !== "navigate" || url.origin !== scope.location.origin) return;
    const page = SERVER_PAGES.find(([re]) => re.test(url.pathname));
    if (page) event.respondWith(answer(request, page[1]));
  });
}
