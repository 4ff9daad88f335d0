// The sections' nav: the current place marked (also on "More" when it holds it), and the
// "More" menu closed after a choice, on Escape and on a tap elsewhere.

export function markNav(name) {
  for (const a of document.querySelectorAll("[data-nav]")) {
    if (a.dataset.nav === name) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  const more = document.getElementById("more-menu");
  if (!more) return;
  more.open = false;
  more.querySelector("summary").classList.toggle("here", Boolean(more.querySelector("[aria-current]")));
}

export function wireMore() {
  const more = document.getElementById("more-menu");
  if (!more) return;
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !more.open) return;
    more.open = false;
    more.querySelector("summary").focus();
  });
  document.addEventListener("click", (event) => {
    if (more.open && !more.contains(event.target)) more.open = false;
  });
}
