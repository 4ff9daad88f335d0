// Push messages that reached a worker without the push handling: the plain worker (/sw.js)
// is still in charge in the seconds between a device's subscribing and the push worker
// (/sw.js?push=1) taking over (features/offline/worker-update.js usePushWorker). It keeps each
// message here; the push worker handles them once active (worker-push.js), so none is lost.

import { DATA_CACHE } from "../../data/kept-copy.js";

const PREFIX = "/hallway-missed-push/";

// The message of a push event; null when it is not JSON (not from this app's server).
export function readPush(event) {
  try {
    return event.data?.json() ?? null;
  } catch {
    return null;
  }
}

// One entry per message (no read-modify-write for two pushes to race over).
export async function keepMissed(message) {
  const key = `${PREFIX}${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await (await caches.open(DATA_CACHE)).put(key, new Response(JSON.stringify(message)));
}

// The messages kept, oldest first, each taken out of the cache as it is read.
export async function takeMissed() {
  const cache = await caches.open(DATA_CACHE);
  const keys = (await cache.keys()).filter((r) => new URL(r.url).pathname.startsWith(PREFIX));
  keys.sort((a, b) => (a.url < b.url ? -1 : 1));
  const messages = [];
  for (const key of keys) {
    const message = await cache
      .match(key)
      .then((r) => r?.json())
      .catch(() => null);
    await cache.delete(key);
    if (message) messages.push(message);
  }
  return messages;
}
