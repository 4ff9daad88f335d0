// The server's push routes (docs/api.md), as the page and the service worker both call them.
// No DOM: the worker runs this too.

import { subscriptionBody } from "./wake-times.js";
import { _ } from "../../data/i18n.js";

const KEY = "/api/v1/push/key";
const SUBSCRIPTION = "/api/v1/push/subscription";
const TIMEOUT_MS = 15000;

// Why this server offers no push, in words for the person; thrown by pushKey.
export class NoPush extends Error {}

async function call(url, options = {}) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  try {
    return await fetch(url, { cache: "no-store", ...options, signal: abort.signal });
  } finally {
    clearTimeout(timer);
  }
}

const json = (method, body) => ({ method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

// The server's VAPID public key (base64url). Throws NoPush when the server has push off or
// there is no server (a static host answers 404 with a page, not JSON); a network error as is.
export async function pushKey() {
  const response = await call(KEY);
  const body = await response.json().catch(() => null);
  if (response.ok && typeof body?.publicKey === "string" && body.publicKey) return body.publicKey;
  if (body && typeof body.error === "string") throw new NoPush(_("This server has reminders with the app closed turned off."));
  throw new NoPush(_("This copy of the schedule has no Hallway server behind it, and reminders with the app closed need one."));
}

// Registers (or replaces) the wake-up instants of `subscription` (PushSubscription.toJSON()).
// Resolves with the HTTP status (200: taken); a network error throws (sent again later).
export async function sendWake(subscription, lead, wake) {
  return (await call(SUBSCRIPTION, json("PUT", subscriptionBody(subscription, lead, wake)))).status;
}

export async function forgetSubscription(endpoint) {
  const response = await call(SUBSCRIPTION, json("DELETE", { endpoint }));
  return response.ok || response.status === 404;
}
