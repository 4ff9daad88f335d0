// Building DOM from data without ever parsing data as HTML: text goes in as Text nodes.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
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

// Draws `fresh` over `old`, the same view drawn again, keeping each child of the root that came
// out the same: the very element under the reader's finger or keyboard stays, so its focus and a
// key held down on it (a button is pressed by Space going down and up on one element) survive.
// Kept nodes are never moved, since moving a node takes the focus from it.
export function redrawInPlace(old, fresh) {
  if (old.localName !== fresh.localName) return old.replaceWith(fresh);
  for (const name of old.getAttributeNames()) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of fresh.attributes) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  let cursor = old.firstChild;
  const drop = (until) => {
    while (cursor !== until) {
      const gone = cursor;
      cursor = cursor.nextSibling;
      gone.remove();
    }
  };
  for (const node of [...fresh.childNodes]) {
    let same = cursor;
    while (same && !same.isEqualNode(node)) same = same.nextSibling;
    if (same) {
      drop(same);
      cursor = same.nextSibling;
    } else old.insertBefore(node, cursor);
  }
  drop(null);
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
