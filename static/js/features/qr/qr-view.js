// QR codes in views, drawn on the device. The encoder (features/qr/qr-encode.js and the vendored lean-qr) is
// imported only when a code is shown, so a view never fails to load for want of it: offline
// and not yet cached, the code says so and the link still works.

import { _ } from "../../data/i18n.js";

let styled = false;
// The few rules of codes, the Scan view and "Share my schedule", loaded with them.
export function useQrStyles() {
  if (styled) return;
  styled = true;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("../../../css/qr.css", import.meta.url).href;
  document.head.append(link);
}

/** A <figure> that draws the code of `text` as soon as the encoder is loaded. */
export function qrFigure(text, label, caption = null) {
  useQrStyles();
  const figure = document.createElement("figure");
  figure.className = "qr-figure";
  const note = document.createElement("figcaption");
  note.textContent = caption || "";
  figure.append(note);
  import("./qr-encode.js")
    .then(({ qrSvg }) => figure.prepend(qrSvg(text, label)))
    .catch(() => {
      note.textContent = _("The QR code cannot be drawn right now (offline and not cached yet); the link works.");
    });
  return figure;
}

/** The session page's code, folded away: "for someone standing next to you". */
export function sessionCode(session) {
  const url = new URL(`/session/${session.id}`, location.origin).href;
  const details = document.createElement("details");
  details.className = "session-qr";
  details.dataset.panel = "qr"; // open stays open when the page is drawn again (ui/dom.js)
  const summary = document.createElement("summary");
  summary.textContent = _("QR code of this session");
  details.append(summary);
  details.addEventListener(
    "toggle",
    () => details.append(qrFigure(url, _("QR code of this session’s link: {url}", { url }), _("Someone next to you can scan it to open this session."))),
    { once: true },
  );
  return details;
}
