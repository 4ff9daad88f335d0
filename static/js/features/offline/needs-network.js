// What only the server can give, said in the app when it cannot be reached: the worker answers
// a link to door signs or an export with "204 No Content" and tells the open app
// (features/offline/worker-files.js, message type "hallway-needs-network"); a calendar
// subscription (webcal:) is the calendar app's to fetch, so it is held back here when the app
// knows it is offline.

import { toast } from "../../ui/toasts.js";

const MESSAGE = "hallway-needs-network";

export function needsNetworkText(what) {
  return `${what} needs a connection, and this device is offline. Everything else in the app works offline.`;
}

// `offline()`: whether the app's last check found no connection.
export function wireNeedsNetwork({ offline }) {
  navigator.serviceWorker?.addEventListener("message", (event) => {
    if (event.data?.type === MESSAGE && typeof event.data.what === "string") toast(needsNetworkText(event.data.what));
  });
  document.addEventListener("click", (event) => {
    const link = event.target.closest?.('a[href^="webcal:"]');
    if (!link || !(navigator.onLine === false || offline())) return;
    event.preventDefault();
    toast(needsNetworkText("Subscribing in your calendar"));
  });
}
