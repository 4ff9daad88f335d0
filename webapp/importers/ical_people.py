"""Who speaks at an iCalendar event: the ATTENDEEs with a name (CN) that are people (not
rooms or resources, not NON-PARTICIPANT), else the ORGANIZER, unless the same organizer is
on every event of the calendar (then it is whoever published it)."""

from __future__ import annotations

from typing import Any

from icalendar import Component

from ..domain.ids import normalize

_NOT_PEOPLE = {"ROOM", "RESOURCE"}


def people(e: Component, publisher: set[str]) -> list[str]:
    names = []
    for person in all_of(e, "ATTENDEE"):
        kind = str(person.params.get("CUTYPE", "INDIVIDUAL")).upper()
        role = str(person.params.get("ROLE", "")).upper()
        if kind not in _NOT_PEOPLE and role != "NON-PARTICIPANT" and name_of(person):
            names.append(name_of(person))
    organizer = name_of(e.get("ORGANIZER"))
    if not names and organizer and organizer not in publisher:
        names.append(organizer)
    seen: dict[str, str] = {}
    for name in names:
        seen.setdefault(normalize(name), name)
    return list(seen.values())


def name_of(address: Any) -> str:
    cn = getattr(address, "params", {}).get("CN") if address is not None else None
    return " ".join(str(cn).split()) if cn else ""


def all_of(e: Component, name: str) -> list[Any]:
    value = e.get(name)
    return [] if value is None else value if isinstance(value, list) else [value]
