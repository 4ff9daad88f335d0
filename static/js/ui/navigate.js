// Going to another page of the app from inside a view: the address changes and the app draws
// that page (app.js says how, with drawWith). It lives below the views so that none of them
// imports the entry point, which imports them (an import circle).

import { freshState, keepPlace } from "./place.js";

let draw = () => Promise.resolve();

export function drawWith(render) {
  draw = render;
}

// `tapped`: the link followed, whose card Back returns to where it was on screen.
export function go(href, { replace = false, tapped = null } = {}) {
  const main = document.getElementById("main");
  if (!replace && main) keepPlace(main, tapped); // the page left, for Back
  history[replace ? "replaceState" : "pushState"](freshState(), "", href);
  return draw();
}
