// Installing the app: a hint near the top, where it is seen, on the first visits where the
// browser can install (its beforeinstallprompt, held back for ours) or on iOS, which has no
// prompt, with its "Add to Home Screen" steps. "Not now" is remembered; after a few visits
// unanswered it stops showing by itself. The More menu keeps "Install as an app" for later.

const DISMISSED = "hallway.install.dismissed.v1";
const SHOWN = "hallway.install.shown.v1"; // on how many visits the hint was shown
const MOST_VISITS = 3;
const IOS_STEPS =
  "Install this schedule as an app: tap Share (the square with an arrow) in Safari’s toolbar, then “Add to Home Screen”. It then opens from your home screen and works offline.";

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage refused: remembered for this visit only.
  }
}

// iOS (iPadOS says Macintosh, with touch), not already opened from the home screen: Safari
// installs through its Share sheet and never offers a prompt.
export function iosInstallable(nav = navigator, standalone = matchMedia("(display-mode: standalone)").matches) {
  const ua = nav.userAgent || "";
  const ios = /\b(iPhone|iPad|iPod)\b/.test(ua) || (/\bMacintosh\b/.test(ua) && nav.maxTouchPoints > 1);
  return ios && /\bSafari\//.test(ua) && !standalone && nav.standalone !== true;
}

export function wireInstall() {
  const hint = document.getElementById("install-hint");
  const item = document.getElementById("install-item");
  if (!hint) return;
  const text = hint.querySelector("[data-install-text]");
  const install = hint.querySelector("[data-install]");
  let offer = null;
  let counted = false;
  const ios = iosInstallable();
  const show = ({ asked = false } = {}) => {
    if (!asked && (read(DISMISSED) === "1" || Number(read(SHOWN) || 0) >= MOST_VISITS)) return;
    if (!asked && !counted) {
      counted = true;
      write(SHOWN, String(Number(read(SHOWN) || 0) + 1));
    }
    if (ios) text.textContent = IOS_STEPS;
    install.hidden = ios;
    hint.hidden = false;
  };
  const hide = () => {
    hint.hidden = true;
  };
  const installable = (yes) => {
    if (item) item.hidden = !yes;
  };
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault(); // ours is shown instead, near the top, and only a few times
    offer = event;
    installable(true);
    show();
  });
  install.addEventListener("click", async () => {
    const shown = offer;
    hide();
    if (!shown) return;
    offer = null;
    installable(false); // a prompt is good once; the browser offers again if it is refused
    await shown.prompt();
  });
  hint.querySelector("[data-not-now]").addEventListener("click", () => {
    write(DISMISSED, "1");
    hide();
  });
  item?.querySelector("[data-install-again]").addEventListener("click", () => {
    document.getElementById("more-menu")?.removeAttribute("open");
    show({ asked: true });
    hint.scrollIntoView({ block: "nearest" });
    (install.hidden ? hint.querySelector("[data-not-now]") : install).focus();
  });
  window.addEventListener("appinstalled", () => {
    hide();
    installable(false);
  });
  if (ios) {
    installable(true);
    show();
  }
}
