// What only the server can give, handled in the app when it cannot be reached. The worker
// answers a link to a calendar file, door signs or an export with "204 No Content" and tells
// the open app (features/offline/worker-files.js): a calendar file is then made here from the
// kept schedule (data/calendar-file.js, loaded on demand), anything else is said in a toast. A
// calendar subscription (webcal:) is the calendar app's to fetch, so it is held back here when
// the app knows it is offline.

import { toast } from "../../ui/toasts.js";
import { _ } from "../../data/i18n.js";

const MESSAGE = "hallway-needs-network";

// What needs the network, by the key the worker sends (features/offline/worker-files.js), as
// whole sentences; a key this page does not know (a worker of another version) gets the plain one.
export function needsNetworkText(what) {
  const sentences = {
    print: _("Printing door signs needs a connection, and this device is offline. Everything else in the app works offline."),
    export: _("Downloading the schedule export needs a connection, and this device is offline. Everything else in the app works offline."),
    calendar: _("This calendar file needs a connection, and this device is offline. Everything else in the app works offline."),
    subscribe: _("Subscribing in your calendar needs a connection, and this device is offline. Everything else in the app works offline."),
  };
  return Object.hasOwn(sentences, what) ? sentences[what] : _("This needs a connection, and this device is offline. Everything else in the app works offline.");
}

// Where the app lives, as the server writes it into calendar entries.
const appUrl = () => document.querySelector('meta[name="hallway-public-url"]')?.content || location.origin;

async function madeHere(href, doc) {
  if (!doc) return false;
  const { calendarFile } = await import("../../data/calendar-file.js");
  const file = calendarFile(new URL(href), doc, { appUrl: appUrl(), now: Date.now() });
  if (!file) return false;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([file.text], { type: "text/calendar;charset=utf-8" }));
  link.download = file.name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000); // the download has its copy by then
  return true;
}

// `offline()`: whether the app's last check found no connection; `doc()`: the kept schedule.
export function wireNeedsNetwork({ offline, doc }) {
  navigator.serviceWorker?.addEventListener("message", async (event) => {
    const { type, what, url } = event.data || {};
    if (type !== MESSAGE || typeof what !== "string") return;
    const made = typeof url === "string" && /\.ics$/.test(new URL(url).pathname) && (await madeHere(url, doc()).catch(() => false));
    if (!made) toast(needsNetworkText(what));
  });
  document.addEventListener("click", (event) => {
    const link = event.target.closest?.('a[href^="webcal:"]');
    if (!link || !(navigator.onLine === false || offline())) return;
    event.preventDefault();
    toast(needsNetworkText("subscribe"));
  });
}
