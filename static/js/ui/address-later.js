// A view's address follows its filters and search (the schedule's, the speakers'), written
// once typing pauses rather than on every key: history.replaceState is a same-document
// navigation to Chromium and took about 30 ms of a 4x slower phone's main thread per key,
// more than the rest of the update. The results never wait for it; a click anywhere
// (following a link, a tab) or leaving the page writes it at once, so the history entry left
// behind carries the filters.
const ADDRESS_DELAY = 400;
let address = null; // { href, from, timer }: the address to write, over the page's `from`

export function currentAddress() {
  return address ? address.href : location.href;
}

export function writeAddress() {
  if (!address) return;
  const { href, from, timer } = address;
  clearTimeout(timer);
  address = null;
  if (location.href === from) history.replaceState(history.state, "", href); // not after a navigation
}

export function setAddress(href) {
  const from = address ? address.from : location.href;
  if (address) clearTimeout(address.timer);
  address = { href: new URL(href, location.href).href, from, timer: setTimeout(writeAddress, ADDRESS_DELAY) };
}

// Capture: before app.js's click handler pushes the next page.
window.addEventListener("click", writeAddress, true);
window.addEventListener("pagehide", writeAddress);
