// A translated sentence with elements inside it ("The organizers say: {note}", the note a <q>):
// the translator places `{note}` where the language needs it, and the element goes there, so
// no sentence is cut into fragments around a link. Text stays text (Text nodes, never HTML).

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

// `text`: the message as _() gives it with the element placeholders left unfilled; `parts`:
// {name: Node, a list of nodes, or text}. Returns the pieces in order (strings, nodes, lists)
// for h() or append(); adjacent text is joined, so the English reads as one text node where it
// did before.
export function sentence(text, parts) {
  const out = [];
  let at = 0;
  const push = (piece) => {
    if (piece === "") return;
    if (typeof piece === "string" && typeof out.at(-1) === "string") out[out.length - 1] += piece;
    else out.push(piece);
  };
  for (const m of text.matchAll(PLACEHOLDER)) {
    push(text.slice(at, m.index));
    const part = Object.hasOwn(parts, m[1]) ? parts[m[1]] : m[0]; // one not given stays as written
    push(part instanceof Node || Array.isArray(part) ? part : String(part));
    at = m.index + m[0].length;
  }
  push(text.slice(at));
  return out;
}
