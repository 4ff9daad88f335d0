// The page's side of the service worker: register it, and when a new version is waiting,
// offer "Update available [Reload]"; only on consent does the new worker take over.

import { toast } from "../../ui/toasts.js";
import { _ } from "../../data/i18n.js";

const whenIdle = (task) => (globalThis.requestIdleCallback ? requestIdleCallback(task, { timeout: 5000 }) : setTimeout(task, 1000));

// The worker with the push handling: a device takes it once it turns on reminders with the app
// closed (features/push/subscription.js), and keeps it; every other device has /sw.js, ~6 KB
// lighter (webapp/views/sw.py).
const PLAIN_WORKER = "/sw.js";
const PUSH_WORKER = "/sw.js?push=1";
const PUSH_KEY = "hallway.push-worker";
const UPGRADE_MS = 30000; // an install on a busy phone: its precache comes from the HTTP cache
let upgrading = false;

const isPushWorker = (worker) => Boolean(worker?.scriptURL.endsWith(PUSH_WORKER));

// Which worker this device registers: the push one once chosen, or while the browser holds a
// subscription (the choice kept before this key existed, or the storage cleared): a push must
// never reach a worker without its handler.
async function workerUrl() {
  try {
    if (localStorage.getItem(PUSH_KEY) === "1") return PUSH_WORKER;
  } catch {
    // No storage: the subscription says.
  }
  try {
    const held = await navigator.serviceWorker.getRegistration("/");
    if (isPushWorker(held?.active) || (await held?.pushManager?.getSubscription())) return PUSH_WORKER;
  } catch {
    // No registration to ask: the plain worker.
  }
  return PLAIN_WORKER;
}

// The push worker in charge of the page once a subscription is made (or at the next open, if
// that was cut short): registered, and let take over at once (the person asked for what it
// does; the pages and files are the same), never offered as an update.
export async function usePushWorker() {
  try {
    localStorage.setItem(PUSH_KEY, "1");
  } catch {
    // Not kept: the subscription tells the next open.
  }
  upgrading = true;
  try {
    const registration = await navigator.serviceWorker.register(PUSH_WORKER, { scope: "/" });
    if (isPushWorker(registration.active)) return registration;
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the worker with push did not start")), UPGRADE_MS);
      const check = () => {
        const waiting = registration.waiting;
        if (isPushWorker(waiting)) waiting.postMessage("skip-waiting");
        if (isPushWorker(registration.active)) {
          clearTimeout(timer);
          resolve();
        }
      };
      for (const worker of [registration.installing, registration.waiting, registration.active]) worker?.addEventListener("statechange", check);
      registration.addEventListener("updatefound", () => registration.installing?.addEventListener("statechange", check));
      check();
    });
    return registration;
  } finally {
    upgrading = false;
  }
}

export async function registerWorker() {
  if (!("serviceWorker" in navigator)) return null;
  let reloading = false;
  let offered = null;
  const offer = (worker) => {
    if (!navigator.serviceWorker.controller || offered === worker) return; // first install: nothing to replace
    if (upgrading && isPushWorker(worker)) return; // taking over at once (usePushWorker)
    offered = worker;
    toast(_("Update available"), { action: _("Reload") }).then((accepted) => {
      if (!accepted) return;
      reloading = true;
      worker.postMessage("skip-waiting");
    });
  };
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
  });
  let registration;
  const url = await workerUrl();
  try {
    registration = await navigator.serviceWorker.register(url, { scope: "/" });
  } catch {
    return null; // the app works without it, just not offline
  }
  if (url === PUSH_WORKER && !isPushWorker(registration.active)) usePushWorker().catch(() => undefined);
  // The worker's second phase (the QR decoder for browsers without BarcodeDetector), once it
  // runs and the page is idle: never among the first screen's bytes.
  navigator.serviceWorker.ready.then((ready) => whenIdle(() => ready.active?.postMessage("precache-later")));
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
    });
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration.update().catch(() => {});
  });
  return registration;
}
