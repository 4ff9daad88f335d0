// /s/<id> and /s?c=<code>: a short link, or any code passed on as a link (a session's page at
// its source, its id in any case). The session it names opens in its place (Back skips the
// short link); anything else is said, as the scanner says it. Offline: the lookup runs here,
// against the schedule on the device (features/qr/door-codes.js).

import { go } from "../ui/navigate.js";
import { h } from "../ui/dom.js";
import { codeOf, saidOf } from "../features/qr/code-said.js";
import { heading } from "../ui/page-parts.js";
import { _ } from "../data/i18n.js";

export function render({ store, params, query }) {
  const text = params[0] ?? query.get("c") ?? "";
  const code = codeOf(text, store.data, true);
  if (code.kind !== "text") {
    // After this draw: the address is replaced, so Back leads to where the link was followed.
    queueMicrotask(() => go(code.path, { replace: true }));
  }
  const node = h(
    "section",
    { class: "scan" },
    // Translators: the title of the page a short link (…/s/abc123) opens.
    heading(_("A code")),
    code.kind === "text"
      ? [h("p", {}, saidOf(code)), h("p", { class: "scan-text" }, code.text.slice(0, 2000)), h("p", {}, h("a", { href: "/scan" }, _("Scan a QR code")))]
      : h("p", { role: "status" }, _("Opening the session…")),
  );
  return { title: _("A code"), node };
}
