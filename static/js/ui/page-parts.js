// Pieces several views share: headings, day tabs, empty states, "not found".

import { now as clockNow } from "../data/clock.js";
import { h } from "./dom.js";
import { withQuery } from "./query-links.js";
import { conferenceDay, dayLabel, zoneLabel } from "../data/time.js";
import { _, fill } from "../data/i18n.js";

// `lang`: the heading's own language when it is imported text in another (ui/session-card.js, textLang).
export function heading(text, sub = null, lang = null) {
  return [h("h1", { tabindex: "-1", lang }, text), sub && h("p", { class: "sub" }, sub)].filter(Boolean);
}

// The zone's name on the day shown (CEST in April, CET in November).
export function zoneNote(at) {
  return h("p", { class: "zone" }, _("Times in {zone}", { zone: zoneLabel(at) }));
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
    { class: "days", "aria-label": _("Days") },
    days.map((day) =>
      h(
        "a",
        { href: withQuery(here, { day }), "aria-current": day === chosen ? "page" : null },
        day === "all" ? _("All days") : dayLabel(day, "short"),
      ),
    ),
  );
}

export function empty(text) {
  return h("p", { class: "empty" }, text);
}

// Each kind's words whole: another language agrees its words with the kind ("Aucune séance",
// "Aucun intervenant"), so the kind is never a word put into one sentence.
const MISSING = {
  session: () => [_("No such session"), _("There is no session “{id}” in this schedule. It may have been removed or renamed.")],
  room: () => [_("No such room"), _("There is no room “{id}” in this schedule. It may have been removed or renamed.")],
  speaker: () => [_("No such speaker"), _("There is no speaker “{id}” in this schedule. They may have been removed or renamed.")],
  track: () => [_("No such track"), _("There is no track “{id}” in this schedule. It may have been removed or renamed.")],
  page: () => [_("No such page"), _("There is no page “{id}” in this schedule. It may have been removed or renamed.")],
};

// `what`: session, room, speaker, track or page.
export function notFound(what, id) {
  const [title, text] = (MISSING[what] ?? MISSING.page)();
  return {
    title,
    node: h(
      "section",
      { class: "notfound" },
      heading(title),
      h("p", {}, fill(text, { id })),
      h("p", {}, h("a", { href: "/" }, _("Back to the schedule"))),
    ),
  };
}
