// Schedule by day and time, and Find: filters and search, all kept in the URL.

import { languageName } from "../data/languages.js";
import { kindName } from "../data/kinds.js";
import { sessionCard } from "../ui/session-card.js";
import { now as clockNow } from "../data/clock.js";
import { buildOnOpen, h } from "../ui/dom.js";
import { withQuery } from "../ui/query-links.js";
import { currentAddress, setAddress, writeAddress } from "../ui/address-later.js";
import { conferenceDay, dayLabel, time } from "../data/time.js";
import { LIST_FILTERS, choiceOf, kindsOf, matchesChoice } from "../data/filters.js";
import { isHidden, readHidden } from "../data/hidden.js";
import { pickGroup, pickedValue } from "../features/tracks/filter-panel.js";
import { hiddenLine, showingHidden } from "../features/tracks/hidden-line.js";
import { dayTabs, empty, heading, pickDay, zoneNote } from "../ui/page-parts.js";
import { foldControl, followNow, isPast, jumpButton, jumpToNow, nowMark, phase, phaseNote } from "./timeline.js";
import { keepIndexed, searchIndex, whenComplete } from "../features/search/ready-index.js";
import { showFound } from "./search-results.js";
import { buildingsOf } from "../features/venue/by-building.js";
import { knownVenue, onceRead } from "../features/venue/venue-plan.js";
import { _, ngettext } from "../data/i18n.js";

const FILTERS = [...LIST_FILTERS, "level", "slides", "q"];

