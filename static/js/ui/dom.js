// Building DOM from data without ever parsing data as HTML: text goes in as Text nodes.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key.startsWith("on")) listen(el, key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function clear(el) {
  el.replaceChildren();
  return el;
}

// Listeners given to h() (or added with listen()) are remembered on the element, so a redraw
// that keeps an element can give it the fresh drawing's listeners instead of the old ones.
const HANDLERS = Symbol("handlers");
export function listen(el, type, handler) {
  el.addEventListener(type, handler);
  el[HANDLERS] ??= [];
  el[HANDLERS].push([type, handler]);
  return el;
}

// The one way a page is drawn again (the same address, after new data, the texts or the time
// switch): `fresh` replaces what `container` shows, and what the reader was doing carries over
// by construction, matched by a key (id, data-key, data-star, data-session, name or href):
// text being typed with its caret, boxes checked, options chosen, <details> opened, and the
// focus. A focused button, link or select whose fresh drawing is the same is the very element
// kept (it and its ancestors take the fresh listeners): a key held down on it (a button is
// pressed by Space going down and up on one element) still presses it. Nothing else of the
// old drawing stays, so the fresh drawing's listeners and the nodes they hold are the ones in
// the page. A navigation draws afresh instead (replaceChildren) and moves the focus itself.
export function redraw(container, fresh) {
  const active = document.activeElement;
  const focused = active && active !== container && container.contains(active) ? active : null;
  const saved = [...container.querySelectorAll("input, select, textarea, details")]
    .map((el) => [stateKeyOf(el), stateOf(el)])
    .filter(([key]) => key);
  const kept = focused && !typing(focused) && keepAround(container, focused, fresh);
  if (!kept) container.replaceChildren(fresh);
  // In the order of the page: a disclosure built on opening (buildOnOpen) is built as it is
  // restored, so what was open or ticked inside it is found next.
  for (const [key, state] of saved) {
    const el = container.querySelector(key);
    if (el && el !== focused) restore(el, state);
  }
  if (focused && !kept) {
    const again = stateKeyOf(focused) && container.querySelector(stateKeyOf(focused));
    if (again) {
      again.focus({ preventScroll: true });
      const state = saved.find(([key]) => key === stateKeyOf(focused))?.[1];
      if (state?.caret && typing(again)) again.setSelectionRange(...state.caret);
    }
  }
}

// The first drawing of a page whose markup is already shown (the server wrote its first
// screen into the HTML, or the worker served the page's last drawing): `fresh` goes in, but
// each keyed element of it (the keys redraw uses: a card's data-session, a link's href, a
// star's data-star...) that equals the one shown is the one shown, kept with the fresh one's
// listeners and properties: what did not change is neither replaced nor painted again. An
// element without a key is the fresh one (its children kept where they match): a view may hold
// it to change later (the count, the list), so it must be the one in the page.
export function adopt(container, fresh) {
  const old = container.firstElementChild;
  // A control the reader reached on the drawing before the app came (a star, a link) keeps the
  // focus: moving a kept node into the fresh tree takes the focus off it.
  const focused = container.contains(document.activeElement) ? document.activeElement : null;
  fresh.normalize(); // as parsed HTML is: no empty or split text nodes, so equal nodes compare equal
  const worked = []; // kept controls the reader changed before the app came
  // Disclosures the reader opened on the drawing (the app draws them closed): open again.
  const opened = old ? [...old.querySelectorAll("details[open]")].map(stateKeyOf).filter(Boolean) : [];
  if (old && old.localName === fresh.localName && keyOf(old) === keyOf(fresh)) keepEqual(old, fresh, worked);
  container.replaceChildren(fresh);
  for (const key of opened) {
    const twin = container.querySelector(key);
    if (twin && !twin.open) twin.open = true;
  }
  if (focused?.isConnected && document.activeElement !== focused) focused.focus({ preventScroll: true });
  // Words typed or a box ticked on the drawing before the app came: the view hears it as if
  // done now (its listeners are in place), so the reader need not do it again.
  for (const el of worked) if (el.isConnected) el.dispatchEvent(new Event("input", { bubbles: true }));
}

