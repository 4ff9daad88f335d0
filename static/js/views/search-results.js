// What a search found, grouped so the best is on the first screen: the speakers and the
// tracks its words name, then the sessions by rank (titles and speakers before descriptions,
// whole words before prefixes), each with its day, since a ranked list is not in time order.

import { dayLabel } from "../data/time.js";
import { h } from "../ui/dom.js";
import { empty } from "../ui/page-parts.js";
import { sessionCard } from "../ui/session-card.js";
import { withQuery } from "../ui/query-links.js";
import { _, ngettext } from "../data/i18n.js";

const NAMES = 4; // speakers listed before "All N speakers"
// Session cards built with the key: about a phone's first screen below the names found. The
// rest come a few at a time, a frame each, while the end of the list is near: the key's frame
// lays out only what is seen (8 cards at once kept the first key of a congress search at
// 70-90 ms on a 4x slower phone, bench/search.py), and no batch is a long task in the way of
// the next key.
const FIRST = 4;
const BATCH = 6;
const built = new WeakMap(); // results element -> Map of session id -> hit, reused by the next key

// Names as chips, a few lines at the most: the sessions stay on the first screen.
// `label`: the list's name for a screen reader ("Speakers found").
function group(kind, title, label, links) {
  if (!links.length) return null;
  return h("section", { class: `found-${kind}` }, h("h2", {}, title), h("nav", { class: "chips", "aria-label": label }, links));
}

function speakerLinks(people, q) {
  const links = people.slice(0, NAMES).map((p) => h("a", { href: `/speaker/${p.id}` }, p.name));
  if (people.length > NAMES) links.push(h("a", { href: withQuery(new URL("/speakers", location.href), { q }), class: "all" }, ngettext("All {n} speaker", "All {n} speakers", people.length)));
  return links;
}

const trackLinks = (tracks) => tracks.map((t) => h("a", { href: withQuery(new URL("/", location.href), { track: t.id, day: "all" }) }, t.name));

function hit(session, store, now) {
  return h("div", { class: "hit" }, h("p", { class: "dayhead small" }, dayLabel(session.day)), sessionCard(session, store, { now }));
}

// Shows `found` ({ speakers, tracks, sessions }) for the query `q` in `results`; returns the
// observer adding later batches (the caller disconnects it when the list is replaced).
export function showFound(results, found, q, store, now) {
  const old = built.get(results) || new Map();
  const kept = new Map();
  const card = (s) => {
    const el = old.get(s.id) || hit(s, store, now);
    kept.set(s.id, el);
    return el;
  };
  const { sessions } = found;
  const cards = h("div", { class: "cards" }, sessions.slice(0, FIRST).map(card));
  built.set(results, kept);
  results.replaceChildren(
    ...[
      group("speakers", _("Speakers"), _("Speakers found"), speakerLinks(found.speakers, q)),
      group("tracks", _("Tracks"), _("Tracks found"), trackLinks(found.tracks)),
      sessions.length ? h("h2", { class: "found-head" }, _("Sessions")) : empty(_("No sessions match. Try fewer filters or other words.")),
      cards,
    ].filter(Boolean),
  );
  if (sessions.length <= FIRST || !("IntersectionObserver" in window)) {
    cards.append(...sessions.slice(FIRST).map(card));
    return null;
  }
  let next = FIRST;
  const mark = h("div", { class: "more", "aria-hidden": "true" });
  results.append(mark);
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting) || !mark.isConnected) return;
      cards.append(...sessions.slice(next, next + BATCH).map(card));
      next += BATCH;
      observer.unobserve(mark); // still in range after this batch: observing anew reports it again
      if (next < sessions.length) observer.observe(mark);
      else mark.remove();
    },
    { rootMargin: "800px 0px" },
  );
  observer.observe(mark);
  return observer;
}
