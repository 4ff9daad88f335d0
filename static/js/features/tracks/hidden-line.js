// "N hidden · Show": a list that leaves out hidden tracks or rooms says so, with a way to see
// them, so nothing is silently lost. ?hidden=show shows them in that view without changing
// what is hidden; /tracks is where the choice is changed.

import { h } from "../../ui/dom.js";
import { withQuery } from "../../ui/query-links.js";
import { hiddenCount } from "../../data/hidden.js";

export function showingHidden(query) {
  return query.get("hidden") === "show";
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// `left`: how many sessions the view left out (null: not counted); `base`: the address the
// view is drawn for.
export function hiddenLine(hidden, left, { base = location.href } = {}) {
  if (hiddenCount(hidden) === 0) return null;
  const showing = showingHidden(new URL(base).searchParams);
  const parts = [hidden.tracks.size && plural(hidden.tracks.size, "track"), hidden.rooms.size && plural(hidden.rooms.size, "room")].filter(Boolean);
  return h(
    "p",
    { class: "hidden-line" },
    showing
      ? `Hidden ${parts.join(" and ")} shown`
      : left === null
        ? `Hidden: ${parts.join(", ")}`
        : `${plural(left, "session")} hidden (${parts.join(", ")})`,
    " · ",
    h("a", { href: withQuery(base, { hidden: showing ? null : "show" }) }, showing ? "Hide them" : "Show"),
    " · ",
    h("a", { href: "/tracks" }, "Change"),
  );
}