const CONTROLS = "input, select, textarea";
// The controls of `old` whose value or tick is not what the view drew in `twin` (equal nodes:
// their attributes are the same, the reader's changes are in the properties).
function changedControls(old, twin) {
  const mine = [old, ...old.querySelectorAll(CONTROLS)].filter((el) => el.matches(CONTROLS));
  const theirs = [twin, ...twin.querySelectorAll(CONTROLS)].filter((el) => el.matches(CONTROLS));
  return mine.filter((el, i) => theirs[i] && (el.value !== theirs[i].value || el.checked !== theirs[i].checked));
}

function keepEqual(old, fresh, worked) {
  const keyed = new Map(); // key -> the old children of that key, in order (checkboxes share a name)
  const plain = [];
  for (const child of old.children) {
    const key = keyOf(child);
    if (key) keyed.set(key, [...(keyed.get(key) ?? []), child]);
    else plain.push(child);
  }
  let at = 0;
  for (const twin of [...fresh.children]) {
    const key = keyOf(twin);
    let match = null;
    if (key) match = keyed.get(key)?.shift() ?? null;
    else {
      while (at < plain.length && plain[at].localName !== twin.localName) at++;
      match = plain[at++] ?? null;
    }
    if (!match) continue;
    if (key && match.isEqualNode(twin)) {
      worked.push(...changedControls(match, twin));
      carry(match, twin);
      twin.replaceWith(match);
    } else keepEqual(match, twin, worked);
  }
}

// `old` stands for `twin` (equal to it): every element of it takes its twin's listeners and
// the properties a view set on it (views/schedule.js keys its list's pieces by a symbol).
function carry(old, twin) {
  takeListeners(old, twin);
  for (const name of Object.getOwnPropertySymbols(twin)) if (name !== HANDLERS) old[name] = twin[name];
  for (let i = 0; i < old.children.length; i++) carry(old.children[i], twin.children[i]);
}

const KEYS = ["id", "data-key", "data-star", "data-session", "name", "href"];
function keyOf(el) {
  for (const name of KEYS) {
    const value = el.getAttribute(name);
    if (value) return `${el.localName}[${name}="${CSS.escape(value)}"]`;
  }
  return null;
}

// What carries a control's state over a redraw: its key, a box's value besides its name (a
// group of checkboxes shares one), or, for a disclosure a view fills by hand, one of
// STATE_KEYS (never used to keep a node in `adopt`: its listeners may be the view's own).
const STATE_KEYS = ["data-panel", "data-pick"];
function stateKeyOf(el) {
  const key = keyOf(el);
  const value = el.localName === "input" && (el.type === "checkbox" || el.type === "radio") && el.getAttribute("value");
  if (key && value) return `${key}[value="${CSS.escape(value)}"]`;
  if (key) return key;
  for (const name of STATE_KEYS) {
    const value = el.getAttribute(name);
    if (value) return `${el.localName}[${name}="${CSS.escape(value)}"]`;
  }
  return null;
}

// A disclosure whose contents `build` makes when it first opens (a hundred checkboxes a first
// screen need not pay for), however it opens: a tap, a key, find in page, or `redraw`
// restoring it, which builds at once. A mutation record comes before the next frame, so the
// disclosure is never painted open and empty.
const BUILD = Symbol("build");
export function buildOnOpen(details, build) {
  let built = false;
  const once = () => {
    if (built) return;
    built = true;
    observer.disconnect();
    build();
  };
  const observer = new MutationObserver(() => details.open && once());
  if (details.open) once();
  else observer.observe(details, { attributes: true, attributeFilter: ["open"] });
  details[BUILD] = once;
  return details;
}

const TEXT_TYPES = new Set(["text", "search", "email", "url", "tel", "number", "password"]);
function typing(el) {
  return el.localName === "textarea" || (el.localName === "input" && TEXT_TYPES.has(el.type));
}

function stateOf(el) {
  if (el.localName === "details") return { open: el.open };
  const caret = typing(el) && el === document.activeElement ? [el.selectionStart, el.selectionEnd] : null;
  return { value: el.value, checked: el.checked, caret };
}

