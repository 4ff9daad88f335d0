// The script of a page that comes drawn (its first screen in the HTML, webapp/serving/first_page.py):
// it runs the app once that drawing is on screen. The app's code is fetched from <head> with the
// page (a preload, at low priority), so a slow link is never idle waiting for it; only its run
// waits for the paint, and its outline is asked for then. Run before the paint, the app held the
// first frame back on a slow phone, and Lighthouse's simulation of one counted the app and its
// outline in the wait for the first screen (issue 28). Pages without a drawing (the plain shell)
// run the app at once, from <head>.
//
// A classic script (defer), as the app's bundle is: Lighthouse sees when a classic script runs,
// and one that runs after the paint is not counted in it; a module's run carries no address in
// its trace. So: no import or export here, and nothing left in the global scope.
(() => {
  // The bundle beside this script (webapp/web/built.py BUNDLE), which <head> preloads.
  const APP = new URL("app.bundle.js", document.currentScript.src).href;
  // data/store.js FEED: the app's own fetch of it takes this preload's answer. Not imported from
  // there: that would bring the whole app, now.
  const OUTLINE = "/api/v1/outline.json";
  // A page hidden before it painted (no frame comes) still starts the app.
  const AT_THE_LATEST_MS = 1500;

  // A star tapped before the app runs: its button has no listener yet. The tap is kept and given
  // to the app as it starts (app.js earlyStar counts a tap on the drawing it has not taken over).
  const tapped = [];
  function keepTap(event) {
    const button = event.target instanceof Element && event.target.closest("#main [data-star]");
    if (!button) return;
    event.preventDefault();
    event.stopPropagation(); // on window, before the document: the app's own listener never sees it
    tapped.push(button.dataset.star);
  }
  window.addEventListener("click", keepTap, true);

  let started = false;
  function start() {
    if (started) return;
    started = true;
    const outline = Object.assign(document.createElement("link"), {
      rel: "preload",
      as: "fetch",
      href: OUTLINE,
      crossOrigin: "anonymous",
    });
    const app = Object.assign(document.createElement("script"), { src: APP });
    app.dataset.app = "";
    app.addEventListener("load", () => {
      window.removeEventListener("click", keepTap, true);
      for (const id of tapped) document.querySelector(`#main [data-star="${CSS.escape(id)}"]`)?.click();
    });
    document.head.append(outline, app);
  }

  // Once the drawing is painted: a frame's callbacks run before its paint, so the next frame's
  // come after the first one's; then a task of its own. (The first-contentful-paint entry says
  // so too, but comes 100-200 ms later on a slow phone: the app would come that much later.)
  const afterPaint = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
  // No drawing to wait for: the worker's shell made from this page with the loading line back in
  // <main> (templates/sw.js), which only the app can fill.
  if (document.getElementById("loading")) start();
  else if (document.visibilityState === "hidden") setTimeout(start, 0); // nothing is painted while hidden
  else {
    afterPaint();
    setTimeout(start, AT_THE_LATEST_MS); // hidden meanwhile: no frame comes
  }
})();
