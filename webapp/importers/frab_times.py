"""Times in a frab file: which zone the event is in, and when each event starts and ends.

The instants in each event's `date` are taken as they are, whatever offset they are written
in. The event's zone is `--timezone`, else the declared `time_zone_name`, else guessed from
the offsets (and the import says so).
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta, tzinfo
from typing import Any
from zoneinfo import available_timezones

from ..domain.timeutil import zone

_DURATION = re.compile(r"^(\d{1,3}):([0-5]\d)(?::([0-5]\d))?$")
_CLOCK = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$")


def event_zone(declared: Any, dates: list[Any], given: str | None = None) -> tuple[str, str | None]:
    """The event's IANA zone, and a note for the import summary when it had to be guessed.

    An offset in a `date` is an instant, never a contradiction: a Kolkata event may write its
    times in UTC. So `--timezone` (`given`) wins, then the declared `time_zone_name`; only a
    file that names no zone has one guessed from its offsets, and the note says so.
    """
    for name in (given, declared):
        if isinstance(name, str) and name.strip():
            zone(name.strip())  # an unknown name is refused, never replaced by a guess
            return name.strip(), None
    instants = [d for d in map(_aware, dates) if d is not None]
    if not instants:
        raise ValueError(
            "cannot tell the event's timezone: the file names none (conference.time_zone_name) "
            "and its times have no UTC offset; pass --timezone (e.g. --timezone Europe/Brussels)"
        )
    offsets = sorted({_offset(d) for d in instants})
    named = _named_zone(instants) if len(offsets) == 1 else None
    guessed = _fixed_zone(instants) or named if len(offsets) == 1 else None
    if guessed is None:
        raise ValueError(
            f"cannot tell the event's timezone: the file names none and its times use offsets "
            f"{', '.join(offsets)}; pass --timezone with the event's zone (e.g. --timezone Europe/Berlin)"
        )
    note = (
        f"the file names no time zone, only the offset {offsets[0]}: the event's zone was guessed "
        f"as {guessed}, a fixed offset; name the real one with --timezone (e.g. --timezone "
        f"{named or 'Europe/Berlin'}, a zone with that offset then) so that the app and calendars "
        "follow its clock changes"
    )
    return guessed, note


def _fixed_zone(instants: list[datetime]) -> str | None:
    """Etc/GMT±N for the instants' one offset, when it is whole hours (there is no Etc zone
    for UTC+05:30: a named zone with that offset then stands in)."""
    hours, rest = divmod(instants[0].utcoffset() or timedelta(0), timedelta(hours=1))
    if rest:
        return None
    return "UTC" if hours == 0 else f"Etc/GMT{-hours:+d}"  # POSIX sign: Etc/GMT-1 is UTC+1


def _named_zone(instants: list[datetime]) -> str | None:
    """The first IANA name (alphabetically, so every import says the same) that has each
    instant's offset at that instant."""
    for name in sorted(available_timezones()):
        if "/" in name and not name.startswith(("Etc/", "SystemV/", "posix/", "right/")):
            zi = zone(name)
            if all(d.astimezone(zi).utcoffset() == d.utcoffset() for d in instants):
                return name
    return None


def _offset(d: datetime) -> str:
    minutes = int((d.utcoffset() or timedelta(0)).total_seconds() // 60)
    sign = "-" if minutes < 0 else "+"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def event_times(
    item: dict[str, Any], day: date, tz: str, days_first: bool = False
) -> tuple[datetime, datetime]:
    """Start and end of one event in the zone `tz`; ValueError saying what is missing.
    `days_first`: a duration of three parts is D:HH:MM (pretalx's), not H:MM:SS."""
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
        if days_first and length[3]:
            h, m, s = 24 * h + m, s, 0
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
