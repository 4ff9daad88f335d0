// Pieces several views share: headings, day tabs, empty states, "not found".

import { now as clockNow } from "../data/clock.js";
import { h } from "./dom.js";
import { withQuery } from "./query-links.js";
import { conferenceDay, dayLabel, zoneLabel } from "../data/time.js";

export function heading(text, sub = null) {
  return [h("h1", { tabindex: "-1" }, text), sub && h("p", { class: "sub" }, sub)].filter(Boolean);
}

// The zone's name on the day shown (CEST in April, CET in November).
export function zoneNote(at) {
  return h("p", { class: "zone" }, `Times in ${zoneLabel(at)}`);
}

// The day to show: ?day= when valid, else today during the event, else the first day.
export function pickDay(data, query, now = clockNow()) {
  const asked = query.get("day");
  if (asked === "all" || data.days.includes(asked)) return asked;
  const today = conferenceDay(now); // at 01:00 the evening's day is still on
  return data.days.includes(today) ? today : data.days[0];
}

// `base`: the address the links keep their other parameters from (the page's own by default).
export function dayTabs(data, chosen, { all = false, base = location.href } = {}) {
  const here = new URL(base);
  const days = all ? [...data.days, "all"] : data.days;
  return h(
    "nav",
    { class: "days", "aria-label": "Days" },
    days.map((day) =>
      h(
        "a",
        { href: withQuery(here, { day }), "aria-current": day === chosen ? "page" : null },
        day === "all" ? "All days" : dayLabel(day, "short"),
      ),
    ),
  );
}

export function empty(text) {
  return h("p", { class: "empty" }, text);
}

export function notFound(what, id) {
  return {
    title: `No such ${what}`,
    node: h(
      "section",
      { class: "notfound" },
      heading(`No such ${what}`),
      h("p", {}, `There is no ${what} “${id}” in this schedule. It may have been removed or renamed.`),
      h("p", {}, h("a", { href: "/" }, "Back to the schedule")),
    ),
  };
}
