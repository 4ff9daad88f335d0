"""Every call the app's code marks with a literal (`_("…")`, `ngettext("…", …)`, `pgettext("ctx",
"…")`, `N_("…")`), read from the source text itself, is found by the extractor that makes app.pot
(`pybabel extract -F babel-app.cfg`). That extractor skips a call nested in another call's
arguments (`_("{a} · {b}", { b: ngettext(…) })`): the template never has it, the catalog check
cannot see it, and the reader gets English. Write the inner call on a line of its own."""

from __future__ import annotations

import json
import re
from pathlib import Path

from webapp.i18n.check import extracted

JS = Path(__file__).resolve().parents[3] / "static" / "js"
STRING = r'"((?:[^"\\]|\\.)*)"'
PLAIN = re.compile(rf"\b(?:_|ngettext|N_)\(\s*{STRING}")
CONTEXT = re.compile(rf"\b(?:pgettext|npgettext)\(\s*{STRING},\s*{STRING}")


def literal(source: str) -> str:
    """A JavaScript string literal's text (its escapes are JSON's)."""
    return json.loads('"' + source + '"')


def marked() -> set[str]:
    found = set()
    for path in JS.rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        found |= {literal(m) for m in PLAIN.findall(text)}
        found |= {literal(c) + "\u0004" + literal(m) for c, m in CONTEXT.findall(text)}
    return found


def test_the_extractor_finds_every_literal_the_code_marks() -> None:
    # The template is checked against the extractor elsewhere (test_catalogs.py).
    assert sorted(marked() - extracted("app")) == []


PLURAL = re.compile(rf"\bngettext\(\s*{STRING}")
SINGULAR = re.compile(rf"\b(?:_|N_)\(\s*{STRING}")


def test_no_message_is_marked_both_alone_and_as_a_plural() -> None:
    # A catalog holds one entry per id and context: `_("Room")` beside `ngettext("Room", "Rooms")`
    # share it, it becomes the plural's, and the lone one reaches the reader in English. One of
    # the two takes a context (npgettext / pgettext).
    alone, plural = set(), set()
    for path in JS.rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        alone |= {literal(m) for m in SINGULAR.findall(text)}
        plural |= {literal(m) for m in PLURAL.findall(text)}
    assert sorted(alone & plural) == []
