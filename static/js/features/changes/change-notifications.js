// System notifications about changes to starred sessions, only once the person asked for them.

import { ordered, sentence, titleOf } from "../../data/changes.js";
import { _, ngettext } from "../../data/i18n.js";

export function allowed(state) {
  return Boolean(state.notify) && typeof Notification !== "undefined" && Notification.permission === "granted";
}

// Called from a button, never on load. Resolves with the permission.
export async function askPermission() {
  if (typeof Notification === "undefined") return "unsupported";
  return Notification.permission === "default" ? Notification.requestPermission() : Notification.permission;
}

export async function notifyStarred(store, changes) {
  const data = store.data;
  const mine = ordered(changes, (id) => store.isStarred(id)).filter((c) => store.isStarred(c.session));
  if (!mine.length) return;
  // Translators: a notification's title: one starred session changed (its title), or several.
  const title = mine.length === 1 ? _("Changed: {title}", { title: titleOf(mine[0], data) }) : ngettext("{n} change to your starred sessions", "{n} changes to your starred sessions", mine.length);
  const options = { body: mine.map((c) => sentence(c, data)).join("\n").slice(0, 600), tag: "hallway-changes", data: { url: "/changes" } };
  return systemNotification(title, options);
}

// Through the service worker where there is one (phones require it), else from the page
// (desktop browsers allow that). Failing both, the caller's banner or toast has said it.
export async function systemNotification(title, options) {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (registration) return await registration.showNotification(title, options);
  } catch {
    // Fall through to a page notification.
  }
  try {
    new Notification(title, options);
  } catch {
    // Some phones allow notifications only from a worker.
  }
}
