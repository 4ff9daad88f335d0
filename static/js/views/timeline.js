// Where the programme stands at `now`: before, during or after the event; which sessions are
// over; the "now" line and the "Jump to now" control the schedule shows during the event.

import { h } from "../ui/dom.js";
import { conferenceDay, dayLabel, time, zoneLabel } from "../data/time.js";
import { _, ngettext } from "../data/i18n.js";

// "before" until the first session starts, "after" once the last one ended, else "during".
export function phase(data, now) {
  const live = data.sessions.filter((s) => !s.cancelled);
  if (!live.length) return "before";
  if (now < live[0].start && !data.days.includes(conferenceDay(now))) return "before";
  if (live.every((s) => s.end <= now)) return "after";
  return now < live[0].start ? "before" : "during";
}

export function isPast(session, now) {
  return session.end <= now;
}

export function nowMark(now) {
  return h(
    "div",
    { class: "nowmark", id: "now-line", role: "separator", "aria-label": _("Now, {time}", { time: time(now) }) },
    // Translators: the line across the schedule at the present moment: "Now · 10:20 CEST".
    h("span", {}, _("Now · {time} {zone}", { time: time(now), zone: zoneLabel(now) })),
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

// The button floats over the list only while the "now" line is off screen: when the line is
// in view there is nowhere to jump to, and the button would just cover a card.
let seeing = null;
export function followNow(results, jump, timed) {
  seeing?.disconnect();
  seeing = null;
  const mark = results.querySelector("#now-line");
  const watching = Boolean(mark) && "IntersectionObserver" in window;
  jump.hidden = !timed || !mark || watching; // the observer shows it once the line is out of view
  if (!watching) return;
  seeing = new IntersectionObserver((entries) => {
    jump.hidden = entries.at(-1).isIntersecting;
  });
  seeing.observe(mark);
}

// "Show 3 earlier sessions" while ended ones are folded, "Hide ended sessions" once shown.
export function foldControl(folded, showing, setPast) {
  if (folded) {
    const label = ngettext("Show {n} earlier session", "Show {n} earlier sessions", folded);
    return h("button", { type: "button", class: "linkish fold", onclick: () => setPast(true) }, label);
  }
  return showing ? h("button", { type: "button", class: "linkish fold", onclick: () => setPast(false) }, _("Hide ended sessions")) : null;
}

export function jumpButton(onJump) {
  return h("button", { type: "button", class: "jumpnow", onclick: onJump }, _("Jump to now"));
}

export function phaseNote(data, state) {
  if (state === "after") return h("p", { class: "note phase" }, _("The event is over: here is the whole programme."));
  if (state === "before") return h("p", { class: "note phase" }, _("The event starts {day}.", { day: dayLabel(data.days[0]) }));
  return null;
}
