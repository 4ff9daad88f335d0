"""The people of a Sched export session: its `speakers` field, however it comes.

JSON gives a list of objects (`name`, `company`, `position`, `about`, `custom_order`, all
strings); a CSV cell, or an export that flattens the field, gives one string. In a string,
people are parted by ";" or line breaks when there are any ("Ana Sousa, Tabular; Bo Li"),
each then "Name, Company" (or "Name, Role, Company"); else by commas ("Ana Sousa, Bo Li").
Either way "Name (Company)" names the company too.
"""

from __future__ import annotations

import html
import re
from typing import Any

from .markup import html_paragraphs, one_line
from .raw import RawSpeaker, split_role, strip_read_more

_PARENS = re.compile(r"^(?P<name>[^()]+?)\s*\((?P<company>[^()]+)\)$")
_PEOPLE = re.compile(r"\s*(?:;|\r?\n)\s*")


def speakers(value: Any, nameless: list[Any] | None = None) -> list[RawSpeaker]:
    """The people `value` names; an entry without a name is left out, and added to `nameless`
    for the import to say."""
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return _from_text(value)
    items = value if isinstance(value, list) else [value]
    if all(isinstance(p, dict) and _is_number(p.get("custom_order")) for p in items):
        items = sorted(items, key=lambda p: int(str(p["custom_order"]).strip()))  # Sched's order
    out: list[RawSpeaker] = []
    for p in items:
        if isinstance(p, str):
            out += _from_text(p)
        elif (found := _speaker(p)) is not None:
            out.append(found)
        elif nameless is not None:
            nameless.append(p)
    return out


def _speaker(p: Any) -> RawSpeaker | None:
    name = _text(p.get("name")) if isinstance(p, dict) else None
    name = html.unescape(name).strip() if name else None  # as in a string of people, below
    if not name:
        return None
    about = p.get("about") or p.get("bio")
    bio, cut = strip_read_more("\n\n".join(html_paragraphs(about) if isinstance(about, str) else ()))
    return RawSpeaker(
        name=" ".join(name.split()),
        role=text_line(p.get("position")) or text_line(p.get("role")),
        company=text_line(p.get("company")),
        bio=bio or None,
        bio_truncated=cut,
    )


def _from_text(text: str) -> list[RawSpeaker]:
    # Sched writes the names HTML-escaped ('Andrew M. &quot;Fish&quot; Popowich'): the ";" of
    # an entity is not a separator between people.
    text = html.unescape(text).strip()
    if _PEOPLE.search(text):
        return [_person(part, with_company=True) for part in _PEOPLE.split(text) if part.strip()]
    return [_person(part, with_company=False) for part in text.split(",") if part.strip()]


def _person(text: str, with_company: bool) -> RawSpeaker:
    text = " ".join(text.split())
    found = _PARENS.match(text)
    if found:
        return RawSpeaker(name=found["name"].strip(), company=found["company"].strip())
    if with_company and "," in text:
        name, _, rest = text.partition(",")
        role, company = split_role(rest, name)
        return RawSpeaker(name=name.strip(), role=role, company=company)
    return RawSpeaker(name=text)


def _is_number(value: Any) -> bool:
    text = str(value).strip() if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
    return text.isascii() and text.isdigit() and len(text) < 10


def _text(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return None
    return str(value).strip() or None


def text_line(value: Any) -> str | None:
    """A one-line field of a Sched export, its HTML escapes read: Sched escapes what it exports
    ("AT&amp;T"), as in a string of people."""
    text = _text(value)
    return one_line(text) or None if text else None
