// My schedule's "Reminders" box: the person's choice of lead time, what it will do on this
// device, reminders with the app closed (Web Push, features/push/push-switch.js) and the calendar subscription
// that reminds where push cannot.

import { h } from "../../ui/dom.js";
import { onPushChange, pushState, syncPush, turnOff } from "../push/subscription.js";
import { pushSwitch } from "../push/push-switch.js";
import { askForNotifications, notificationsAllowed, readLead, setLead } from "./open-reminders.js";
import { LEADS } from "../push/wake-times.js";
import { _, ngettext } from "../../data/i18n.js";
import { sentence } from "../../ui/sentence.js";

export function subscribeHref(ids, lead) {
  return `webcal://${location.host}/my.ics?s=${ids.join(",")}&alarm=${lead || 10}`;
}

function status(lead) {
  if (!lead) return _("No reminders in the app.");
  if (notificationsAllowed()) {
    return ngettext(
      "A notification {n} minute before each starred session while this app is open, also in a background tab.",
      "A notification {n} minutes before each starred session while this app is open, also in a background tab.",
      lead,
    );
  }
  return ngettext(
    "Notifications are not allowed for this site, so the reminder shows inside the app, {n} minute before, while it is open.",
    "Notifications are not allowed for this site, so the reminder shows inside the app, {n} minutes before, while it is open.",
    lead,
  );
}

// The sentence that ends with the subscription's link, which `link` is.
function calendarLine(link) {
  // Translators: {link} is the link "Subscribe in your calendar, with the same reminder".
  const text = pushState().on ? _("Your calendar can remind you too: {link}.") : _("When this app is closed it cannot remind you; your calendar can: {link}.");
  return sentence(text, { link });
}

export function reminderBox(ids) {
  const lead = readLead();
  const said = h("p", { class: "hint", "data-remind-status": "", role: "status" }, status(lead));
  const link = h("a", { href: subscribeHref(ids, lead), "data-subscribe": "" }, _("Subscribe in your calendar, with the same reminder"));
  const choice = h(
    "select",
    { id: "remind-lead" },
    h("option", { value: "", selected: !lead }, _("No reminders")),
    LEADS.map((m) => h("option", { value: String(m), selected: m === lead }, ngettext("{n} minute before", "{n} minutes before", m))),
  );
  const calendar = h("p", { class: "hint" }, calendarLine(link));
  const stop = onPushChange(() => (calendar.isConnected ? calendar.replaceChildren(...calendarLine(link)) : stop()));
  const chosen = (minutes) => {
    choice.value = minutes ? String(minutes) : "";
    link.href = subscribeHref(ids, minutes);
    said.textContent = status(minutes);
  };
  choice.addEventListener("change", async () => {
    const minutes = Number(choice.value) || null;
    setLead(minutes);
    chosen(minutes);
    // The app closed reminds with the same lead; no reminders at all turns that off too.
    if (pushState().on && minutes) syncPush();
    else if (pushState().on) turnOff();
    if (minutes) await askForNotifications(); // on the tap that turned reminders on, never on load
    said.textContent = status(readLead());
  });
  return h(
    "section",
    { class: "reminders", "aria-labelledby": "remind-h" },
    h("h2", { id: "remind-h" }, _("Reminders")),
    h("div", { class: "field" }, h("label", { for: "remind-lead" }, _("Remind me before each starred session")), choice),
    said,
    pushSwitch(chosen),
    calendar,
  );
}
