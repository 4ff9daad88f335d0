"""What a page still says in English when it is shown in another language: the visible text and
the attribute texts (aria-label, title, placeholder, alt) of an element, the imported schedule's
own words (titles, names, rooms, tracks, abstracts: any string of the served documents) taken
out, then compared with every English message of the app's catalog (app.pot). A message the
language translates as the very same words ("{time} · {room}", German "Offline") is not English
left; one whose words show as written is."""

from __future__ import annotations

import functools
import re
from typing import Any

from babel.messages.catalog import Catalog

from webapp.i18n import catalogs

# Every text node shown (not in a hidden element, a script or a style) and the attribute texts,
# of `within` (a selector) and below, but not of `skip`'s; the page's language (<html lang>).
SHOWN = """([within, skip]) => {
  const texts = [];
  for (const root of document.querySelectorAll(within)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.currentNode; node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        const parent = node.parentElement;
        if (!parent || parent.closest("script, style, template, [hidden]")) continue;
        if (skip && parent.closest(skip)) continue;
        if (!parent.getClientRects().length && !parent.closest("svg")) continue;
        texts.push(node.data);
      } else {
        if (node.closest("[hidden]") || (skip && node.closest(skip))) continue;
        for (const name of ["aria-label", "title", "placeholder", "alt"]) {
          if (node.hasAttribute(name)) texts.push(node.getAttribute(name));
        }
      }
    }
  }
  return { lang: document.documentElement.lang, texts };
}"""

PLACEHOLDER = re.compile(r"\{[A-Za-z0-9_]*\}")
LETTERS = re.compile(r"[^\W\d_]{2,}")


def imported_texts(*documents: Any) -> list[str]:
    """Every string in the documents (the schedule, the venue plan), longest first."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            if value.strip():
                found.add(value.strip())
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)

    for doc in documents:
        walk(doc)
    return sorted(found, key=len, reverse=True)


def _ids(message: Any) -> list[str]:
    return list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]


def _strings(message: Any) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]


@functools.cache
def _template() -> Catalog:
    return catalogs.read_catalog(catalogs.pot_path("app"))


@functools.cache
def english_patterns(lang: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """(msgid, a pattern the whole of a shown text matches when it is that English) for each
    English message with words of its own that `lang` does not write the same."""
    same: set[str] = set()
    if lang in catalogs.languages():
        for message in catalogs.read_catalog(catalogs.po_path(lang, "app"), lang):
            if message.id and set(_ids(message)) & set(_strings(message)):
                same.update(_ids(message))
    out = []
    for message in _template():
        for msgid in _ids(message) if message.id else []:
            if msgid in same or not LETTERS.search(PLACEHOLDER.sub("", msgid)):
                continue
            pieces = [re.escape(p) for p in PLACEHOLDER.split(msgid)]
            # A placeholder may be filled with nothing left (imported words taken out) or be a
            # node of its own (a link inside the sentence): each piece of the English alone counts.
            out.append((msgid, re.compile(r"\s*" + r"[\s\S]*?".join(pieces) + r"\s*")))
            alone = [p for p in pieces if len(p) > 3 and LETTERS.search(p.replace("\\", ""))]
            out.extend((msgid, re.compile(r"\s*" + p + r"\s*")) for p in alone)
    return tuple(out)


def english_left(page: Any, schedule: Any, within: str = "body", skip: str = "") -> list[str]:
    """The texts shown in `within` (not in `skip`) that are still an English message of the app
    (each as "shown text  <-  msgid"), once the imported schedule's words (`schedule`: the served
    documents, any JSON; a list of several) are taken out. [] when the page speaks its language."""
    shown = page.evaluate(SHOWN, [within, skip])
    imported = imported_texts(schedule)
    patterns = english_patterns(shown["lang"])
    left = []
    for text in shown["texts"]:
        rest = text
        for words in imported:
            if words in rest:
                rest = rest.replace(words, " ")
        if not LETTERS.search(rest):
            continue
        hit = next((msgid for msgid, pattern in patterns if pattern.fullmatch(rest)), None)
        if hit is not None:
            left.append(f"{text.strip()!r}  <-  {hit!r}")
    return left
