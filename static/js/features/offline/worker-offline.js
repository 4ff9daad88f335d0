// The service worker's own code on a device that has not turned on reminders with the app
// closed (built into /sw.js): only the answers to links offline. The push handling
// (features/push/worker-push.js, which wires these answers too) is in /sw.js?push=1, the worker
// a device takes once it subscribes (features/offline/worker-update.js): ~6 KB of code, the
// worker's own copy of the translations' runtime among it, that other devices never fetch.

import { wireWorkerFiles } from "./worker-files.js";

wireWorkerFiles(self);
