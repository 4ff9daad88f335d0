// Messages at the bottom of the screen; one with an action resolves with whether it was pressed.

import { _ } from "../data/i18n.js";

const MAX = 3;

export function toast(message, { action = null, timeout = action ? 0 : 8000 } = {}) {
  const box = document.getElementById("toasts");
  while (box.children.length >= MAX) box.firstElementChild.remove();
  const el = document.createElement("div");
  el.className = "toast";
  const text = document.createElement("p");
  text.textContent = message;
  el.append(text);
  return new Promise((resolve) => {
    const close = (pressed) => {
      el.remove();
      resolve(pressed);
    };
    if (action) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = action;
      button.addEventListener("click", () => close(true));
      el.append(button);
    }
    const dismiss = document.createElement("button");
    dismiss.type = "button";
    dismiss.className = "dismiss";
    dismiss.setAttribute("aria-label", _("Dismiss"));
    dismiss.textContent = "×";
    dismiss.addEventListener("click", () => close(false));
    el.append(dismiss);
    box.append(el);
    if (timeout) setTimeout(() => el.isConnected && close(false), timeout);
  });
}
