// Reminders with the app closed (Web Push), the pure part the page and the service worker
// share: which instants this device needs waking at, and what rings when it is woken.
// The server is told only the instants (each a starred session's start minus the lead), never
// which sessions are starred: several sessions start at each instant, so it learns a time slot.
// No DOM, no network, no clock: every function here takes what it needs.

import { time } from "../../data/time.js";
import { _, ngettext } from "../../data/i18n.js";

export const LEADS = [5, 10, 15];
export const MOST_WAKES = 500; // the server refuses more; the earliest are the ones that matter

const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
const ms = (value) => (value instanceof Date ? value.getTime() : Date.parse(value));
const starredBy = (stars) => (typeof stars === "function" ? stars : (id) => stars.has(id));

// An instant as the server's contract writes it: UTC, whole seconds ("2026-04-07T07:05:00Z").
export function isoInstant(at) {
  return new Date(at).toISOString().replace(/\.\d{3}Z$/, "Z");
}

// The wake-up instants for `sessions` (start as a Date or ISO text): one per distinct start of
// a starred session that is not cancelled, `lead` minutes before it, after `now` (ms); earliest
// first, at most MOST_WAKES.
export function wakeInstants(sessions, stars, lead, now) {
  if (!LEADS.includes(lead)) return [];
  const starred = starredBy(stars);
  const instants = new Set();
  for (const s of sessions) {
    if (!s || !starred(s.id) || s.status === "cancelled" || s.cancelled === true) continue;
    const at = ms(s.start) - lead * 60000;
    if (Number.isFinite(at) && at > now) instants.add(at);
  }
  return [...instants].sort((a, b) => a - b).slice(0, MOST_WAKES).map(isoInstant);
}

// The sessions to remind of when woken for instant `at`: starred, not cancelled, starting
// `lead` minutes after it in the schedule held now (a moved session is found at its new time).
export function ringing(sessions, stars, lead, at) {
  const due = ms(at) + lead * 60000;
  if (!LEADS.includes(lead) || !Number.isFinite(due)) return [];
  const starred = starredBy(stars);
  return sessions.filter((s) => s && starred(s.id) && s.status !== "cancelled" && s.cancelled !== true && ms(s.start) === due);
}

// A reminder as both the open app and the worker show it; one tag per session, so the two
// never show the same reminder twice (the later replaces the earlier).
export function reminder(session, room, minutes) {
  const start = new Date(ms(session.start));
  return {
    // Translators: a reminder's title: the session starts in {n} minutes.
    title: ngettext("In {n} min: {title}", "In {n} min: {title}", minutes, { title: session.title }),
    // Translators: a reminder's text: the session's start time and room.
    options: { body: room ? _("{time} · {room}", { time: time(start), room }) : time(start), tag: `hallway-remind-${session.id}`, data: { url: `/session/${session.id}` } },
  };
}

// What the page mirrors for the worker (which cannot read localStorage): the starred ids and
// the lead. Read back checked; anything else means nothing starred, no reminders.
export function mirrorOf(ids, lead) {
  return { stars: [...ids].filter((id) => ID_RE.test(id)), lead: LEADS.includes(lead) ? lead : null };
}

export function readMirror(raw) {
  const value = raw && typeof raw === "object" ? raw : {};
  const ids = Array.isArray(value.stars) ? value.stars.filter((id) => typeof id === "string" && ID_RE.test(id)) : [];
  return { stars: new Set(ids), lead: LEADS.includes(value.lead) ? value.lead : null };
}

// The body of PUT /api/v1/push/subscription (the subscription as PushSubscription.toJSON()).
export function subscriptionBody(subscription, lead, wake) {
  const { endpoint, keys } = subscription;
  return { subscription: { endpoint, keys: { p256dh: keys?.p256dh, auth: keys?.auth } }, lead, wake };
}
