// My schedule's switch for reminders with the app closed (features/push/subscription.js), inside the Reminders box:
// what it does, what the server is told, and plainly why it cannot where it cannot.

import { h } from "../../ui/dom.js";
import { NoPush, pushKey } from "./push-api.js";
import { onPushChange, pushMissing, pushState, turnOff, turnOn } from "./subscription.js";
import { readLead, setLead } from "../remind/open-reminders.js";
import { _, ngettext } from "../../data/i18n.js";

let serverSays = null; // the server's answer about push, asked once per visit: a promise of a reason or null

// Whole sentences, each a message, put side by side.
function statusText(problem) {
  const state = pushState();
  if (problem) {
    // A call inside a template literal is not found by the extractor: the sentence on its own.
    const still = _("Reminders still show while the app is open, and your calendar can remind you when it is closed (below).");
    return `${problem} ${still}`;
  }
  if (!state.on) {
    return _("Off. On, this device is woken before each starred session and when one of them changes, even with the app closed; the server is told only the times, never which sessions you starred.");
  }
  const lead = readLead();
  const sentences = [
    ngettext(
      "On: this device is woken {n} minute before each starred session, and when one of them changes, even with the app closed.",
      "On: this device is woken {n} minutes before each starred session, and when one of them changes, even with the app closed.",
      lead,
    ),
    _("The server is told only those times, never which sessions you starred."),
  ];
  if (state.waiting) sentences.push(_("This device is offline: the times will be sent when it is back online."));
  // Translators: {status} is an HTTP status code (a number).
  else if (state.refused) sentences.push(_("But the server did not take this device's times (HTTP {status}); they are sent again at the next change or opening.", { status: state.refused }));
  return sentences.join(" ");
}

// Whether the server offers push at all, asked once (a static host or PUSH=0 answers no).
function serverProblem() {
  serverSays ??= pushKey().then(
    () => null,
    (error) => {
      if (!(error instanceof NoPush)) serverSays = null; // offline: asked again next time
      return error instanceof NoPush ? error.message : null;
    },
  );
  return serverSays;
}

// `onLead(minutes)`: the box's lead choice changed from here (turning on with no lead chosen).
export function pushSwitch(onLead) {
  let problem = pushMissing(); // push cannot work here: the switch is disabled, and says why
  let failed = null; // the last try did not work: said, and the switch can be tried again
  const box = h("input", { type: "checkbox", id: "push-on", checked: pushState().on && !problem, disabled: Boolean(problem) });
  const said = h("p", { class: "hint", "data-push-status": "", role: "status" }, statusText(problem));
  const show = () => {
    box.checked = pushState().on && !problem;
    box.disabled = Boolean(problem);
    said.textContent = statusText(problem || failed);
  };
  const stop = onPushChange(() => (said.isConnected ? show() : stop()));
  if (!problem) {
    serverProblem().then((reason) => {
      if (reason && !pushState().on) {
        problem = reason;
        show();
      }
    });
  }
  box.addEventListener("change", async () => {
    box.disabled = true;
    try {
      if (!box.checked) await turnOff();
      else {
        if (!readLead()) {
          setLead(10); // the in-app reminder and the pushed one share the lead: one reminder each
          onLead(10);
        }
        said.textContent = _("Turning on…");
        await turnOn();
      }
      failed = null;
    } catch (error) {
      // Anything else is the network: nothing was turned on, and the person can try again.
      failed = error instanceof NoPush ? error.message : _("The server could not be reached to turn it on; try again when online.");
    }
    show();
  });
  return [h("div", { class: "field check" }, box, h("label", { for: "push-on" }, _("Remind me before my sessions, also when the app is closed"))), said];
}
