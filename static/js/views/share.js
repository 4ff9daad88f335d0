// /share: "Share my schedule" (a link and its QR code carrying the starred ids) and, with
// ?s=..., the schedule someone shared: their sessions, and an offer to add them to your
// stars (a merge: your own stars are never removed). Works offline: nothing here asks the
// server.

import { sessionCard } from "../ui/session-card.js";
import { h } from "../ui/dom.js";
import { qrFigure, useQrStyles } from "../features/qr/qr-view.js";
import { decodeShare, encodeShare, mergeStars } from "../features/qr/share-links.js";
import { language } from "../data/i18n.js";
import { empty, heading } from "../ui/page-parts.js";

function describeIgnored(ignored) {
  if (!ignored.length) return null;
  const parts = ignored.slice(0, 5).map(({ value, reason }) => `“${value}” (${reason})`);
  const more = ignored.length > 5 ? ` and ${ignored.length - 5} more` : "";
  const n = ignored.length;
  return h("p", { class: "ignored" }, `Ignored ${n} session id${n === 1 ? "" : "s"} from the link: ${parts.join(", ")}${more}.`);
}

function received(store, query) {
  const data = store.data;
  const { ids, ignored } = decodeShare(`?s=${encodeURIComponent(query.get("s") || "")}`, data.byId);
  const sessions = ids.map((id) => data.byId.get(id)).sort((a, b) => a.start - b.start);
  // Cancelled since it was shared: shown as such, never added to the stars.
  const missing = () => ids.filter((id) => !store.isStarred(id) && !data.byId.get(id).cancelled);
  const outcome = h("p", { role: "status" });
  const add = h("button", { type: "button", class: "primary" });
  const label = () => {
    const n = missing().length;
    add.textContent = n ? `Add ${n} session${n === 1 ? "" : "s"} to my stars` : "All of them are already in your stars";
    add.disabled = n === 0;
  };
  add.addEventListener("click", () => {
    const mine = [...store.stars.keys()];
    const { added } = mergeStars(mine, missing());
    for (const id of added) store.toggleStar(id); // each is unstarred: toggling only adds
    outcome.replaceChildren(
      `Added ${added.length} session${added.length === 1 ? "" : "s"}; your other stars are unchanged. `,
      h("a", { href: "/my" }, "See My schedule"),
    );
    label();
  });
  label();
  return {
    title: "A shared schedule",
    node: h(
      "section",
      { class: "share" },
      heading("A shared schedule", `${sessions.length} session${sessions.length === 1 ? "" : "s"} someone shared with you`),
      describeIgnored(ignored),
      sessions.length ? [h("div", { class: "share-actions" }, add), outcome] : empty("This link has no sessions of this schedule."),
      sessions.map((s) => sessionCard(s, store)),
    ),
  };
}

function mine(store) {
  const data = store.data;
  // A cancelled session is not shared: a friend would plan around a talk that will not happen.
  const starred = data.sessions.filter((s) => store.isStarred(s.id) && !s.cancelled).map((s) => s.id);
  if (!starred.length) {
    return {
      title: "Share my schedule",
      node: h("section", { class: "share" }, heading("Share my schedule"), empty("Star some sessions first, then share them from here.")),
    };
  }
  const { url, ids } = encodeShare(starred, location.origin, language());
  const field = h("input", { class: "share-link", type: "text", readonly: true, value: url, "aria-label": "Share link" });
  const said = h("p", { role: "status", class: "hint" });
  const copy = h("button", { type: "button", class: "linkish" }, "Copy link");
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
      said.textContent = "Link copied.";
    } catch {
      field.select();
      said.textContent = "Select the link and copy it.";
    }
  });
  const native = navigator.share
    ? h("button", { type: "button", class: "linkish", onclick: () => navigator.share({ url }).catch(() => {}) }, "Share…")
    : null;
  return {
    title: "Share my schedule",
    node: h(
      "section",
      { class: "share" },
      heading("Share my schedule", `${ids.length} starred session${ids.length === 1 ? "" : "s"}`),
      h("p", {}, "Let a friend scan this code (with the app’s Scan or their camera), or send them the link."),
      qrFigure(url, "QR code of your share link"),
      field,
      h("div", { class: "share-actions" }, copy, native),
      said,
    ),
  };
}

export function render({ store, query }) {
  useQrStyles();
  return query.has("s") ? received(store, query) : mine(store);
}
