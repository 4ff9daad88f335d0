// Reminders with the app closed, the page's side: the person turns it on (a tap: the browser
// asks for notifications), the device subscribes to Web Push with the server's key and sends
// the wake-up instants it needs (features/push/wake-times.js); again on each open, when stars or the schedule
// change, and when it is back online. Stars never leave the device: the worker reads them from
// the mirror kept in the Cache API, the server only ever sees instants.

import { now } from "../../data/clock.js";
import { DATA_CACHE, MIRROR } from "../../data/kept-copy.js";
import { NoPush, forgetSubscription, pushKey, sendWake } from "./push-api.js";
import { askForNotifications, readLead } from "../remind/open-reminders.js";
import { mirrorOf, wakeInstants } from "./wake-times.js";
import { _ } from "../../data/i18n.js";
import { usePushWorker } from "../offline/worker-update.js";

const STATE_KEY = "hallway.push.v1";
const READY_MS = 10000;

let stored = null; // the app's Store (store.js)
let sent = null; // the body this page last had accepted: the same again is not re-sent
let running = null;
let again = false;
const listeners = new Set();

function readState() {
  try {
    const value = JSON.parse(localStorage.getItem(STATE_KEY) || "null");
    return {
      on: value?.on === true,
      waiting: value?.waiting === true, // offline when last sent: sent again once online
      refused: Number.isInteger(value?.refused) ? value.refused : null, // the server's status
      forget: typeof value?.forget === "string" ? value.forget : null,
    };
  } catch {
    return { on: false, waiting: false, refused: null, forget: null };
  }
}

function writeState(change) {
  const state = { ...readState(), ...change };
  try {
    localStorage.setItem(STATE_KEY, JSON.stringify(state));
  } catch {
    // Not kept: the next open asks the browser whether a subscription exists.
  }
  for (const listener of listeners) listener();
  return state;
}

export function onPushChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const pushState = readState;

// Why this browser cannot do it at all, in words for the person; null when it might.
export function pushMissing() {
  if (!("serviceWorker" in navigator) || typeof PushManager === "undefined" || typeof Notification === "undefined") {
    return _("This browser cannot wake the app when it is closed (no Web Push here; on an iPhone or iPad, add the app to your Home Screen first).");
  }
  if (Notification.permission === "denied") return _("Notifications are blocked for this site in the browser's settings.");
  return null;
}

async function registration() {
  let timer;
  const late = new Promise((resolve, reject) => {
    timer = setTimeout(() => reject(new NoPush(_("The app's service worker did not start; reload and try again."))), READY_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

const sameKey = (buffer, key) => {
  if (!buffer) return false;
  const bytes = new Uint8Array(buffer);
  const text = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return text === key;
};

// This browser's subscription for the server's current key (a new one when the key changed).
async function subscription(reg) {
  const key = await pushKey();
  const held = await reg.pushManager.getSubscription();
  if (held && sameKey(held.options?.applicationServerKey, key)) return held;
  if (held) await held.unsubscribe().catch(() => false);
  try {
    return await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (error) {
    // Translators: {reason} is the browser's own words (often English).
    throw new NoPush(_("This browser refused the subscription ({reason}).", { reason: error.message || error.name }));
  }
}

// On a tap: asks for notifications, subscribes, sends the instants. Throws NoPush with what
// to tell the person; turned on only when all of it worked (or only the sending waits).
export async function turnOn() {
  const missing = pushMissing();
  if (missing) throw new NoPush(missing);
  const permission = await askForNotifications();
  if (permission !== "granted") throw new NoPush(_("Notifications were not allowed, so the app cannot remind you when it is closed."));
  await subscription(await registration());
  writeState({ on: true });
  sent = null;
  const sending = syncPush();
  // The worker with the push handling takes over behind the subscription, which is the
  // registration's, not a worker's. Not waited for: its install precaches again (seconds on a
  // busy phone) and the instants are sent now; a push meanwhile is kept for it (missed.js). If
  // it fails, the next open registers it (worker-update.js workerUrl: a subscription is held).
  usePushWorker().catch(() => undefined);
  return sending;
}

export async function turnOff() {
  writeState({ on: false, waiting: false, refused: null });
  sent = null;
  try {
    const reg = await registration();
    const held = await reg.pushManager.getSubscription();
    if (held) {
      writeState({ forget: held.endpoint });
      await held.unsubscribe();
    }
    await (await caches.open(DATA_CACHE)).delete(MIRROR);
  } catch {
    // Unsubscribed or not, the server is told below; the worker then finds nothing starred.
  }
  return syncPush();
}

// Sends what the server should know now: the instants (when on) and a subscription to forget.
// One run at a time; a call while one runs makes it run once more after.
export function syncPush() {
  if (running) {
    again = true;
    return running;
  }
  running = send().finally(() => {
    running = null;
    if (again) {
      again = false;
      syncPush();
    }
  });
  return running;
}

async function send() {
  const state = readState();
  try {
    if (state.forget && (await forgetSubscription(state.forget))) writeState({ forget: null });
    if (!state.on || !stored?.data) return;
    const lead = readLead();
    // The worker reads these when a push comes: kept before the server can send one.
    await (await caches.open(DATA_CACHE)).put(MIRROR, new Response(JSON.stringify(mirrorOf(stored.stars.keys(), lead))));
    const reg = await registration();
    const held = (await reg.pushManager.getSubscription()) || (await subscription(reg));
    const wake = wakeInstants(stored.data.sessions, stored.stars, lead, +now());
    const body = JSON.stringify([held.toJSON(), lead, wake]);
    if (body === sent && !state.waiting) return;
    const status = await sendWake(held.toJSON(), lead, wake);
    if (status !== 200) {
      writeState({ waiting: false, refused: status });
      return;
    }
    sent = body;
    if (state.waiting || state.refused) writeState({ waiting: false, refused: null });
  } catch (error) {
    // Offline (or the server away): kept, and sent when the device is back online.
    if (!(error instanceof NoPush)) writeState({ waiting: true });
  }
}

// Wires the page: sent on open, when the stars or the schedule change and when back online;
// `onChanges` runs when the worker says corrections came (an open app then checks at once).
export function startPush(store, onChanges) {
  stored = store;
  store.addEventListener("stars", () => readState().on && syncPush());
  store.addEventListener("changed", ({ detail }) => !detail.texts && readState().on && syncPush());
  window.addEventListener("online", () => syncPush());
  navigator.serviceWorker?.addEventListener("message", (event) => {
    if (event.data?.type === "hallway-changes") onChanges();
  });
  const state = readState();
  if (state.on || state.forget) syncPush();
}
