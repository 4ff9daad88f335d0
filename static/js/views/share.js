// /share: "Share my schedule" (a link and its QR code carrying the starred ids) and, with
// ?s=..., the schedule someone shared: their sessions, and an offer to add them to your
// stars (a merge: your own stars are never removed). Works offline: nothing here asks the
// server.

import { sessionCard } from "../ui/session-card.js";
import { h } from "../ui/dom.js";
import { qrFigure, useQrStyles } from "../features/qr/qr-view.js";
import { decodeShare, encodeShare, mergeStars } from "../features/qr/share-links.js";
import { _, language, ngettext } from "../data/i18n.js";
import { empty, heading } from "../ui/page-parts.js";

// Why an id of the link was left out (decodeShare's reasons are codes: tests compare them).
function reasonText(reason) {
  const reasons = {
    // Translators: why a session id of a shared link was ignored.
    malformed: _("malformed"),
    "not in this schedule": _("not in this schedule"),
    "too many": _("too many"),
    "not a share link": _("not a share link"),
  };
  return Object.hasOwn(reasons, reason) ? reasons[reason] : reason;
}

function describeIgnored(ignored) {
  if (!ignored.length) return null;
  // Translators: an ignored id, quoted, and why it was ignored; use your language's quotation marks.
  const parts = ignored.slice(0, 5).map(({ value, reason }) => _("“{value}” ({reason})", { value, reason: reasonText(reason) }));
  const shown = parts.join(", ");
  const list = ignored.length > 5 ? ngettext("{list} and {n} more", "{list} and {n} more", ignored.length - 5, { list: shown }) : shown;
  return h("p", { class: "ignored" }, ngettext("Ignored {n} session id from the link: {list}.", "Ignored {n} session ids from the link: {list}.", ignored.length, { list }));
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
    add.textContent = n ? ngettext("Add {n} session to my stars", "Add {n} sessions to my stars", n) : _("All of them are already in your stars");
    add.disabled = n === 0;
  };
  add.addEventListener("click", () => {
    const mine = [...store.stars.keys()];
    const { added } = mergeStars(mine, missing());
    for (const id of added) store.toggleStar(id); // each is unstarred: toggling only adds
    outcome.replaceChildren(
      ngettext("Added {n} session; your other stars are unchanged.", "Added {n} sessions; your other stars are unchanged.", added.length),
      " ",
      h("a", { href: "/my" }, _("See My schedule")),
    );
    label();
  });
  label();
  return {
    title: _("A shared schedule"),
    node: h(
      "section",
      { class: "share" },
      heading(_("A shared schedule"), ngettext("{n} session someone shared with you", "{n} sessions someone shared with you", sessions.length)),
      describeIgnored(ignored),
      sessions.length ? [h("div", { class: "share-actions" }, add), outcome] : empty(_("This link has no sessions of this schedule.")),
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
      title: _("Share my schedule"),
      node: h("section", { class: "share" }, heading(_("Share my schedule")), empty(_("Star some sessions first, then share them from here."))),
    };
  }
  const { url, ids } = encodeShare(starred, location.origin, language());
  const field = h("input", { class: "share-link", type: "text", readonly: true, value: url, "aria-label": _("Share link") });
  const said = h("p", { role: "status", class: "hint" });
  const copy = h("button", { type: "button", class: "linkish" }, _("Copy link"));
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
      said.textContent = _("Link copied.");
    } catch {
      field.select();
      said.textContent = _("Select the link and copy it.");
    }
  });
  const native = navigator.share
    ? h("button", { type: "button", class: "linkish", onclick: () => navigator.share({ url }).catch(() => {}) }, _("Share…"))
    : null;
  return {
    title: _("Share my schedule"),
    node: h(
      "section",
      { class: "share" },
      heading(_("Share my schedule"), ngettext("{n} starred session", "{n} starred sessions", ids.length)),
      h("p", {}, _("Let a friend scan this code (with the app’s Scan or their camera), or send them the link.")),
      qrFigure(url, _("QR code of your share link")),
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
