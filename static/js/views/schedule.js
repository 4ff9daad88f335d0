// Schedule by day and time, and Find: filters and search, all kept in the URL.

import { languageName, sessionCard } from "../card.js";
import { h } from "../dom.js";
import { withQuery } from "../router.js";
import { conferenceDay, dayLabel, time } from "../time.js";
import { dayTabs, empty, heading, pickDay, zoneNote } from "./common.js";
import { foldControl, followNow, isPast, jumpButton, jumpToNow, nowMark, phase, phaseNote } from "./timeline.js";

const FILTERS = ["room", "track", "level", "lang", "slides", "q"];

export function filterSessions(data, query, day) {
  const words = (query.get("q") || "").toLowerCase().split(/\s+/).filter(Boolean);
  const room = query.get("room");
  const track = query.get("track");
  const level = query.get("level");
  const lang = query.get("lang");
  const slides = query.get("slides") === "1";
  return data.sessions.filter(
    (s) =>
      (day === "all" || s.day === day) &&
      (!room || s.room === room) &&
      (!track || s.track === track) &&
      (!level || s.level === level) &&
      (!lang || s.lang === lang) &&
      (!slides || s.slides === true) &&
      words.every((w) => s.haystack.includes(w)),
  );
}

// The "no filter" choice says what it means ("All levels"): a level, room or track may itself
// be called "Any" in the data.
function select(name, label, options, value, all) {
  const id = `f-${name}`;
  return h(
    "div",
    { class: "field" },
    h("label", { for: id }, label),
    h(
      "select",
      { id, name },
      h("option", { value: "" }, all),
      options.map(([v, text]) => h("option", { value: v, selected: v === value }, text)),
    ),
  );
}

function filterForm(data, query) {
  const active = FILTERS.filter((f) => f !== "q" && query.get(f)).length;
  return h(
    "form",
    { class: "find", role: "search", "aria-label": "Find sessions" },
    h(
      "div",
      { class: "field search" },
      h("label", { for: "f-q" }, "Search titles, descriptions, speakers"),
      h("input", { id: "f-q", name: "q", type: "search", value: query.get("q") || "", autocomplete: "off" }),
    ),
    h(
      "details",
      { open: active > 0 },
      h("summary", {}, active ? `Filters (${active})` : "Filters"),
      h(
        "div",
        { class: "fields" },
        select("room", "Room", [...data.rooms.values()].map((r) => [r.id, r.name]), query.get("room"), "All rooms"),
        select("track", "Track", [...data.tracks.values()].map((t) => [t.id, t.name]), query.get("track"), "All tracks"),
        data.levels.length > 0 && select("level", "Level", data.levels.map((l) => [l, l]), query.get("level"), "All levels"),
        data.languages.length > 1 &&
          select("lang", "Language", data.languages.map((l) => [l, languageName(l)]), query.get("lang"), "All languages"),
        h(
          "div",
          { class: "field check" },
          h("input", { id: "f-slides", name: "slides", type: "checkbox", checked: query.get("slides") === "1" }),
          h("label", { for: "f-slides" }, "Slides attached"),
        ),
      ),
    ),
  );
}

// Cards are built a batch at a time: the first batch fills the screen at once, the next one
// when the reader scrolls near the end of the list. A search in 1,000 sessions then costs a
// few screens of DOM, not 1,000 cards (which took seconds to lay out on a slow phone).
const BATCH = 20;
let pending = null; // the observer of the list shown last, dropped when a new list replaces it

