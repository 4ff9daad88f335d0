"""Who speaks at an iCalendar event: the ATTENDEEs with a name (CN) that are people (not
rooms or resources, not NON-PARTICIPANT), else the ORGANIZER, unless the same organizer is
on every event of the calendar (then it is whoever published it).

A CN is what a person typed, and calendar tools pass it on as it came: several people in one
value (`A, B and C`, or a Python list `['A', ' B']` that a script wrote as it printed it), an
e-mail address where the name belongs, or escapes written twice (a literal `\\n` or `\\,`).
`names_in` reads those; one name written `Doe, Jane` stays one person.
"""

from __future__ import annotations

import re
from typing import Any

from icalendar import Component

from ..domain.ids import normalize
from .markup import one_line

_NOT_PEOPLE = {"ROOM", "RESOURCE"}
_EMAIL = re.compile(r"^(mailto:)?[^\s@]+@[^\s@]+\.[^\s@]+$", re.IGNORECASE)
# What an escape written twice leaves in a value read once (RFC 5545 3.3.11 escapes).
_DEBRIS = re.compile(r"\\([nN,;\\])")
_QUOTED = re.compile(r"""'([^']*)'|"([^"]*)\"""")
_LIST_WORDS = re.compile(r"\s*(?:,|;|\s&\s|\sand\s|\sund\s|\set\s)\s*")


def people(e: Component, publisher: set[str]) -> list[str]:
    names = []
    for person in all_of(e, "ATTENDEE"):
        kind = str(person.params.get("CUTYPE", "INDIVIDUAL")).upper()
        role = str(person.params.get("ROLE", "")).upper()
        if kind not in _NOT_PEOPLE and role != "NON-PARTICIPANT":
            names.extend(names_in(name_of(person)))
    organizer = name_of(e.get("ORGANIZER"))
    if not names and organizer and organizer not in publisher:
        names.extend(names_in(organizer))
    seen: dict[str, str] = {}
    for name in names:
        seen.setdefault(normalize(name), name)
    return list(seen.values())


def name_of(address: Any) -> str:
    cn = getattr(address, "params", {}).get("CN") if address is not None else None
    return " ".join(str(cn).split()) if cn else ""


def names_in(value: str) -> list[str]:
    """The people one CN names: itself, or each of a list written into it."""
    text = clean_name(value)
    if text.startswith("[") and text.endswith("]"):  # ['Valerio Lupi', ' Gabriele Zuddas']
        quoted = [a or b for a, b in _QUOTED.findall(text)]
        pieces = [clean_name(q) for q in quoted] if quoted else [clean_name(text[1:-1])]
    else:
        pieces = [clean_name(p) for p in _LIST_WORDS.split(text)]
        pieces = [p for p in pieces if p]
        # "Doe, Jane" is one person; "Ada Lovelace, Alan Turing" two, and "A, B and C" three.
        listed = len(pieces) > 1 and (
            all(len(p.split()) > 1 for p in pieces) or _LIST_WORDS.search(text.replace(",", " "))
        )
        if not listed:
            pieces = [text]
    return [p for p in pieces if p and not _EMAIL.match(p)]


def clean_name(value: str) -> str:
    """A name without escape debris, surrounding quotes or list punctuation."""
    text = one_line(_DEBRIS.sub(lambda m: " " if m[1] in "nN" else m[1], value)).strip(" ,;")
    # Quotes around the whole name go; a name's own stay ('Loïc Tosser "wowi42"', "Bernabo'").
    while len(text) > 1 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1].strip(" ,;")
    return text


def all_of(e: Component, name: str) -> list[Any]:
    value = e.get(name)
    return [] if value is None else value if isinstance(value, list) else [value]
