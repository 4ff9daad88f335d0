"""Which language a reader gets: the first of the asked ones (an address's `?hl=`, the cookie
the app sets when the person chooses, the browser's Accept-Language, the event's language) that
is offered, else English. A bad value is passed over, never an error.

The address names the interface language with `hl` (Google's name for it, "host language"),
not `lang`: `?lang=` already filters the sessions by the language they are given in
(static/js/data/filters.js), in links people have shared; `/?lang=de` keeps meaning "the talks
in German", and `/?lang=de&hl=fr` says both.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .catalogs import PSEUDO, SOURCE_LANGUAGE

COOKIE = "hallway-lang"  # set by static/js/data/i18n.js when the person picks a language
TAG = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8}){0,2}")


def offered(asked: str | None, available: Iterable[str], pseudo: bool = False) -> str | None:
    """The offered language `asked` names ("fr-CA" is "fr" when only "fr" is offered), or None."""
    if not asked or not TAG.fullmatch(asked.strip()):
        return None
    tag = asked.strip().replace("_", "-")
    exact = {a.lower(): a for a in (*available, *(PSEUDO if pseudo else ()))}
    if tag.lower() in exact:
        return exact[tag.lower()]
    base = tag.split("-")[0].lower()
    return exact.get(base)


def choose(asked: Iterable[str | None], available: Iterable[str], explicit: Iterable[str | None] = ()) -> str:
    """The first offered of `explicit` (an address's ?hl=, which may name a pseudo-locale)
    then `asked` (cookie, Accept-Language in order of preference, the event's language)."""
    available = tuple(available)
    for tag in explicit:
        found = offered(tag, available, pseudo=True)
        if found:
            return found
    for tag in asked:
        found = offered(tag, available)
        if found:
            return found
    return SOURCE_LANGUAGE


def direction(lang: str) -> str:
    """ "rtl" for a language written right to left (its CLDR character order), else "ltr"."""
    if lang == "ar-XB":
        return "rtl"
    from babel import Locale, UnknownLocaleError

    try:
        return "rtl" if Locale.parse(lang, sep="-").character_order == "right-to-left" else "ltr"
    except (UnknownLocaleError, ValueError):
        return "ltr"
