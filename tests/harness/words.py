"""Finds words split across two lines, as a reader sees them: each word of the chosen elements'
text (a hyphen ends a word, so "multi-billion" may wrap after its hyphen) is a DOM Range, and a
word whose boxes sit on more than one line was broken inside it. Words the element clips away
(an ellipsis, a clamp) are not seen and not counted."""

from __future__ import annotations

from typing import Any

SPLIT = """(selector) => {
  const out = [];
  let words = 0;
  for (const el of document.querySelectorAll(selector)) {
    const frame = el.getBoundingClientRect();
    if (!frame.width || !frame.height) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest('.visually-hidden, .sr')) continue;
      for (const m of node.data.matchAll(/[^\\s-]+-?/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const boxes = [...range.getClientRects()].filter(
          (r) => r.width > 0.5 && r.bottom > frame.top + 1 && r.top < frame.bottom - 1,
        );
        if (!boxes.length) continue;
        words++;
        const lines = new Set(boxes.map((r) => Math.round(r.top)));
        if (lines.size > 1) out.push(m[0]);
      }
    }
  }
  return { words, split: out };
}"""


def split_words(page: Any, selector: str) -> dict[str, Any]:
    """{"words": how many words were seen, "split": the words broken across lines}."""
    return page.evaluate(SPLIT, selector)
