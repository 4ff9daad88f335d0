// Reminders before starred sessions (5, 10 or 15 minutes, the person's choice): a notification
// while the app is open, in front or in a background tab. Each tick reads the schedule as it
// is now, so a reminder moves with its session when a correction moves it, and a cancelled
// session's never fires. With the app closed only a calendar can remind: the subscription
// (/my.ics?alarm=) carries the same reminder, and My schedule says so.

import { now } from "../../data/clock.js";
import { systemNotification } from "../changes/change-notifications.js";
import { toast } from "../../ui/toasts.js";
import { LEADS, reminder } from "../push/wake-times.js";
import { _ } from "../../data/i18n.js";

const LEAD_KEY = "hallway.remind.v1";
const FIRED_KEY = "hallway.remind.fired.v1";
const KEEP_FIRED = 300;
const TICK_MS = 15000; // a background tab is woken about once a minute anyway

const nowMs = () => +now();

export function readLead() {
  try {
    const minutes = Number(localStorage.getItem(LEAD_KEY));
    return LEADS.includes(minutes) ? minutes : null; // anything else read back means "off"
  } catch {
    return null;
  }
}

export function setLead(minutes) {
  try {
    if (LEADS.includes(minutes)) localStorage.setItem(LEAD_KEY, String(minutes));
    else localStorage.removeItem(LEAD_KEY);
  } catch {
    // Not kept across reloads; reminders still work for this visit.
  }
}

// A reminder is for one session at one start time: moved, it is due again at the new time.
const firedKey = (s) => `${s.id}@${s.start.getTime()}`;

function readFired() {
  try {
    const list = JSON.parse(localStorage.getItem(FIRED_KEY) || "[]");
    return new Set(Array.isArray(list) ? list.filter((k) => typeof k === "string") : []);
  } catch {
    return new Set();
  }
}

function writeFired(fired) {
  try {
    localStorage.setItem(FIRED_KEY, JSON.stringify([...fired].slice(-KEEP_FIRED)));
  } catch {
    // At worst a reminder shows twice.
  }
}

// The sessions to remind of at `at` (ms): starred, not cancelled, starting within `lead`
// minutes and not yet started, not already reminded of for this start time.
export function due(sessions, isStarred, lead, at, fired = new Set()) {
  if (!LEADS.includes(lead)) return [];
  return sessions.filter(
    (s) => !s.cancelled && isStarred(s.id) && s.start - lead * 60000 <= at && at < s.start && !fired.has(firedKey(s)),
  );
}

export function notificationsAllowed() {
  return typeof Notification !== "undefined" && Notification.permission === "granted";
}

// Asked only when the person turns reminders on (a tap), never on load.
export async function askForNotifications() {
  if (typeof Notification === "undefined") return "unsupported";
  return Notification.permission === "default" ? Notification.requestPermission() : Notification.permission;
}

async function show(session, data, at) {
  const minutes = Math.max(1, Math.ceil((session.start - at) / 60000));
  const { title, options } = reminder(session, data.rooms.get(session.room)?.name, minutes);
  if (document.visibilityState === "visible") toast(_("{title} ({details})", { title, details: options.body }), { timeout: 0 }); // stays until dismissed
  if (!notificationsAllowed()) return;
  // The toast above said it when the app was in front.
  return systemNotification(title, options);
}

export function startReminders(store) {
  const check = () => {
    const data = store.data;
    const lead = readLead();
    if (!data || !lead) return;
    const at = nowMs();
    const fired = readFired(); // another tab may have reminded already
    const list = due(data.sessions, (id) => store.isStarred(id), lead, at, fired);
    if (!list.length) return;
    for (const s of list) fired.add(firedKey(s));
    writeFired(fired);
    for (const s of list) show(s, data, at);
  };
  setInterval(check, TICK_MS);
  document.addEventListener("visibilitychange", check);
  store.addEventListener("changed", check);
  store.addEventListener("stars", check);
  check();
  return check;
}