// The sessions the filters keep; `found` (a search's answer, features/search/) gives them
// in its order, best first.
export function filterSessions(data, query, day, found = null) {
  const choice = choiceOf(query);
  const level = query.get("level");
  const slides = query.get("slides") === "1";
  const among = found ? found.sessions.map((s) => data.byId.get(s.id)).filter(Boolean) : data.sessions;
  return among.filter(
    (s) =>
      (day === "all" || s.day === day) &&
      matchesChoice(s, choice) &&
      (!level || s.level === level) &&
      (!slides || s.slides === true),
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

const byName = (map) => [...map.values()].sort((a, b) => a.name.localeCompare(b.name));

// The search box and the filters' disclosure. The fields inside it (a checkbox per room and
// track: a hundred or more at a congress) are built when it opens, from the address as it is
// then: built with the form, closed, they were a long task's share of the first screen.
function filterForm(data, query) {
  const active = FILTERS.filter((f) => f !== "q" && query.get(f)).length;
  const fields = h("div", { class: "fields" });
  const panel = h("details", { open: active > 0, "data-panel": "filters" }, h("summary", {}, active ? ngettext("Filters ({n})", "Filters ({n})", active) : _("Filters")), fields);
  buildOnOpen(panel, () => {
    fields.append(...filterFields(data, new URL(currentAddress()).searchParams));
    regroupRooms(data, fields);
  });
  const form = h(
    "form",
    { class: "find", role: "search", "aria-label": _("Find sessions") },
    h(
      "div",
      { class: "field search" },
      h("label", { for: "f-q" }, _("Search titles, descriptions, speakers, tracks")),
      h("input", { id: "f-q", name: "q", type: "search", value: query.get("q") || "", autocomplete: "off" }),
    ),
    panel,
  );
  return { form, built: () => fields.firstChild !== null };
}

// The rooms by building where the venue has buildings (read by then on most pages: the panel
// asks for it as it opens, and regroups once it comes).
function roomPick(data, query) {
  const option = (r) => [r.id, r.name];
  const sections = buildingsOf(knownVenue(), [...data.rooms.values()])?.map((g) => ({ name: g.name, options: g.items.map(option) }));
  return pickGroup("room", _("Rooms"), [...data.rooms.values()].map(option), query, sections);
}

function regroupRooms(data, fields) {
  onceRead(() => {
    const old = fields.querySelector('[data-pick="room"]');
    if (!old) return;
    // What was ticked meanwhile is kept: the fresh group is drawn from the ticks.
    const ticked = [...old.querySelectorAll("input:checked")].map((i) => i.value);
    const fresh = roomPick(data, new URLSearchParams(ticked.length ? { room: ticked.join(",") } : {}));
    fresh.open = old.open;
    old.replaceWith(fresh);
  });
}

function filterFields(data, query) {
  const kinds = kindsOf(data.sessions);
  return [
    data.tracks.size > 0 && pickGroup("track", _("Tracks"), byName(data.tracks).map((t) => [t.id, t.name, t.id]), query),
    roomPick(data, query),
    kinds.length > 1 && pickGroup("kind", _("Kinds"), kinds.map((k) => [k, kindName(k)]), query),
    data.languages.length > 1 && pickGroup("lang", _("Languages"), data.languages.map((l) => [l, languageName(l)]), query),
    data.levels.length > 0 && select("level", _("Level"), data.levels.map((l) => [l, l]), query.get("level"), _("All levels")),
    h(
      "div",
      { class: "field check" },
      h("input", { id: "f-slides", name: "slides", type: "checkbox", checked: query.get("slides") === "1" }),
      h("label", { for: "f-slides" }, _("Slides attached")),
    ),
  ].filter(Boolean);
}

// Cards are built a batch at a time: the first batch fills the screen at once, the next one
// when the reader scrolls near the end of the list. A search in 1,000 sessions then costs a
// few screens of DOM, not 1,000 cards (which took seconds to lay out on a slow phone).
const BATCH = 8; // a batch is one task while the reader scrolls or types: 20 cards were a long one at a congress
const FIRST = 8;
let pending = null; // the observer of the list shown last, dropped when a new list replaces it

// Every piece of the list (a day's heading, a slot, a card, the "now" line) has a key saying
// what it shows. An update keeps the pieces already on screen whose key it still needs and
// builds only the others: typing one more letter mostly leaves the first screen as it was,
// and a kept node costs no script, style or layout (rebuilding 20 cards per key took most of
// the 100 ms a key may take on a slow phone).
const KEY = Symbol("list key");

function piece(key, make, cards = null) {
  return { key, make, cards };
}

// Puts `items` into `parent` in order, reusing its children of the same key, dropping the rest.
function place(parent, items) {
  const old = new Map();
  for (const el of parent.children) if (el[KEY]) old.set(el[KEY], el);
  let at = parent.firstChild;
  for (const item of items) {
    let el = old.get(item.key);
    if (el) old.delete(item.key);
    else {
      el = item.make();
      el[KEY] = item.key;
    }
    if (item.cards) place(el.lastElementChild, item.cards);
    if (el === at) at = at.nextSibling;
    else parent.insertBefore(el, at);
  }
  while (at) {
    const next = at.nextSibling;
    at.remove();
    at = next;
  }
}

// Builds the pieces of a later batch (nothing on screen to reuse): cards that continue the
// slot the previous batch ended in go into that slot's section.
function build(items, lastSection) {
  const nodes = [];
  for (const item of items) {
    const el = item.continues ? lastSection : item.make();
    el[KEY] = item.key;
    if (item.cards) {
      el.lastElementChild.append(
        ...item.cards.map((c) => {
          const card = c.make();
          card[KEY] = c.key;
          return card;
        }),
      );
    }
    if (!item.continues) nodes.push(el);
  }
  return nodes;
}

// `now` (during the event, on today's list) adds the "now" line before the first session
// still to start, marks running sessions live and ended ones past. Shows the list in
// `results` after `lead` (pieces that come before it, such as the fold control). `anchor`: a
// session whose card must be drawn at once, the place Back returns to (ui/place.js).
function list(results, lead, sessions, store, day, now = null, anchor = null) {
  pending?.disconnect();
  pending = null;
  if (!sessions.length) {
    place(results, [...lead, piece("empty", () => empty(_("No sessions match. Try fewer filters or other words.")))]);
    return;
  }
  const flagAt = clockNow(); // a room's "full" flag on the card of a session on now
  const used = new Set();
  const unique = (key) => {
    let k = key;
    for (let n = 2; used.has(k); n++) k = `${key}#${n}`;
    used.add(k);
    return k;
  };
  let lastDay = null;
  let lastSlot = null;
  let slotItem = null;
  let lastSection = null; // the section of the last slot built, which a later batch may continue
  let next = 0;
  let marked = !now;
  const upcoming = now ? sessions.findIndex((s) => s.start > now) : -1;
  const reach = !now ? 0 : upcoming < 0 ? sessions.length : upcoming; // where the "now" line goes
  const held = anchor ? sessions.findIndex((s) => s.id === anchor) : -1;
  const more = (size = BATCH) => {
    const items = [];
    const nowLine = () => piece(unique("now"), () => nowMark(now));
    for (const stop = Math.min(sessions.length, next + size); next < stop; next++) {
      const s = sessions[next];
      if (!marked && s.start > now) {
        items.push(nowLine());
        marked = true;
        lastSlot = null;
      }
      if (day === "all" && s.day !== lastDay) {
        const label = dayLabel(s.day);
        items.push(piece(unique(`day ${s.day}`), () => h("h2", { class: "dayhead" }, label)));
        lastDay = s.day;
        lastSlot = null;
      }
      const slot = time(s.start);
      if (slot !== lastSlot) {
        const state = now && (s.start > now ? "" : isPast(s, now) ? "ended" : "current");
        const level = day === "all" ? "h3" : "h2";
        const make = () => {
          lastSection = h("section", { class: `slot ${state || ""}`.trim() }, h(level, { class: "slothead" }, slot), h("div", { class: "cards" }));
          return lastSection;
        };
        slotItem = piece(unique(`slot ${s.day} ${slot} ${state || ""} ${level}`), make, []);
        items.push(slotItem);
        lastSlot = slot;
      } else if (!items.includes(slotItem)) {
        slotItem = { ...piece(slotItem.key, null, []), continues: true };
        items.push(slotItem);
      }
      const past = now && isPast(s, now);
      const live = now && !past && s.start <= now && !s.cancelled;
      const status = past ? "past" : live ? "live" : "";
      // Cards a first screen may show are laid out in full; the others may skip their layout
      // until they near the screen (content-visibility), at a placeholder height that is never
      // exact: resized on screen, it would move the cards below (a layout shift).
      const far = next >= FIRST && Math.abs(next - reach) >= FIRST && (held < 0 || Math.abs(next - held) >= FIRST);
      const options = { extraClass: [status, far && "far"].filter(Boolean).join(" "), note: past ? _("Ended") : null, now: flagAt };
      slotItem.cards.push(piece(`${s.id} ${status}`, () => sessionCard(s, store, options)));
    }
    if (!marked && next >= sessions.length) {
      items.push(nowLine()); // everything shown has started: the line closes the list
      marked = true;
    }
    return items;
  };
  // The first batch reaches past the "now" line, so "Jump to now" always finds it, and past
  // the card Back returns to; with neither in this list it is one screenful.
  const observing = "IntersectionObserver" in window;
  const first = more(observing ? Math.max(FIRST, reach + FIRST, held + FIRST) : sessions.length);
  if (next < sessions.length) {
    const sentinel = piece("more", () => h("div", { class: "more", "aria-hidden": "true" }));
    place(results, [...lead, ...first, sentinel]);
    lastSection = results.querySelector(":scope > section:last-of-type"); // built or kept
    const mark = results.lastElementChild;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        mark.before(...build(more(), lastSection));
        if (next >= sessions.length) {
          observer.disconnect();
          mark.remove();
        } else {
          observer.unobserve(mark); // still in range after this batch: observing anew reports it again
          observer.observe(mark);
        }
      },
      { rootMargin: "800px 0px" },
    );
    observer.observe(mark);
    pending = observer;
  } else {
    place(results, [...lead, ...first]);
  }
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
  writeAddress(); // a schedule shown again (new data, the time switch) starts from the full address
  const { store } = ctx;
  let anchor = ctx.place?.anchor ?? null; // for the first drawing only: typing starts afresh
  const data = store.data;
  const now = ctx.now;
  const state = phase(data, now);
  const top = h("div", { class: "top-of-view" });
  const results = h("div", { class: "results" });
  const count = h("p", { class: "count", "aria-live": "polite" });
  const hiddenAt = h("div", { class: "hidden-at" });
  const zone = h("span");
  const { form, built } = filterForm(data, new URL(location.href).searchParams);
  let shownDay = null;
  let waiting = null; // the data whose index this view waits to be complete
  keepIndexed(store); // built when idle, before the first key

  const update = () => {
    // The texts merged after the first screen replace store.data: a search typed since then
    // must look in them, not in the document this view was built with.
    const data = store.data;
    const base = currentAddress();
    const query = new URL(base).searchParams;
    const day = chosenDay(data, query, now, state);
    // Day tabs keep the filters in their links, so they follow every change; the heading
    // stays while the day does.
    const tabs = dayTabs(data, day, { all: true, base });
    if (day === shownDay) top.lastElementChild.replaceWith(tabs);
    else top.replaceChildren(...heading(day === "all" ? _("All days") : dayLabel(day)), tabs);
    shownDay = day;
    const q = (query.get("q") || "").trim();
    const index = q ? searchIndex(data) : null;
    const found = index?.search(q);
    const searching = Boolean(found?.terms.length);
    // Hidden tracks and rooms leave every list, said by a line with a way to show them.
    const hidden = readHidden(query);
    const matching = filterSessions(data, query, day, searching ? found : null);
    const all = showingHidden(query) ? matching : matching.filter((s) => !isHidden(s, hidden));
    const line = hiddenLine(hidden, matching.length - all.length, { base });
    const was = hiddenAt.firstElementChild; // replaced only when it says something else
    if (was ? !line || !was.isEqualNode(line) : line) hiddenAt.replaceChildren(...(line ? [line] : []));
    // Today is the conference day: at a congress, 01:00 still belongs to the evening before.
    const timed = state === "during" && (day === "all" || day === conferenceDay(now));
    // Ended sessions fold away on the plain programme (no search, no filter); ?past=1 shows them.
    const fold = timed && !FILTERS.some((f) => query.get(f)) && query.get("past") !== "1";
    const sessions = fold ? all.filter((s) => !isPast(s, now)) : all;
    const folded = all.length - sessions.length;
    const zoneText = zoneNote(all[0]?.start ?? data.sessions[0]?.start);
    if (zone.textContent !== zoneText.textContent) zone.replaceChildren(zoneText);
    // Said again only when it changes: the count is a live region.
    const counted = ngettext("{n} session", "{n} sessions", all.length);
    if (count.textContent !== counted) count.textContent = counted;
    const showing = timed && query.get("past") === "1";
    const lead = folded || showing ? [piece(`fold ${folded} ${showing}`, () => foldControl(folded, showing, setPast))] : [];
    if (searching) {
      pending?.disconnect();
      pending = showFound(results, { ...found, sessions: all }, q, store, clockNow());
      // Descriptions still being indexed (the texts just came): the search is run again
      // once they are, so what they hold is found too.
      if (!index.complete && waiting !== data) {
        waiting = data;
        whenComplete(data, () => results.isConnected && store.data === data && update());
      }
    } else list(results, lead, sessions, store, day, timed ? now : null, anchor);
    anchor = null;
    followNow(results, jump, timed && !searching);
  };
  const setPast = (on) => {
    writeAddress();
    history.replaceState(history.state, "", withQuery(location.href, { past: on }));
    update();
  };
  const jump = jumpButton(() => jumpToNow(results));
  const onInput = () => {
    const fd = new FormData(form);
    const query = new URL(currentAddress()).searchParams; // a filter whose field is not built yet keeps its value
    const value = (f) => (f !== "q" && !built() ? query.get(f) : LIST_FILTERS.includes(f) ? pickedValue(form, f) : fd.get(f) || null);
    const changes = Object.fromEntries(FILTERS.map((f) => [f, value(f)]));
    setAddress(withQuery(currentAddress(), changes));
    update();
  };
  form.addEventListener("input", onInput); // selects and checkboxes fire "input" too: one update each
  form.addEventListener("submit", (e) => e.preventDefault());
  update();
  return {
    title: shownDay === "all" ? _("Schedule") : _("Schedule, {day}", { day: dayLabel(shownDay) }),
    node: h("section", { class: "schedule" }, top, phaseNote(data, state), form, h("div", { class: "bar" }, count, zone), hiddenAt, jump, results),
  };
}
