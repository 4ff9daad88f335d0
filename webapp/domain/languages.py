"""English names of the languages sessions are given in, for the outline's `language_names`.

The names are Chromium's (CLDR, through Intl.DisplayNames), written into language_names.json by
scripts/language-names.py for every ISO 639-1 code: the app shows them without starting Intl
on its first screen. A tag not in the table (a region or script subtag, a three-letter code) is
left out, and the app asks Intl for it as before.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

from . import jsontext

TABLE = Path(__file__).with_name("language_names.json")


@cache
def _names() -> dict[str, str]:
    return jsontext.loads(TABLE.read_text(encoding="utf-8"))


def language_names(tags: Iterable[str]) -> dict[str, str]:
    """{tag: English name} for each distinct tag the table knows (matched case-insensitively)."""
    names = _names()
    return {tag: names[tag.lower()] for tag in sorted(set(tags)) if tag.lower() in names}


def known_tags() -> list[str]:
    """The tags the table names (the others are written as their tag)."""
    return sorted(tag for tag, english in _names().items() if english != tag)


def tag_of(name: str) -> str | None:
    """The tag of a language written as a tag ("de") or by its English name ("German");
    None for any other text. Sources such as Sessionize name languages in words."""
    names = _names()
    if name.strip().lower() in names:
        return name.strip().lower()
    return _tags_by_name().get(name.strip().casefold())


@cache
def _tags_by_name() -> dict[str, str]:
    return {english.casefold(): tag for tag, english in sorted(_names().items()) if english != tag}
