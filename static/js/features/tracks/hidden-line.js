// "N hidden · Show": a list that leaves out hidden tracks or rooms says so, with a way to see
// them, so nothing is silently lost. ?hidden=show shows them in that view without changing
// what is hidden; /tracks is where the choice is changed.

import { h } from "../../ui/dom.js";
import { withQuery } from "../../ui/query-links.js";
import { hiddenCount } from "../../data/hidden.js";
import { _, ngettext, pgettext } from "../../data/i18n.js";

export function showingHidden(query) {
  return query.get("hidden") === "show";
}

// `left`: how many sessions the view left out (null: not counted); `base`: the address the
// view is drawn for.
export function hiddenLine(hidden, left, { base = location.href } = {}) {
  if (hiddenCount(hidden) === 0) return null;
  const showing = showingHidden(new URL(base).searchParams);
  const tracks = hidden.tracks.size ? ngettext("{n} track", "{n} tracks", hidden.tracks.size) : null;
  const rooms = hidden.rooms.size ? ngettext("{n} room", "{n} rooms", hidden.rooms.size) : null;
  const both = tracks && rooms;
  // What is hidden: "2 tracks", "1 room", or both, said as a list or (shown) as a phrase.
  const list = both ? _("{tracks}, {rooms}", { tracks, rooms }) : tracks || rooms;
  const phrase = both ? _("{tracks} and {rooms}", { tracks, rooms }) : tracks || rooms;
  return h(
    "p",
    { class: "hidden-line" },
    showing
      ? _("Hidden {what} shown", { what: phrase })
      : left === null
        ? _("Hidden: {what}", { what: list })
        : ngettext("{n} session hidden ({what})", "{n} sessions hidden ({what})", left, { what: list }),
    " · ",
    h("a", { href: withQuery(base, { hidden: showing ? null : "show" }) }, showing ? _("Hide them") : pgettext("hidden", "Show")),
    " · ",
    h("a", { href: "/tracks" }, pgettext("hidden", "Change")),
  );
}
