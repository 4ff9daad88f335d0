// All speakers, by name, with how many sessions each gives: a search box (folded, by the
// start of any word of a name: "linaker" finds Linåker) and an A-Z index of letter links
// jumping to each letter's list, for a congress's thousand names.

import { fold, words } from "../features/search/fold.js";
import { currentAddress, setAddress } from "../ui/address-later.js";
import { h } from "../ui/dom.js";
import { heading } from "../ui/page-parts.js";
import { withQuery } from "../ui/query-links.js";
import { _, formatNumber, ngettext } from "../data/i18n.js";

// The letter a name is listed under: its first, without accent; "#" for a digit or a script
// with no A-Z.
function letterOf(name) {
  const first = fold(name.trim()).charAt(0);
  return first >= "a" && first <= "z" ? first.toUpperCase() : "#";
}

function person(p, sessions) {
  const li = h(
    "li",
    {},
    h("a", { href: `/speaker/${p.id}` }, p.name),
    h("span", { class: "sub" }, [p.role, p.company].filter(Boolean).join(", ")),
    h("span", { class: "n" }, ngettext("{n} session", "{n} sessions", sessions)),
  );
  return { li, words: words(p.name) };
}

// Hides the people whose name has no word starting with each of `terms`, and the letters left empty.
function filter(groups, terms) {
  let shown = 0;
  for (const group of groups) {
    let any = false;
    for (const p of group.people) {
      const match = terms.every((t) => p.words.some((w) => w.startsWith(t)));
      if (p.li.hidden === match) p.li.hidden = !match;
      if (match) any = true;
      if (match) shown++;
    }
    group.section.hidden = !any;
    group.link.hidden = !any;
  }
  return shown;
}

export function render(ctx) {
  const data = ctx.store.data;
  const count = new Map();
  for (const s of data.sessions) for (const p of s.people) count.set(p.id, (count.get(p.id) || 0) + 1);
  const people = [...data.speakers.values()].sort((a, b) => a.name.localeCompare(b.name));
  const byLetter = new Map();
  for (const p of people) {
    const letter = letterOf(p.name);
    if (!byLetter.has(letter)) byLetter.set(letter, []);
    byLetter.get(letter).push(person(p, count.get(p.id) || 0));
  }
  const letters = [...byLetter.keys()].sort((a, b) => (a === "#") - (b === "#") || a.localeCompare(b));
  const groups = letters.map((letter) => {
    const id = `letter-${letter === "#" ? "other" : letter}`;
    const title = h("h2", { id, class: "letterhead", tabindex: "-1" }, letter);
    const list = byLetter.get(letter);
    return {
      people: list,
      title,
      section: h("section", { class: "letter", "aria-labelledby": id }, title, h("ul", { class: "index" }, list.map((p) => p.li))),
      link: h("a", { href: `#${id}`, "aria-label": letter === "#" ? _("Other names") : _("Names under {letter}", { letter }) }, letter),
    };
  });
  // In-page jumps: the app's router would take the link for a new page and lose the "#".
  const az = h("nav", { class: "chips az", "aria-label": _("Speakers by letter") }, groups.map((g) => g.link));
  az.addEventListener("click", (event) => {
    const group = groups.find((g) => g.link === event.target.closest("a"));
    if (!group) return;
    event.preventDefault();
    group.title.scrollIntoView({ block: "start" }); // at the top (below the sticky tabs: its scroll margin)
    group.title.focus({ preventScroll: true }); // the next Tab goes on from this letter's list
  });
  const said = h("p", { class: "count", "aria-live": "polite" });
  const input = h("input", { id: "speaker-q", name: "q", type: "search", autocomplete: "off", value: new URL(location.href).searchParams.get("q") || "" });
  const update = () => {
    const terms = words(input.value);
    const shown = filter(groups, terms);
    const text = terms.length
      ? ngettext("{shown} of {n} person", "{shown} of {n} people", people.length, { shown: formatNumber(shown) })
      : ngettext("{n} person", "{n} people", people.length);
    if (said.textContent !== text) said.textContent = text;
  };
  const form = h(
    "form",
    { class: "find", role: "search", "aria-label": _("Find speakers") },
    h("div", { class: "field search" }, h("label", { for: "speaker-q" }, _("Search speakers by name")), input),
  );
  form.addEventListener("submit", (e) => e.preventDefault());
  input.addEventListener("input", () => {
    setAddress(withQuery(currentAddress(), { q: input.value.trim() || null }));
    update();
  });
  update();
  return {
    title: _("Speakers"),
    node: h("section", { class: "speakers" }, heading(_("Speakers")), form, said, az, groups.map((g) => g.section)),
  };
}
