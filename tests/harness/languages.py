"""What a page says in English that it should say in the reader's language.

`english_left(page, schedule)` reads what a person meets on the page as drawn now: each visible
text node of <body> (and the options of a visible select), the texts of aria-label, title,
placeholder and alt, and the document's title. It leaves out the imported texts (every string
of the served schedule: titles, names, rooms, tracks, abstracts), then returns the strings
that are an English message of the app's catalog (webapp/translations/app.pot): one word for
word, or one filled in ("Signed in as ada" is "Signed in as {name}"). A message whose
translation in the page's language (its <html lang>) is the English itself ("Sessions" in
French) is not counted: it is translated, it just reads the same.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Any

from webapp.i18n import catalogs

# Every string a person reads on the page as drawn: visible text nodes, the options of a visible
# select (closed, they have no box), the attributes that are read out or shown, the title.
READ = """(within) => {
  const root = document.querySelector(within) || document.body;
  const shown = (el) => el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const out = [document.title];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest("script, style, template, noscript")) continue;
    const select = el.closest("select");
    if (select ? shown(select) : shown(el)) out.push(node.data);
  }
  const read = ["aria-label", "title", "placeholder", "alt"];
  for (const el of root.querySelectorAll("[aria-label], [title], [placeholder], [alt], optgroup[label]")) {
    const select = el.closest("select");
    if (!(select ? shown(select) : shown(el))) continue;
    for (const name of el.tagName === "OPTGROUP" ? [...read, "label"] : read) {
      if (el.hasAttribute(name)) out.push(el.getAttribute(name));
    }
  }
  return out;
}"""

PLACEHOLDER = re.compile(r"\{[A-Za-z0-9_]+\}")


def _english(msgid: str | tuple[str, ...]) -> tuple[str, ...]:
    return tuple(msgid) if isinstance(msgid, (list, tuple)) else (msgid,)


@functools.cache
def _messages(lang: str) -> tuple[frozenset[str], tuple[re.Pattern[str], ...]]:
    """The app's English messages that `lang` says otherwise: the plain ones, and a pattern for
    each with placeholders and at least three letters of its own (so "{day} {time}" or
    "v{version}" do not match any text at all)."""
    english = catalogs.read_catalog(catalogs.pot_path("app"))
    said = (
        {}
        if lang == "en"
        else {
            (m.context, _english(m.id)): m
            for m in catalogs.read_catalog(catalogs.po_path(lang, "app"), lang)
            if m.id
        }
    )
    plain: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    for message in english:
        if not message.id:
            continue
        forms = _english(message.id)
        translated = said.get((message.context, forms))
        if translated is not None and set(_english(translated.string)) <= set(forms):
            continue  # the language says it as English does
        for text in forms:
            if PLACEHOLDER.search(text):
                if len(re.findall(r"[A-Za-z]", PLACEHOLDER.sub("", text))) >= 3:
                    parts = PLACEHOLDER.split(text)
                    patterns.append(
                        re.compile(
                            "(?s)"
                            + "(.+?)".join(
                                re.escape(p.strip()) if i in (0, len(parts) - 1) else re.escape(p)
                                for i, p in enumerate(parts)
                            )
                        )
                    )
            else:
                plain.add(text.strip())
    return frozenset(plain), tuple(patterns)


def imported_texts(schedule: Any) -> set[str]:
    """Every string of the served schedule document (ids included), stripped."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.add(value.strip())
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)

    walk(schedule)
    return found


def english_in(texts: Iterable[str], lang: str, schedule: Any) -> list[str]:
    """The strings of `texts` that are the app's English, for a page in `lang`."""
    plain, patterns = _messages(lang)
    imported = imported_texts(schedule)
    left = []
    for raw in texts:
        text = " ".join(raw.split())
        if not text or text in imported:
            continue
        if text in plain or any(p.fullmatch(text) for p in patterns):
            left.append(text)
    return sorted(set(left))


def english_left(page: Any, schedule: Any, within: str = "body") -> list[str]:
    """The app's English messages the page shows now, outside the imported texts (see above);
    `within` narrows the page to one element (a CSS selector: "main", a view's own part)."""
    lang = page.evaluate("() => document.documentElement.lang") or "en"
    return english_in(page.evaluate(READ, within), lang, schedule)
