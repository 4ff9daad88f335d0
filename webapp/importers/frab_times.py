"""Times in a frab file: which zone the event is in, and when each event starts and ends.

The instants in each event's `date` are taken as they are. The event's zone is the
declared `time_zone_name` when it agrees with those offsets, else a zone that does: the
offsets are what every client shows, so a name that contradicts them is the mistake.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta, tzinfo
from typing import Any

from ..domain.timeutil import zone

_DURATION = re.compile(r"^(\d{1,3}):([0-5]\d)(?::([0-5]\d))?$")
_CLOCK = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$")


def event_zone(declared: Any, dates: list[Any]) -> str:
    """An IANA zone name for the event, from `time_zone_name` and the events' `date` texts."""
    instants = [d for d in map(_aware, dates) if d is not None]
    if isinstance(declared, str) and declared:
        tz = zone(declared)
        if all(d.astimezone(tz).utcoffset() == d.utcoffset() for d in instants):
            return declared
    offsets = {d.utcoffset() for d in instants}
    if len(offsets) == 1:
        hours, rest = divmod(offsets.pop() or timedelta(0), timedelta(hours=1))
        if not rest:
            return "UTC" if hours == 0 else f"Etc/GMT{-hours:+d}"  # POSIX sign: Etc/GMT-1 is UTC+1
    if isinstance(declared, str) and declared:
        return declared
    raise ValueError("cannot tell the event's timezone: give conference.time_zone_name")


def event_times(item: dict[str, Any], day: date, tz: str) -> tuple[datetime, datetime]:
    """Start and end of one event in the zone `tz`; ValueError saying what is missing."""
    zi = zone(tz)
    raw = item.get("date")
    if isinstance(raw, str) and raw:
        start = _at(raw, zi)
    else:
        clock = _CLOCK.match(str(item.get("start", "")))
        if not clock:
            raise ValueError(f"no date and no start time ({item.get('start')!r})")
        start = datetime(day.year, day.month, day.day, int(clock[1]), int(clock[2]), tzinfo=zi)
    end_raw = item.get("end")
    if isinstance(end_raw, str) and "T" in end_raw:
        end = _at(end_raw, zi)
    else:
        length = _DURATION.match(str(item.get("duration", "")))
        if not length:
            raise ValueError(f"no end and no duration like 01:30 ({item.get('duration')!r})")
        h, m, s = (int(g or 0) for g in length.groups())
        # In absolute time: a talk across the clock change still lasts its duration.
        try:
            end = start.astimezone(UTC) + timedelta(hours=h, minutes=m, seconds=s)
        except OverflowError:  # year 9999 plus a long duration: past what a date can hold
            duration = item.get("duration")
            raise ValueError(f"{start.isoformat()} plus {duration} is past any readable date") from None
    try:
        return start.astimezone(zi), end.astimezone(zi)
    except OverflowError:
        raise ValueError(f"{start.isoformat()} is past any readable date") from None


def _aware(value: Any) -> datetime | None:
    try:
        parsed = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None
    return parsed if parsed is not None and parsed.tzinfo is not None else None


def _at(text: str, zi: tzinfo) -> datetime:
    """A time from the file; one without an offset is wall-clock time at the event."""
    value = datetime.fromisoformat(text)
    return value.replace(tzinfo=zi) if value.tzinfo is None else value
