// All speakers, by name, with how many sessions each gives.

import { h } from "../ui/dom.js";
import { heading } from "../ui/page-parts.js";

export function render(ctx) {
  const data = ctx.store.data;
  const count = new Map();
  for (const s of data.sessions) for (const p of s.people) count.set(p.id, (count.get(p.id) || 0) + 1);
  const people = [...data.speakers.values()].sort((a, b) => a.name.localeCompare(b.name));
  return {
    title: "Speakers",
    node: h(
      "section",
      { class: "speakers" },
      heading("Speakers", `${people.length} people`),
      h(
        "ul",
        { class: "index" },
        people.map((p) =>
          h(
            "li",
            {},
            h("a", { href: `/speaker/${p.id}` }, p.name),
            h("span", { class: "sub" }, [p.role, p.company].filter(Boolean).join(", ")),
            h("span", { class: "n" }, `${count.get(p.id) || 0} session${count.get(p.id) === 1 ? "" : "s"}`),
          ),
        ),
      ),
    ),
  };
}