// `now` (during the event, on today's list) adds the "now" line before the first session
// still to start, marks running sessions live and ended ones past.
function list(sessions, store, day, now = null) {
  pending?.disconnect();
  pending = null;
  if (!sessions.length) return [empty("No sessions match. Try fewer filters or other words.")];
  let lastDay = null;
  let lastSlot = null;
  let group = null;
  let next = 0;
  let marked = !now;
  const upcoming = now ? sessions.findIndex((s) => s.start > now) : -1;
  const more = (size = BATCH) => {
    const nodes = [];
    for (const stop = Math.min(sessions.length, next + size); next < stop; next++) {
      const s = sessions[next];
      if (!marked && s.start > now) {
        nodes.push(nowMark(now));
        marked = true;
        lastSlot = null;
      }
      if (day === "all" && s.day !== lastDay) {
        nodes.push(h("h2", { class: "dayhead" }, dayLabel(s.day)));
        lastDay = s.day;
        lastSlot = null;
      }
      const slot = time(s.start);
      if (slot !== lastSlot) {
        group = h("div", { class: "cards" });
        const state = now && (s.start > now ? "" : isPast(s, now) ? "ended" : "current");
        nodes.push(h("section", { class: `slot ${state || ""}`.trim() }, h(day === "all" ? "h3" : "h2", { class: "slothead" }, slot), group));
        lastSlot = slot;
      }
      const past = now && isPast(s, now);
      const live = now && !past && s.start <= now && !s.cancelled;
      group.append(sessionCard(s, store, { extraClass: past ? "past" : live ? "live" : "", note: past ? "Ended" : null }));
    }
    if (!marked && next >= sessions.length) {
      nodes.push(nowMark(now)); // everything shown has started: the line closes the list
      marked = true;
    }
    return nodes;
  };
  // The first batch reaches past the "now" line, so "Jump to now" always finds it; with no
  // "now" in this list (another day, before or after the event) it is one screenful.
  const reach = !now ? 0 : upcoming < 0 ? sessions.length : upcoming;
  const out = more(Math.max(BATCH, reach + BATCH));
  if (next < sessions.length && "IntersectionObserver" in window) {
    const sentinel = h("div", { class: "more", "aria-hidden": "true" });
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        sentinel.before(...more());
        if (next >= sessions.length) {
          observer.disconnect();
          sentinel.remove();
        } else {
          observer.unobserve(sentinel); // still in range after this batch: observing anew reports it again
          observer.observe(sentinel);
        }
      },
      { rootMargin: "800px 0px" },
    );
    out.push(sentinel);
    observer.observe(sentinel);
    pending = observer;
  } else {
    while (next < sessions.length) out.push(...more());
  }
  return out;
}

function chosenDay(data, query, now, state) {
  const searching = FILTERS.some((f) => query.get(f));
  if (!query.get("day") && state === "after" && data.days.length > 1) return "all"; // the whole programme
  if (!query.get("day") && !searching && state === "during") {
    // The first day with something still to come: today, or tomorrow once today is over.
    const open = data.days.find((d) => data.sessions.some((s) => s.day === d && s.end > now && !s.cancelled));
    if (open) return open;
  }
  return query.get("day") || !searching ? pickDay(data, query, now) : "all";
}

export function render(ctx) {
  const { store } = ctx;
  const data = store.data;
  const now = ctx.now;
  const state = phase(data, now);
  const top = h("div", { class: "top-of-view" });
  const results = h("div", { class: "results" });
  const count = h("p", { class: "count", "aria-live": "polite" });
  const zone = h("span");
  const form = filterForm(data, ctx.query);
  let shownDay = null;

  const update = () => {
    const query = new URL(location.href).searchParams;
    const day = chosenDay(data, query, now, state);
    // Day tabs keep the filters in their links, so they follow every change.
    top.replaceChildren(...heading(day === "all" ? "All days" : dayLabel(day)), dayTabs(data, day, { all: true }));
    shownDay = day;
    const all = filterSessions(data, query, day);
    // Today is the conference day: at a congress, 01:00 still belongs to the evening before.
    const timed = state === "during" && (day === "all" || day === conferenceDay(now));
    // Ended sessions fold away on the plain programme (no search, no filter); ?past=1 shows them.
    const fold = timed && !FILTERS.some((f) => query.get(f)) && query.get("past") !== "1";
    const sessions = fold ? all.filter((s) => !isPast(s, now)) : all;
    const folded = all.length - sessions.length;
    zone.replaceChildren(zoneNote(all[0]?.start ?? data.sessions[0]?.start));
    count.textContent = `${all.length} session${all.length === 1 ? "" : "s"}`;
    results.replaceChildren(
      ...[foldControl(folded, timed && query.get("past") === "1", setPast)].filter(Boolean),
      ...list(sessions, store, day, timed ? now : null),
    );
    followNow(results, jump, timed);
  };
  const setPast = (on) => {
    history.replaceState(history.state, "", withQuery(location.href, { past: on }));
    update();
  };
  const jump = jumpButton(() => jumpToNow(results));
  const onInput = () => {
    const fd = new FormData(form);
    const changes = Object.fromEntries(FILTERS.map((f) => [f, fd.get(f) || null]));
    history.replaceState(history.state, "", withQuery(location.href, changes));
    update();
  };
  form.addEventListener("input", onInput); // selects and checkboxes fire "input" too: one update each
  form.addEventListener("submit", (e) => e.preventDefault());
  update();
  return {
    title: shownDay === "all" ? "Schedule" : `Schedule, ${dayLabel(shownDay)}`,
    node: h("section", { class: "schedule" }, top, phaseNote(data, state), form, h("div", { class: "bar" }, count, zone), jump, results),
  };
}
