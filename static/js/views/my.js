// My schedule: starred sessions in time order, clashes marked, gaps shown; a star whose
// session left the schedule is listed as removed, never dropped silently.

import { sessionCard } from "../ui/session-card.js";
import { h } from "../ui/dom.js";
import { readLead } from "../features/remind/open-reminders.js";
import { reminderBox, subscribeHref } from "../features/remind/reminders-box.js";
import { dayLabel, length, time } from "../data/time.js";
import { empty, heading, zoneNote } from "../ui/page-parts.js";

export function plan(sessions) {
  const out = [];
  let day = null;
  let latest = null; // the session still going that ends last, on this day
  for (const s of sessions) {
    if (s.day !== day) {
      out.push({ day: s.day });
      day = s.day;
      latest = null;
    }
    // A cancelled session takes no time: it neither ends a free slot nor clashes.
    if (!s.cancelled && latest) {
      if (s.start < latest.end) out.push({ clash: [latest, s] });
      else if (s.start > latest.end) out.push({ gap: [latest.end, s.start] });
    }
    out.push({ session: s });
    if (!s.cancelled && (!latest || s.end > latest.end)) latest = s;
  }
  return out;
}

function clashes(sessions) {
  const marked = new Map();
  for (let i = 0; i < sessions.length; i += 1) {
    for (let j = i + 1; j < sessions.length && sessions[j].start < sessions[i].end; j += 1) {
      marked.set(sessions[i].id, [...(marked.get(sessions[i].id) || []), sessions[j]]);
      marked.set(sessions[j].id, [...(marked.get(sessions[j].id) || []), sessions[i]]);
    }
  }
  return marked;
}

// "Your next session is here": the map with its room highlighted.
function nextHere(data, starred, now) {
  const next = starred.find((s) => !s.cancelled && s.end > now && data.rooms.has(s.room));
  if (!next) return null;
  const where = h("a", { href: `/map?room=${next.room}&next=${next.id}` }, `${data.rooms.get(next.room).name} (map)`);
  return h("p", { class: "next-here" }, `Next: “${next.title}” at ${time(next.start)}, here: `, where);
}

// A cancelled starred session stays, flagged, until the person removes it: they may have
// planned around it, and a session can be restored.
function cancelledCard(session, store) {
  const card = sessionCard(session, store, { note: "Cancelled by the organizers. It stays here until you remove it." });
  card.querySelector(".note").classList.add("gone");
  card.append(
    h("button", { type: "button", class: "linkish", onclick: () => store.toggleStar(session.id) }, "Remove from My schedule"),
  );
  return card;
}

export function render(ctx) {
  const { store } = ctx;
  const data = store.data;
  const starred = data.sessions.filter((s) => store.isStarred(s.id));
  const removed = [...store.stars].filter(([id]) => !data.byId.has(id));
  const clash = clashes(starred.filter((s) => !s.cancelled));
  const items = plan(starred).map((item) => {
    if (item.day) return h("h2", { class: "dayhead" }, dayLabel(item.day));
    if (item.gap) return h("p", { class: "gap" }, `Free for ${length(...item.gap)}`);
    if (item.clash) return null;
    const s = item.session;
    const other = clash.get(s.id);
    if (s.cancelled) return cancelledCard(s, store);
    const note = other ? `Clashes with ${other.map((o) => `“${o.title}”`).join(", ")}` : null;
    return sessionCard(s, store, { note, extraClass: other ? "clash" : "" });
  });
  return {
    title: "My schedule",
    node: h(
      "section",
      { class: "my" },
      heading("My schedule", starred.length ? `${starred.length} starred` : null),
      starred.length > 0 &&
        h(
          "p",
          { class: "share-mine" },
          h("a", { href: "/share" }, "Share my schedule"),
          " · ",
          h("a", { href: `/my.ics?s=${starred.map((s) => s.id).join(",")}` }, "Add them to your calendar"),
          " · ",
          // A subscription (no account: the ids are in the link) that calendar apps re-fetch,
          // so corrections reach the calendar too; with a reminder before each session.
          h("a", { href: subscribeHref(starred.map((s) => s.id), readLead()) }, "Subscribe, with reminders"),
        ),
      !starred.length && !removed.length && empty("Nothing starred yet. Tap ☆ on a session to add it here."),
      starred.length > 0 && zoneNote(starred[0].start),
      nextHere(data, starred, ctx.now),
      items,
      starred.length > 0 && reminderBox(starred.map((s) => s.id)),
      removed.length > 0 &&
        h(
          "section",
          { class: "removed", "aria-labelledby": "removed" },
          h("h2", { id: "removed" }, "No longer in the schedule"),
          h(
            "ul",
            {},
            removed.map(([id, title]) =>
              h(
                "li",
                {},
                h("span", {}, title || id, " (removed)"),
                h("button", { type: "button", class: "linkish", onclick: () => store.toggleStar(id) }, "Unstar"),
              ),
            ),
          ),
        ),
    ),
  };
}
