"""The people in a spreadsheet's Speakers cell, read as Sched calendars' people are
(`ical_sched`): groups by ";" or line breaks, people by "&", "and" (also "et", "und", "y") or
",", a job title or organization after a name its affiliation, never a person; and
"Name (Company)". Whether "Ana Sousa, Bo Li" is two people is told by the whole column: a piece
shaped like a person's name, or named first elsewhere, is a person.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..domain.ids import normalize
from .ical_sched import first_names, like_a_name, people
from .raw import RawSpeaker

if TYPE_CHECKING:
    from .sheet_read import Table

_AND_WORDS = re.compile(r"\s+(?:et|und|y)\s+")
_COMPANY = re.compile(r"^(.*?)\s*\(([^()]+)\)$")  # "Ana Sousa (Tabular)"


def speakers(text: str | None, known: set[str]) -> list[RawSpeaker]:
    out = []
    for name, role, company in people(_people_text(text or ""), known):
        m = _COMPANY.match(name)
        if m and not company:
            name, company = m[1].strip(), m[2].strip()
        out.append(RawSpeaker(name=name, role=role, company=company))
    return out


def _people_text(text: str) -> str:
    return _AND_WORDS.sub(" & ", re.sub(r"\s*\n\s*", "; ", text.strip()))


def names(table: Table) -> set[str]:
    """Who the Speakers column surely names: the first name of each part, and any piece shaped
    like a person's name ("Ana Sousa, Bo Li" is two people; "Ana Sousa, Google" one)."""
    index = table.found.get("speakers")
    cells = [_text(r[index]) for _, r in table.rows if index is not None and index < len(r)]
    known: set[str] = set()
    for text in (_people_text(c) for c in cells if c):
        known |= {normalize(n) for n in first_names(text)}
        pieces = (p.strip() for p in re.split(r"[;,&]", text))
        known |= {normalize(p) for p in pieces if like_a_name(p)}
    return known


def _text(value: Any) -> str | None:
    return None if value is None else str(value).strip() or None
