// What every page of the organizers' console shows around its own body: the heading, who is
// signed in (with Sign out), the console's nav and the corrections waiting on this phone.
// A module of its own so that the pages (correct, board, history) need not import console.js,
// which imports them.

import { _, pgettext } from "../../data/i18n.js";
import { h } from "../../ui/dom.js";
import { go } from "../../ui/navigate.js";
import { heading } from "../../ui/page-parts.js";
import { account, forgetAccount } from "./api.js";
import { outboxList } from "./queue.js";

// Signed in or out: the console drops what it kept of the page (console.js says how) and the same
// address is drawn again.
let forgetPage = () => {};
export function onSignOut(forget) {
  forgetPage = forget;
}

// The console drawn again at the same address, its kept page forgotten (signed in or out).
export function rerender() {
  forgetPage();
  go(location.pathname + location.search, { replace: true });
}

export function consoleNav(current) {
  const link = (href, text, name) => h("a", { href, "aria-current": current === name ? "page" : null }, text);
  return h(
    "nav",
    { class: "chips organize-nav", "aria-label": _("Console") },
    link("/organize", pgettext("section", "Sessions"), "home"),
    link("/organize/add", pgettext("section", "Add"), "add"),
    link("/organize/rooms", pgettext("section", "Rooms"), "rooms"),
    link("/organize/announce", pgettext("section", "Announce"), "announce"),
    link("/organize/venue", pgettext("section", "Venue"), "venue"),
    link("/organize/history", pgettext("section", "History"), "history"),
  );
}

export function signedInLine() {
  const me = account();
  return h(
    "p",
    { class: "signed-in" },
    _("Signed in as {name}", { name: me?.name ?? "?" }),
    " ",
    h("button", { type: "button", class: "linkish", onclick: () => {
      forgetAccount(); // the token is forgotten; waiting corrections stay, sent after the next sign-in
      rerender();
    } }, _("Sign out")),
  );
}

// A page of the console: heading, who, nav, waiting corrections, then the page's own body.
export function frame(title, current, ...body) {
  const queue = outboxList();
  const node = h("section", { class: "organize" }, heading(title), signedInLine(), consoleNav(current), queue.node, ...body);
  return { node, refresh: queue.refresh };
}
