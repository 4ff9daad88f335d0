"""Times in an iCalendar file: each event's start and end, and which zone names the event's.

A TZID names an IANA zone, a Windows zone (the icalendar library maps those) or a VTIMEZONE
of the file; a time without one is UTC ("Z") or floating (wall-clock time wherever the
calendar is opened: the event's zone places it).
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from icalendar import Calendar, Component

from ..domain.timeutil import zone
from .ical_lines import Where
from .raw import SourceError


def when(e: Component, name: str, where: Where, source: str) -> datetime | date | timedelta | None:
    """A time property, checked: a TZID that names no zone would otherwise read as floating."""
    prop = e.get(name)
    if prop is None:
        return None
    problems = [message for prop_name, message in e.errors if prop_name == name]
    value = None if problems else getattr(prop, "dt", None)
    if problems or not isinstance(value, datetime | date | timedelta):
        detail = problems[0] if problems else f"not a {name} value"
        raise SourceError(source, f"{name}: {detail}", where.at(name))
    tzid = prop.params.get("TZID")
    if isinstance(value, datetime) and value.tzinfo is None and tzid:
        raise SourceError(
            source,
            f"{name}: TZID {tzid!r} is neither a known zone nor a VTIMEZONE of the file",
            where.at(name),
        )
    return value


def end_of(e: Component, start: datetime, where: Where, source: str) -> datetime:
    """DTEND, or DTSTART + DURATION, or the start itself (RFC 5545 3.6.1: no time taken)."""
    end = when(e, "DTEND", where, source)
    duration = when(e, "DURATION", where, source)
    if isinstance(duration, timedelta):
        end = start + duration
    if end is None:
        end = start  # RFC 5545 3.6.1: an event with a start time alone takes no time
    if not isinstance(end, datetime) or (end.tzinfo is None) != (start.tzinfo is None):
        raise SourceError(source, "DTEND is not a time of the same kind as DTSTART", where.at("DTEND"))
    if end < start:
        raise SourceError(source, "the event ends (DTEND) before it starts", where.at("DTEND"))
    return end


def zone_name(start: datetime, tzid: str, calendars: list[Calendar]) -> str | None:
    """The IANA name of a TZID: itself, the library's reading of a Windows name, or what a
    VTIMEZONE of the file says it is (X-LIC-LOCATION, as Thunderbird writes)."""
    if isinstance(start.tzinfo, ZoneInfo) and valid_zone(start.tzinfo.key):
        return start.tzinfo.key
    for cal in calendars:
        for tz in cal.walk("VTIMEZONE"):
            if str(tz.get("TZID")) == tzid:
                return valid_zone(str(tz.get("X-LIC-LOCATION", "")))
    return valid_zone(tzid)


def valid_zone(name: str) -> str | None:
    try:
        return name if name and zone(name) else None
    except ValueError:
        return None


def fixed_zone(start: datetime | None) -> str:
    """A zone of the first session's UTC offset, when no zone is named (UTC for "Z" times)."""
    offset = start.utcoffset() if start else None
    hours, rest = divmod(offset or timedelta(0), timedelta(hours=1))
    return "UTC" if hours == 0 or rest else f"Etc/GMT{-hours:+d}"  # POSIX sign: Etc/GMT-1 is UTC+1
