// The service worker's own code on a device that has not turned on reminders with the app
// closed (built into /sw.js): the answers to links offline. The push handling
// (features/push/worker-push.js, which wires these answers too) is in /sw.js?push=1, the worker
// a device takes once it subscribes (features/offline/worker-update.js): ~6 KB of code, the
// worker's own copy of the translations' runtime among it, that other devices never fetch.

import { wireWorkerFiles } from "./worker-files.js";
import { keepMissed, readPush } from "../push/missed.js";

wireWorkerFiles(self);

// A push here came before the push worker took over: kept for it (features/push/missed.js).
// The push worker looks for kept messages as it activates: one kept after that look (the push
// handed over as this worker was being replaced) would wait for the next push, so the worker
// in charge is told (this one, when still in charge, ignores it).
self.addEventListener("push", (event) => {
  const message = readPush(event);
  if (message) event.waitUntil(keepMissed(message).then(() => self.registration.active?.postMessage("replay-missed")));
});
