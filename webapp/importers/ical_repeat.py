"""Repeating events in an iCalendar file: one session per occurrence.

RRULE and RDATE add occurrences, EXDATE removes some, and another VEVENT of the same UID with
a RECURRENCE-ID replaces the one it names (that VEVENT is read as an event of its own). A
rule must end (COUNT or UNTIL): a schedule does not repeat forever. Each occurrence gets its
own id proposal, the series' id and its original start, so a moved occurrence keeps it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC, datetime
from itertools import islice

from dateutil.rrule import rrulestr
from icalendar import Component

from .ical_lines import Where
from .raw import SourceError

MAX_OCCURRENCES = 500
_UNTIL = re.compile(r"UNTIL=(\d{8})(?:T(\d{6}))?(Z?)", re.I)


def repeats(e: Component) -> bool:
    return "RRULE" in e or "RDATE" in e


def occurrence_key(start: datetime) -> str:
    """What tells one occurrence of a series from the others, for its id."""
    return f"{start:%Y%m%dt%H%M}"


def occurrences(
    e: Component, start: datetime, where: Where, source: str, replaced: Iterable[datetime]
) -> list[datetime]:
    """The starts of the event's occurrences, in order, those another VEVENT replaces left out."""
    times = {start}
    rules = [r for r in _all(e, "RRULE")]
    if len(rules) > 1:
        raise SourceError(source, "more than one RRULE in one event", where.at("RRULE"))
    for rule in rules:
        text = rule.to_ical().decode()
        if "COUNT=" not in text.upper() and "UNTIL=" not in text.upper():
            raise SourceError(source, f"RRULE:{text} repeats forever (no COUNT or UNTIL)", where.at("RRULE"))
        try:
            found = list(islice(rrulestr(_until_like(text, start), dtstart=start), MAX_OCCURRENCES + 1))
        except (ValueError, TypeError) as exc:
            raise SourceError(source, f"RRULE:{text}: {exc}", where.at("RRULE")) from None
        if len(found) > MAX_OCCURRENCES:
            raise SourceError(source, f"RRULE:{text}: over {MAX_OCCURRENCES} occurrences", where.at("RRULE"))
        times.update(found)
    times.update(_dates(e, "RDATE", start, where, source))
    times -= _dates(e, "EXDATE", start, where, source)
    gone = set(replaced)
    return sorted(t for t in times if t not in gone)


def _dates(e: Component, name: str, start: datetime, where: Where, source: str) -> set[datetime]:
    out = set()
    problems = [message for prop_name, message in e.errors if prop_name == name]
    if problems:  # the library keeps a broken value, and raises when it is read
        raise SourceError(source, f"{name}: {problems[0]}", where.at(name))
    for prop in _all(e, name):
        for value in getattr(prop, "dts", []):
            when = value.dt
            if not isinstance(when, datetime) or (when.tzinfo is None) != (start.tzinfo is None):
                raise SourceError(source, f"{name}: not a time of the same kind as DTSTART", where.at(name))
            out.add(when)
    return out


def _all(e: Component, name: str) -> list[object]:
    value = e.get(name)
    return [] if value is None else value if isinstance(value, list) else [value]


def _until_like(rule: str, start: datetime) -> str:
    """The rule with its UNTIL of the kind DTSTART is, as RFC 5545 3.3.10 asks and exporters
    often do not write it (a floating start with a UTC UNTIL, a zoned one with a date): a
    floating start's UNTIL is read on the same wall clock, a zoned start's floating time in
    its zone, and a date as the end of that day."""

    def fix(m: re.Match[str]) -> str:
        day, clock, utc = m[1], m[2], bool(m[3])
        if start.tzinfo is None:
            return f"UNTIL={day}T{clock or '235959'}"
        if utc and clock:
            return m[0]
        local = datetime.strptime(day + (clock or "235959"), "%Y%m%d%H%M%S").replace(tzinfo=start.tzinfo)
        return f"UNTIL={local.astimezone(UTC):%Y%m%dT%H%M%S}Z"

    return _UNTIL.sub(fix, rule)
