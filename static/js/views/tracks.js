// /tracks: every track with its colour and how many sessions it has, by name, each linked to
// its page, with a switch to hide it from the lists (schedule, rooms grid, Now).

import { h } from "../ui/dom.js";
import { markTracks } from "../ui/track-marks.js";
import { withQuery } from "../ui/query-links.js";
import { heading } from "../ui/page-parts.js";
import { hideQuery, readHidden, toggleHidden } from "../data/hidden.js";
import { sentence } from "../ui/sentence.js";
import { _, ngettext } from "../data/i18n.js";

export function sessionsPerTrack(data) {
  const count = new Map();
  for (const s of data.sessions) count.set(s.track, (count.get(s.track) || 0) + 1);
  return count;
}

// Hides or shows `id` ("tracks" or "rooms") where it stands: the button keeps the focus, the
// address says the new choice (replaced, not a new page), `onChange` gets it.
export function hideButton(hidden, kind, id, name, onChange = () => {}) {
  let current = hidden;
  // Translators: a toggle button; the name is read by screen readers only, sighted people see "Hide".
  const label = sentence(_("Hide {name}"), { name: h("span", { class: "sr" }, name) });
  const button = h("button", { type: "button", class: "hide-toggle", "aria-pressed": String(hidden[kind].has(id)) }, label);
  button.addEventListener("click", () => {
    current = toggleHidden(readHidden(new URL(location.href).searchParams), kind, id);
    button.setAttribute("aria-pressed", String(current[kind].has(id)));
    history.replaceState(history.state, "", withQuery(location.href, { ...hideQuery(current), hidden: null }));
    onChange(current);
  });
  return button;
}

export function render(ctx) {
  const data = ctx.store.data;
  markTracks(data.tracks);
  const hidden = readHidden(ctx.query);
  const count = sessionsPerTrack(data);
  const tracks = [...data.tracks.values()].sort((a, b) => a.name.localeCompare(b.name));
  const none = count.get(null) || 0;
  const sub = (hide) => {
    const all = ngettext("{n} track", "{n} tracks", tracks.length);
    if (!hide.tracks.size) return all;
    // Translators: how many tracks are hidden from the lists, after their count: "12 tracks · 2 hidden".
    const hidden = ngettext("{n} hidden", "{n} hidden", hide.tracks.size);
    return _("{tracks} · {hidden}", { tracks: all, hidden });
  };
  const head = heading(_("Tracks"), sub(hidden));
  const mark = (li, id) => (hide) => {
    li.classList.toggle("is-hidden", hide.tracks.has(id));
    head[1].textContent = sub(hide);
  };
  return {
    title: _("Tracks"),
    node: h(
      "section",
      { class: "tracks" },
      head,
      h(
        "ul",
        { class: "track-list" },
        tracks.map((t) => {
          const li = h(
            "li",
            { "data-track": t.id, class: hidden.tracks.has(t.id) ? "is-hidden" : null },
            h("span", { class: "swatch", "aria-hidden": "true" }),
            h("a", { href: `/track/${t.id}` }, t.name),
            h("span", { class: "n" }, ngettext("{n} session", "{n} sessions", count.get(t.id) || 0)),
          );
          li.append(hideButton(hidden, "tracks", t.id, t.name, mark(li, t.id)));
          return li;
        }),
      ),
      none > 0 && h("p", { class: "sub" }, ngettext("{n} session in no track.", "{n} sessions in no track.", none)),
    ),
  };
}
