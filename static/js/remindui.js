// My schedule's "Reminders" box: the person's choice of lead time, what it will do on this
// device, and the calendar subscription that reminds when the app is closed.

import { h } from "./dom.js";
import { LEADS, askForNotifications, notificationsAllowed, readLead, setLead } from "./remind.js";

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
  choice.addEventListener("change", async () => {
    const minutes = Number(choice.value) || null;
    setLead(minutes);
    link.href = subscribeHref(ids, minutes);
    said.textContent = status(minutes);
    if (minutes) await askForNotifications(); // on the tap that turned reminders on, never on load
    said.textContent = status(readLead());
  });
  return h(
    "section",
    { class: "reminders", "aria-labelledby": "remind-h" },
    h("h2", { id: "remind-h" }, "Reminders"),
    h("div", { class: "field" }, h("label", { for: "remind-lead" }, "Remind me before each starred session"), choice),
    said,
    h("p", { class: "hint" }, "When this app is closed it cannot remind you; your calendar can: ", link, "."),
  );
}
