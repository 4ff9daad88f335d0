// The service worker's side of push (webapp/views/sw.py bundles this module with what it
// imports into /sw.js, so the worker runs the very code the page does: data/changes.js applies
// corrections, data/kept-copy.js reads and writes the kept schedule, features/push/wake-times.js decides what rings).
// Two messages come (docs/api.md): {kind: "wake", at} at an instant this device registered,
// and {kind: "changes", version} after corrections. Both are decided here, from the stars
// and the schedule this device holds: the server never knows what anyone starred.

import { checkChange, joinPhrases, patchOf, phrases, titleOf } from "../../data/changes.js";
import { _, ngettext, npgettext } from "../../data/i18n.js";
import { checkNotice, noticesAfter } from "../../data/notices.js";
import { DATA_CACHE, MIRROR, patchedDoc, readKept, writeKept } from "../../data/kept-copy.js";
import { sendWake } from "./push-api.js";
import { heldOf } from "../../data/texts.js";
import { clockHour, setVenueZone, time } from "../../data/time.js";
import { readMirror, reminder, ringing, wakeInstants } from "./wake-times.js";
import { readPush, takeMissed } from "./missed.js";
// The bundle's one entry (webapp/web/built.py): the worker's answers to links that leave the
// app (calendar files made on the device offline) come in with it.
import { wireWorkerFiles } from "../offline/worker-files.js";
import { speakChosenLanguage } from "../language/worker-language.js";

const CHANGES = "/api/v1/changes";
const CHANGES_TAG = "hallway-changes"; // the open app's tag too (notify.js): one notification
const MOST_LINES = 8;

const named = (list) => new Map((Array.isArray(list) ? list : []).filter((x) => x && typeof x.id === "string").map((x) => [x.id, x]));

// The kept schedule (null when none or damaged) and the page's mirror of stars and lead.
async function held() {
  const cache = await caches.open(DATA_CACHE);
  const kept = await readKept(cache).catch(() => null);
  const mirror = await cache
    .match(MIRROR)
    .then((r) => (r ? r.json() : null))
    .catch(() => null);
  return { cache, kept, mirror: readMirror(mirror) };
}

// What data/changes.js's words need of the schedule, in the venue's zone as the app shows it.
function lookup(doc) {
  setVenueZone(typeof doc.event?.timezone === "string" && doc.event.timezone ? doc.event.timezone : "UTC", doc.zone);
  return { rooms: named(doc.rooms), speakers: named(doc.speakers), tracks: named(doc.tracks), byId: named(doc.sessions) };
}

async function wake(at) {
  const { kept, mirror } = await held();
  if (!kept || !mirror.lead) return;
  const data = lookup(kept.doc);
  const due = ringing(kept.doc.sessions, mirror.stars, mirror.lead, at);
  await Promise.all(
    due.map((s) => {
      const { title, options } = reminder(s, data.rooms.get(s.room)?.name, mirror.lead);
      return self.registration.showNotification(title, options);
    }),
  );
}

// Corrections after the kept copy's version, applied to it as the open app would (features/changes/feed-sync.js);
// null when they cannot be (another store, a re-import, a change for a session it lacks): the
// app takes the whole schedule when next opened.
async function fetchChanges(doc) {
  const had = Number.isInteger(doc.version) ? doc.version : 0;
  const response = await fetch(`${CHANGES}?since=${had}`, { cache: "no-store" });
  const body = response.ok ? await response.json().catch(() => null) : null;
  if (!body || body.reload === true || (typeof body.store === "string" && typeof doc.store === "string" && body.store !== doc.store)) return null;
  const fresh = (Array.isArray(body.changes) ? body.changes : []).filter((c) => c && Number.isInteger(c.version) && c.version > had);
  const byVersion = (a, b) => a.version - b.version;
  const noticeChanges = fresh.map(checkNotice).filter(Boolean).sort(byVersion);
  const list = fresh.filter((c) => !checkNotice(c)).map(checkChange).filter(Boolean).sort(byVersion);
  if (fresh.length > noticeChanges.length + list.length) return null; // a kind this code does not know
  const version = Number.isInteger(body.version) ? Math.max(body.version, had) : had;
  if (version === had) return { list: [], version };
  const patch = patchOf(doc, list);
  if (noticeChanges.length) lookup(doc); // a room status lasts to the venue's midnight: its zone
  const notices = noticeChanges.length ? noticesAfter(doc.notices, noticeChanges) : undefined;
  return patch && notices !== null && { list, version, ...patch, ...(notices ? { notices } : {}) };
}

