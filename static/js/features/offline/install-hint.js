// Installing the app. Where the browser can install (beforeinstallprompt: Chromium), its own
// prompt is left to show; the More menu keeps "Install as an app" for later. iOS has no prompt:
// a hint near the top says how (Share, then "Add to Home Screen") on the first visits; "Not
// now" is remembered, and unanswered it stops by itself after a few. Only iOS gets the banner:
// while one shows, the pages' kept drawings are not kept (app.js), as it would move them.

const DISMISSED = "hallway.install.dismissed.v1";
const SHOWN = "hallway.install.shown.v1"; // on how many visits the hint was shown
const MOST_VISITS = 3;

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
  let offer = null;
  let counted = false;
  const ios = iosInstallable();
  const show = ({ asked = false } = {}) => {
    if (!asked && (read(DISMISSED) === "1" || Number(read(SHOWN) || 0) >= MOST_VISITS)) return;
    if (!asked && !counted) {
      counted = true;
      write(SHOWN, String(Number(read(SHOWN) || 0) + 1));
    }
    hint.hidden = false;
  };
  const hide = () => {
    hint.hidden = true;
  };
  const installable = (yes) => {
    if (item) item.hidden = !yes;
  };
  window.addEventListener("beforeinstallprompt", (event) => {
    offer = event; // not held back: the browser's own prompt shows, and More can ask again
    installable(true);
  });
  const prompt = async () => {
    const shown = offer;
    if (!shown) return;
    offer = null;
    installable(false); // a prompt is good once; the browser offers again if it is refused
    await shown.prompt().catch(() => undefined); // already answered: the browser's menu installs
  };
  hint.querySelector("[data-not-now]").addEventListener("click", () => {
    write(DISMISSED, "1");
    hide();
  });
  item?.querySelector("[data-install-again]").addEventListener("click", () => {
    document.getElementById("more-menu")?.removeAttribute("open");
    if (offer) return prompt();
    show({ asked: true });
    hint.scrollIntoView({ block: "nearest" });
    hint.querySelector("[data-not-now]").focus();
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
