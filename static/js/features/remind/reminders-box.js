// My schedule's "Reminders" box: the person's choice of lead time, what it will do on this
// device, reminders with the app closed (Web Push, features/push/push-switch.js) and the calendar subscription
// that reminds where push cannot.

import { h } from "../../ui/dom.js";
import { onPushChange, pushState, syncPush, turnOff } from "../push/subscription.js";
import { pushSwitch } from "../push/push-switch.js";
import { askForNotifications, notificationsAllowed, readLead, setLead } from "./open-reminders.js";
import { LEADS } from "../push/wake-times.js";

export function subscribeHref(ids, lead) {
  return `webcal://${location.host}/my.ics?s=${ids.join(",")}&alarm=${lead || 10}`;
}

function status(lead) {
  if (!lead) return "No reminders in the app.";
  if (notificationsAllowed()) {
    return `A notification ${lead} minutes before each starred session while this app is open, also in a background tab.`;
  }
  return `Notifications are not allowed for this site, so the reminder shows inside the app, ${lead} minutes before, while it is open.`;
}

function calendarText() {
  return pushState().on ? "Your calendar can remind you too: " : "When this app is closed it cannot remind you; your calendar can: ";
}

export function reminderBox(ids) {
  const lead = readLead();
  const said = h("p", { class: "hint", "data-remind-status": "", role: "status" }, status(lead));
  const link = h("a", { href: subscribeHref(ids, lead), "data-subscribe": "" }, "Subscribe in your calendar, with the same reminder");
  const choice = h(
    "select",
    { id: "remind-lead" },
    h("option", { value: "", selected: !lead }, "No reminders"),
    LEADS.map((m) => h("option", { value: String(m), selected: m === lead }, `${m} minutes before`)),
  );
  const calendar = h("span", {}, calendarText());
  const stop = onPushChange(() => (calendar.isConnected ? (calendar.textContent = calendarText()) : stop()));
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
    h("h2", { id: "remind-h" }, "Reminders"),
    h("div", { class: "field" }, h("label", { for: "remind-lead" }, "Remind me before each starred session"), choice),
    said,
    pushSwitch(chosen),
    h("p", { class: "hint" }, calendar, link, "."),
  );
}