async function changes() {
  const { cache, kept, mirror } = await held();
  if (!kept) return;
  const got = await fetchChanges(kept.doc);
  if (!got || !(got.list.length || got.notices)) return;
  const { doc, held: texts } = patchedDoc(kept.doc, heldOf(kept.texts, kept.doc), got);
  // The open app may have written a newer copy meanwhile: never step it back.
  const now = await readKept(cache).catch(() => null);
  if (!now || !(now.doc.version >= got.version)) await writeKept(cache, doc, texts, null);
  const mine = got.list.filter((c) => mirror.stars.has(c.session));
  if (!mine.length) return;
  await notifyChanged(mine, lookup(kept.doc));
  // A starred session moved: the server is told the new wake-up instants (never which session).
  const subscription = await self.registration.pushManager.getSubscription();
  if (subscription && mirror.lead) {
    await sendWake(subscription.toJSON(), mirror.lead, wakeInstants(doc.sessions, mirror.stars, mirror.lead, Date.now())).catch(() => null);
  }
}

// "Your 09:15 session: moved to Main Room (was Side Room)"; later ones join the one shown.
async function notifyChanged(mine, before) {
  const said = mine.map((c) => {
    const start = before.byId.get(c.session)?.start ?? c.after.start;
    const at = start && new Date(start);
    // Translators: a notification about a starred session, named by its start time. The count is the hour of {time} (1 for 1:30, 13 for 13:00), for a language whose article follows the hour ("Tu sesión de la 1:30", "de las 13:00"); others write the same in each form.
    const head = at ? npgettext("hour", "Your {time} session", "Your {time} session", clockHour(at), { time: time(at) }) : _("Your session");
    return { head, name: titleOf(c, before), what: joinPhrases(phrases(c, before)) };
  });
  const shown = await self.registration.getNotifications({ tag: CHANGES_TAG });
  const earlier = shown.flatMap((n) => (Array.isArray(n.data?.lines) ? n.data.lines : []));
  // Translators: one line of a notification: "Your 09:15 session (its title): what changed".
  const lines = [...earlier, ...said.map((x) => _("{head} ({title}): {what}", { head: x.head, title: x.name, what: x.what }))].slice(-MOST_LINES);
  const one = lines.length === 1 && said.length === 1 ? said[0] : null;
  const title = one
    ? _("{head}: {what}", { head: one.head, what: one.what })
    : ngettext("{n} change to your starred sessions", "{n} changes to your starred sessions", lines.length);
  await self.registration.showNotification(title, { body: one ? one.name : lines.join("\n"), tag: CHANGES_TAG, data: { url: "/changes", lines } });
}

// An open app checks the feed at once (it would otherwise wait for its next poll).
async function tellClients(version) {
  const open = await self.clients.matchAll({ type: "window" });
  for (const client of open) client.postMessage({ type: "hallway-changes", version });
}

// What a push message asks for, done; null for a message this code does not know.
function handle(message) {
  // What the worker writes, in the language the page chose (features/language/worker-language.js).
  const speaking = speakChosenLanguage();
  if (message?.kind === "wake" && typeof message.at === "string") return speaking.then(() => wake(message.at));
  if (message?.kind === "changes") return Promise.all([tellClients(message.version), speaking.then(changes).catch(() => undefined)]);
  return null;
}

self.addEventListener("push", (event) => {
  // What the plain worker kept is looked for at every push too (one it was still writing when
  // this worker activated would otherwise wait for the next version's activation), and first,
  // so that two looks at the changes never run side by side.
  const message = readPush(event);
  event.waitUntil(replayMissed().then(() => handle(message)));
});

// Pushes the plain worker kept while it was still in charge (features/push/missed.js), handled
// once this worker is: a reminder comes a few seconds late rather than never.
// One at a time, and one look at the changes for however many said there were some.
async function handleMissed() {
  const messages = await takeMissed();
  const changed = messages.filter((m) => m?.kind === "changes").at(-1);
  const seen = new Set();
  const wakes = messages.filter((m) => m?.kind === "wake" && !seen.has(m.at) && seen.add(m.at));
  for (const message of [...wakes, changed].filter(Boolean)) await handle(message)?.catch(() => undefined);
}

// Taking over from the worker without the push handling (features/offline/worker-offline.js),
// this one does not wait for the pages to close: they see the same files and pages, and the
// pushes must reach this code. The page asks for the same (worker-update.js usePushWorker), but
// it may have been closed the moment push was turned on.
self.addEventListener("install", () => {
  const before = self.registration.active;
  if (before && !before.scriptURL.endsWith("push=1")) self.skipWaiting();
});

let missed = null; // the last look at what was kept, once this worker is active

// One look at a time: a second waits for the one running, then looks again.
function replayMissed() {
  missed = (missed ?? Promise.resolve()).then(handleMissed).catch(() => undefined);
  return missed;
}

// Not waited for by the activation: a notification shown while the worker activates waits for
// the activation to end, which then waited for the notification (Chrome never finished it).
self.addEventListener("activate", () => {
  replayMissed();
});
// The plain worker's word that it kept a push after this one looked (features/offline/
// worker-offline.js); a page's message (it sends some at every start) keeps the worker running
// until the look is done.
self.addEventListener("message", (event) => {
  if (event.data === "replay-missed") event.waitUntil(replayMissed());
  else if (missed) event.waitUntil(missed);
});

wireWorkerFiles(self);
