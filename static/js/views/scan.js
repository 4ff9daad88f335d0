// /scan: the camera reads a QR code. A code that names a session (this app's links, the
// session's id in any case, its page at its source: features/qr/door-codes.js) opens it, and a
// share link the shared schedule; anything else is shown as text, said what it is, never opened. Door signs carry the
// server's public URL, which may not be the address this app was opened at: the shell names it.

import { go } from "../ui/navigate.js";
import { h } from "../ui/dom.js";
import { useQrStyles } from "../features/qr/qr-view.js";
import { MESSAGES, startScanner } from "../features/qr/camera-scan.js";
import { codeOf, saidOf } from "../features/qr/code-said.js";
import { heading } from "../ui/page-parts.js";
import { now as clockNow } from "../data/clock.js";
import { rememberPlace, roomOfCode } from "../data/here.js";
import { _ } from "../data/i18n.js";

// A code followed from here is a door's (or one held up at it): the person is in its room now,
// which "Near me" on Now reads (data/here.js).
function follow(code, data) {
  const room = roomOfCode(code, data);
  if (room) rememberPlace(room, "scan", clockNow());
  return go(code.path);
}

// Stops the camera when the view leaves the page (the app swaps views without telling them).
function whenRemoved(node, callback) {
  const observer = new MutationObserver(() => {
    if (!node.isConnected) {
      observer.disconnect();
      callback();
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return observer;
}

// The scanner's problems in the reader's language. camera-scan.js says them in English and
// imports nothing (pages other than the app's, such as the door signs, load it alone): its
// messages are its codes, and each is worded here.
function cameraSays(message) {
  const texts = {
    insecure: _("The camera needs a secure connection (https). Open the code with your phone’s camera app instead."),
    unsupported: _("This browser cannot use the camera. Open the code with your phone’s camera app instead."),
    denied: _("Camera access was denied. Allow the camera for this site in the browser’s settings, then try again."),
    absent: _("No camera was found on this device."),
    busy: _("The camera is in use by another app. Close it, then try again."),
    failed: _("The camera could not be started."),
    timeout: _("Scanning stopped after a few minutes to save the battery."),
    decoder: _("This browser reads codes with a helper the app downloads once it has been online for a moment; it is not on this device yet. Type the code below instead."),
  };
  const key = Object.keys(MESSAGES).find((k) => MESSAGES[k] === message);
  return key && Object.hasOwn(texts, key) ? texts[key] : message;
}

// Typing the code works where the camera cannot: no camera, no permission, or offline on a
// browser whose decoder is not on the device yet.
function typeForm(store, show) {
  const input = h("input", { id: "scan-typed", type: "text", autocomplete: "off", autocapitalize: "none", spellcheck: "false", enterkeyhint: "go" });
  return h(
    "form",
    {
      class: "scan-type",
      onsubmit: (event) => {
        event.preventDefault();
        if (!input.value.trim()) return input.focus();
        const code = codeOf(input.value, store.data, true);
        if (code.kind === "text") show(code);
        else follow(code, store.data);
      },
    },
    h("label", { for: "scan-typed" }, _("Or type the code: the address under it (…/session/abc123), the session’s id or its page’s address")),
    // Translators: a button: open the session whose code was typed.
    h("span", { class: "scan-type-row" }, input, h("button", { type: "submit" }, _("Open"))),
  );
}

export function render({ store }) {
  useQrStyles();
  const frame = h("div", { class: "scan-frame" });
  const status = h("p", { class: "scan-status", role: "status" }, _("Starting the camera…"));
  const result = h("div", { class: "scan-result", "aria-live": "polite" });
  const again = h("button", { type: "button", class: "primary", hidden: true }, _("Start the camera again"));
  let scanner = null;

  const show = (code) => {
    const lines = [
      h("p", {}, saidOf(code)),
      h("p", { class: "scan-text" }, code.text.slice(0, 2000)),
    ];
    result.replaceChildren(...lines);
  };
  const onText = (text) => {
    const code = codeOf(text, store.data);
    if (code.kind === "text") {
      show(code);
      return;
    }
    scanner?.stop();
    follow(code, store.data);
  };
  const start = () => {
    again.hidden = true;
    status.classList.remove("scan-problem");
    status.textContent = _("Point the camera at a session’s QR code.");
    scanner = startScanner(frame, {
      onText,
      onProblem: (message) => {
        status.textContent = cameraSays(message);
        status.classList.add("scan-problem");
        again.hidden = false;
      },
    });
  };
  again.addEventListener("click", start);

  const node = h(
    "section",
    { class: "scan" },
    heading(_("Scan a QR code"), _("Door signs and friends’ phones show codes: point the camera at one.")),
    frame,
    status,
    again,
    result,
    typeForm(store, show),
  );
  // Started once the view is on the page, so the video element is in the document.
  queueMicrotask(() => {
    if (!node.isConnected) return; // a later navigation already replaced this view
    start();
    whenRemoved(node, () => scanner?.stop());
  });
  // Translators: the title of the page that scans QR codes.
  return { title: _("Scan"), node };
}
