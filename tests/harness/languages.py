"""Finds the app's English left on a page shown in another language: the texts of <body> (or of
a part, such as <main>: each text node, each element's whole text, the aria-label, title,
placeholder and alt attributes, and the view's title), the imported schedule's own texts taken
out, that are an English message of the app catalog (webapp/translations/app.pot) the page's
language says otherwise, or show a `{placeholder}` never filled.

A message with placeholders is matched as a pattern ("Star: {title}" finds "Star: Keynote"); a
form the language writes exactly as English does ("Sessions" in French, "{n} Session" in German
is not English then) is not counted. English the code never marked is not in the catalog and
is not found here: the pseudo-locale tour (en-XA) shows that."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Any

from webapp.i18n import catalogs

COLLECT = """([root, skipped]) => {
  const out = new Set();
  const add = (text) => {
    const t = (text || "").replace(/\\s+/g, " ").trim();
    if (t && t.length <= 400) out.add(t);
  };
  const skip = (el) => el.closest("script, style, noscript, template") || (skipped && el.closest(skipped));
  const top = document.querySelector(root);
  const walker = document.createTreeWalker(top, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!skip(node.parentElement)) add(node.data);
  }
  for (const el of top.querySelectorAll("*")) {
    if (skip(el)) continue;
    add(el.textContent);
    for (const name of ["aria-label", "title", "placeholder", "alt"]) add(el.getAttribute(name));
  }
  // The view's own title, before the event's name app.js joins to it ("{page} · {event}").
  add(document.title.split(" · ")[0]);
  return [...out];
}"""

PLACEHOLDER = re.compile(r"\{[A-Za-z0-9_]+\}")


def imported_texts(*docs: Any) -> set[str]:
    """Every string of the given documents (a schedule, a venue plan), whitespace made single."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            text = " ".join(value.split())
            if text:
                found.add(text)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for doc in docs:
        walk(doc)
    return found


@functools.cache
def _english(lang: str) -> tuple[frozenset[str], tuple[re.Pattern[str], ...]]:
    """The English forms `lang` writes otherwise: plain ones, and patterns of those with
    placeholders (only those with a word outside their placeholders: "{day}, {time}" is not
    English)."""
    template = catalogs.read_catalog(catalogs.pot_path("app"))
    translated = catalogs.read_catalog(catalogs.po_path(lang, "app"), lang)
    plain: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    for message in template:
        if not message.id:
            continue
        forms = list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]
        ours = translated.get(message.id, message.context)
        strings = ours.string if ours is not None else ()
        said = set(strings) if isinstance(strings, (list, tuple)) else {strings}
        for form in forms:
            if form in said:
                continue  # the language writes this one as English does
            if not PLACEHOLDER.search(form):
                plain.add(" ".join(form.split()))
            elif _telling(form):
                patterns.append(_pattern(" ".join(form.split())))
    return frozenset(plain), tuple(patterns)


# A count ({n}, {shown}) is written in digits and the locale's separators, whatever else may
# fill the other placeholders.
COUNTS = {"{n}", "{shown}"}


def _pattern(form: str) -> re.Pattern[str]:
    pieces = re.split(r"(\{[A-Za-z0-9_]+\})", form)
    said = "".join(
        (r"[\d.,\s\u00a0\u202f]+" if p in COUNTS else "(.+?)") if i % 2 else re.escape(p)
        for i, p in enumerate(pieces)
    )
    return re.compile(f"^{said}$", re.S)


def _telling(form: str) -> bool:
    """Whether a message with placeholders is English one can tell from other text: a word of
    its own, and, between two placeholders, more than one ("{tracks} and {rooms}" would find
    any sentence with an "and" in it)."""
    words = re.findall(r"[A-Za-z]{2,}", PLACEHOLDER.sub(" ", form))
    enclosed = bool(re.match(r"^\{\w+\}", form) and re.search(r"\{\w+\}$", form))
    return len(words) > (1 if enclosed else 0)


def _without_imported(text: str, imported: list[str], joined: str, english: frozenset[str]) -> str | None:
    """`text` with the imported texts in it made a mark (so "{tracks} and {rooms}" does not
    find the "and" of a title), or None when it is all imported."""
    if text in imported:
        return None
    # A piece of an imported text (a bio cut around a link): imported, unless it is itself
    # one of the app's English messages, which may well sit inside a title ("Room").
    if len(text) > 3 and text not in english and text in joined:
        return None
    for piece in imported:  # longest first
        if piece in text:
            text = text.replace(piece, "\0")
    return text if re.search(r"[^\W\d_]", text) else None


def english_left(
    page: Any,
    schedule: Any,
    lang: str | None = None,
    also: Iterable[Any] = (),
    root: str = "body",
    skip: str = "",
) -> list[str]:
    """The texts in `root` (outside `skip`, a selector) on `page` that are the app's English where
    `lang` (default: the page's <html lang>) says otherwise, or that show an unfilled
    `{placeholder}`; `schedule` (and `also`, e.g. the venue plan) are the served documents whose
    texts are the event's own."""
    lang = lang or page.evaluate("document.documentElement.lang")
    plain, patterns = _english(lang)
    imported = sorted((t for t in imported_texts(schedule, *also) if len(t) >= 3), key=len, reverse=True)
    joined = "\0".join(imported)
    left = []
    for text in sorted(page.evaluate(COLLECT, [root, skip])):
        rest = _without_imported(text, imported, joined, plain)
        if rest is None:
            continue
        if text in plain or any(p.match(rest) for p in patterns) or PLACEHOLDER.search(rest):
            left.append(text)
    return left
