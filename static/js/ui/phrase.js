// A translated sentence with elements inside it (a link, a name in bold): the message keeps its
// `{name}` placeholders (data/i18n.js's _() without values leaves them), and each is replaced
// here by the node given for it, so the words around it stay in the translator's order and the
// node is never turned into markup. The result is children for ui/dom.js's h().

const PLACEHOLDER = /(\{[A-Za-z0-9_]+\})/;

export function phrase(text, parts) {
  return text
    .split(PLACEHOLDER)
    .filter((piece) => piece !== "")
    .map((piece) => {
      const name = piece.startsWith("{") && piece.endsWith("}") ? piece.slice(1, -1) : null;
      return name !== null && Object.hasOwn(parts, name) ? parts[name] : piece;
    });
}
