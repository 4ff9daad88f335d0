// Where the programme stands at `now`: before, during or after the event; which sessions are
// over; the "now" line and the "Jump to now" control the schedule shows during the event.

import { h } from "../dom.js";
import { dayLabel, time, venueDay, zoneLabel } from "../time.js";

// "before" until the first session starts, "after" once the last one ended, else "during".
export function phase(data, now) {
  const live = data.sessions.filter((s) => !s.cancelled);
  if (!live.length) return "before";
  if (now < live[0].start && !data.days.includes(venueDay(now))) return "before";
  if (live.every((s) => s.end <= now)) return "after";
  return now < live[0].start ? "before" : "during";
}

export function isPast(session, now) {
  return session.end <= now;
}

export function nowMark(now) {
  return h(
    "div",
    { class: "nowmark", id: "now-line", role: "separator", "aria-label": `Now, ${time(now)}` },
    h("span", {}, `Now · ${time(now)} ${zoneLabel(now)}`),
  );
}

// Scrolls the current slot (else the "now" line) under the sticky tabs and moves focus
// there, so keyboard and screen reader users land where sighted ones do.
export function jumpToNow(root = document) {
  const target = root.querySelector(".slot.current") || root.querySelector("#now-line");
  if (!target) return false;
  target.scrollIntoView({ block: "start" });
  const heading = target.querySelector(".slothead") || target;
  heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
  return true;
}

export function jumpButton(onJump) {
  return h("button", { type: "button", class: "jumpnow", onclick: onJump }, "Jump to now");
}

export function phaseNote(data, state) {
  if (state === "after") return h("p", { class: "note phase" }, "The event is over: here is the whole programme.");
  if (state === "before") return h("p", { class: "note phase" }, `The event starts ${dayLabel(data.days[0])}.`);
  return null;
}
