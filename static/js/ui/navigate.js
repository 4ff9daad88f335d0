// Going to another page of the app from inside a view: the address changes and the app draws
// that page (app.js says how, with drawWith). It lives below the views so that none of them
// imports the entry point, which imports them (an import circle).

let draw = () => Promise.resolve();

export function drawWith(render) {
  draw = render;
}

export function go(href, { replace = false } = {}) {
  history[replace ? "replaceState" : "pushState"](null, "", href);
  window.scrollTo(0, 0);
  return draw();
}
