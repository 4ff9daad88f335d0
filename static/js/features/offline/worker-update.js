// The page's side of the service worker: register it, and when a new version is waiting,
// offer "Update available [Reload]"; only on consent does the new worker take over.

import { toast } from "../../ui/toasts.js";
import { _ } from "../../data/i18n.js";

const whenIdle = (task) => (globalThis.requestIdleCallback ? requestIdleCallback(task, { timeout: 5000 }) : setTimeout(task, 1000));

export async function registerWorker() {
  if (!("serviceWorker" in navigator)) return null;
  let reloading = false;
  let offered = null;
  const offer = (worker) => {
    if (!navigator.serviceWorker.controller || offered === worker) return; // first install: nothing to replace
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
  try {
    registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  } catch {
    return null; // the app works without it, just not offline
  }
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