function restore(el, state) {
  if (el.localName === "details") {
    if (state.open) el[BUILD]?.();
    el.open = state.open;
  } else if (el.type === "checkbox" || el.type === "radio") el.checked = state.checked;
  else if (el.localName !== "select" || [...el.options].some((o) => o.value === state.value)) el.value = state.value;
}

// Draws `fresh` into `container` around the old `focused` element, which stays where it is:
// false (nothing done) unless each of its ancestors has a counterpart in `fresh` (by key, or
// by tag and place) and the focused element's counterpart is the same as it.
function keepAround(container, focused, fresh) {
  const path = [];
  for (let el = focused; el !== container; el = el.parentElement) path.unshift(el);
  const twins = [fresh];
  if (!same(path[0], fresh)) return false;
  for (let i = 1; i < path.length; i++) {
    const twin = counterpart(path[i - 1], path[i], twins[i - 1]);
    if (!twin) return false;
    twins.push(twin);
  }
  if (!twins.at(-1).isEqualNode(focused)) return false;
  for (const [i, old] of path.entries()) takeListeners(old, twins[i]);
  for (let i = 0; i < path.length - 1; i++) {
    const [old, twin, next] = [path[i], twins[i], path[i + 1]];
    for (const name of old.getAttributeNames()) if (!twin.hasAttribute(name)) old.removeAttribute(name);
    for (const { name, value } of twin.attributes) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
    const children = [...twin.childNodes];
    const at = children.indexOf(twins[i + 1]);
    for (const child of [...old.childNodes]) if (child !== next) child.remove();
    next.before(...children.slice(0, at));
    next.after(...children.slice(at + 1));
  }
  return true;
}

// A kept element runs the fresh drawing's listeners: theirs hold the fresh drawing's nodes.
function takeListeners(old, twin) {
  for (const [type, handler] of old[HANDLERS] ?? []) old.removeEventListener(type, handler);
  old[HANDLERS] = [];
  for (const [type, handler] of twin[HANDLERS] ?? []) listen(old, type, handler);
}

function same(a, b) {
  return a.localName === b.localName && keyOf(a) === keyOf(b);
}

function counterpart(parent, child, twinParent) {
  const key = keyOf(child);
  const kids = [...twinParent.children];
  if (key) return kids.find((k) => k.matches(key)) ?? null;
  const twin = kids[[...parent.children].indexOf(child)];
  return twin && same(twin, child) ? twin : null;
}

const URL_RE = /\bhttps?:\/\/[^\s<>"']+/gi;
const CLOSERS = { ")": "(", "]": "[" };

// A URL found in running text, without the punctuation that ends the sentence around it:
// "(see https://x.org/a_(b))." keeps the bracket the address itself opened.
function trimUrl(url) {
  for (;;) {
    const last = url.at(-1);
    const opener = CLOSERS[last];
    if (".,;:!?".includes(last)) url = url.slice(0, -1);
    else if (opener && url.split(opener).length - 1 < url.split(last).length - 1) url = url.slice(0, -1);
    else return url;
  }
}

// Text with its http(s) links made clickable; everything else stays text.
export function linkify(text) {
  const frag = document.createDocumentFragment();
  let last = 0;
  for (const match of text.matchAll(URL_RE)) {
    const url = trimUrl(match[0]);
    let parsed;
    try {
      parsed = new URL(url);
    } catch {
      continue; // not a URL after all: it stays text
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") continue;
    frag.append(text.slice(last, match.index));
    frag.append(h("a", { href: parsed.href, rel: "noopener noreferrer", target: "_blank" }, url));
    last = match.index + url.length;
  }
  frag.append(text.slice(last));
  return frag;
}

// A text of paragraphs with blank lines between them (a bio) as <p> elements; `tail` ends the last.
export function paragraphs(text, tail = "") {
  const parts = text.split(/\n[ \t]*\n/).map((p) => p.trim()).filter(Boolean);
  return parts.map((p, i) => h("p", {}, linkify(p), i === parts.length - 1 ? tail : ""));
}
