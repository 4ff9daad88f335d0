// An unobtrusive install hint, only where the browser offers installing (beforeinstallprompt):
// a line in the footer with "Install" and "Not now" (remembered), gone once installed.

const KEY = "hallway.install.dismissed.v1";

function dismissed() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

export function wireInstall() {
  const hint = document.getElementById("install-hint");
  if (!hint) return;
  let offer = null;
  const hide = () => {
    hint.hidden = true;
    offer = null;
  };
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault(); // no banner of the browser's own: ours is quieter
    if (dismissed()) return;
    offer = event;
    hint.hidden = false;
  });
  hint.querySelector("[data-install]").addEventListener("click", async () => {
    if (!offer) return hide();
    const shown = offer;
    hide();
    await shown.prompt();
  });
  hint.querySelector("[data-not-now]").addEventListener("click", () => {
    try {
      localStorage.setItem(KEY, "1");
    } catch {
      // Hidden for this visit only.
    }
    hide();
  });
  window.addEventListener("appinstalled", hide);
}
