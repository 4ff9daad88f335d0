// Walking times where a person decides: between two starred sessions (My schedule, a session's
// page) and from where they are (Now). The minutes are the server's (the venue document's
// `walk`, data/walk.js); the plan is read once per version of it, and a view drawn before it
// came is drawn again when it does (onWalkChange, app.js).

import { h } from "../../ui/dom.js";
import { clockHour, time } from "../../data/time.js";
import { readWalk, setStepFree, usingStepFree, walkMinutes } from "../../data/walk.js";
import { loadVenue } from "./venue-plan.js";
import { sentence } from "../../ui/sentence.js";
import { _, formatDuration, npgettext } from "../../data/i18n.js";

let asked = null; // the venue load last asked for: loadVenue hands a new one after a failure
let walk = null;
const listeners = new Set();

export function onWalkChange(listener) {
  listeners.add(listener);
}

// The walking table as far as this page has it (null until the plan is read); asks for it.
export function knownWalk() {
  let loading;
  try {
    loading = loadVenue();
  } catch {
    return walk;
  }
  if (loading !== asked) {
    asked = loading;
    loading
      .then((venue) => {
        const fresh = readWalk(venue);
        if (loading !== asked || (fresh === null && walk === null)) return;
        walk = fresh;
        for (const listener of listeners) listener();
      })
      .catch(() => {}); // no plan on the phone yet: no walking times, the rest as it was
  }
  return walk;
}

// Minutes from room to room by the person's choice of routes, or null when unknown.
export function minutesBetween(from, to) {
  return walkMinutes(knownWalk(), from, to, { stepFree: usingStepFree() });
}

const minutesOf = (ms) => Math.max(0, Math.floor(ms / 60000));

// The walk from `before` (a starred session) to `session`: "4 min walk from K.3.201 · leave by
// 11:21", or, when the time between them is shorter than the walk, a warning that says so in
// words. Null when both are in one room, overlap, or the walk is not known.
export function walkBetween(data, before, session) {
  if (!before || before.room === session.room || session.start < before.end) return null;
  const minutes = minutesBetween(before.room, session.room);
  const room = data.rooms.get(before.room);
  if (minutes === null || !room) return null;
  const gap = minutesOf(session.start - before.end);
  if (gap < minutes) {
    return h(
      "p",
      { class: "walk tight", "data-walk": minutes },
      h("span", { class: "warn", "aria-hidden": "true" }, "⚠ "),
      // Translators: two starred sessions with less time between them than the walk: "Too tight: 9 min walk from K.3.201, 5 min gap".
      _("Too tight: {walk} walk from {room}, {gap} gap", { walk: formatDuration(minutes), room: room.name, gap: formatDuration(gap) }),
    );
  }
  const leave = new Date(+session.start - minutes * 60000);
  // Translators: the count is the hour of {time} (1 for 1:30, 13 for 13:00), for a language whose article follows the hour ("a la 1:30", "a las 13:00"); others write the same in each form. "4 min walk from K.3.201 · leave by 11:21".
  const said = npgettext("hour", "{duration} walk from {room} · leave by {time}", "{duration} walk from {room} · leave by {time}", clockHour(leave), {
    duration: formatDuration(minutes),
    room: room.name,
    time: time(leave),
  });
  return h("p", { class: "walk", "data-walk": minutes }, said);
}

// The walk from where the person is (data/here.js) to `room`, as a short tag, or null.
export function walkFromHere(here, room) {
  if (!here) return null;
  // Translators: on Now, the room where the person is.
  if (here.room === room) return h("span", { class: "walk-tag here" }, _("You are here"));
  const minutes = minutesBetween(here.room, room);
  // Translators: on Now, how far a room is from where the person is: "4 min walk".
  return minutes === null ? null : h("span", { class: "walk-tag", "data-walk": minutes }, _("{duration} walk", { duration: formatDuration(minutes) }));
}

// The line on a session's page when the walk is from where the person is.
export function walkFromHereLine(data, here, session) {
  const minutes = here && here.room !== session.room ? minutesBetween(here.room, session.room) : null;
  const room = minutes !== null && data.rooms.get(here.room);
  if (!room) return null;
  const parts = { duration: formatDuration(minutes), room: h("a", { href: `/room/${room.id}` }, room.name) };
  // Translators: on a session's page: "4 min walk from where you are (K.3.201)".
  return h("p", { class: "walk", "data-walk": minutes }, sentence(_("{duration} walk from where you are ({room})"), parts));
}

// The "Step-free routes" switch in More (templates/shell.html): kept on the device, read back
// on each start; `changed()` draws the page again with the other matrix.
export function wireStepFree(changed) {
  const box = document.getElementById("step-free");
  if (!box) return;
  box.checked = usingStepFree();
  box.addEventListener("change", () => {
    setStepFree(box.checked);
    changed();
  });
}
