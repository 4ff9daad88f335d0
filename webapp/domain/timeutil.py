"""Time math on aware datetimes only. `now` is always a parameter, never read here."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones


def zone(name: str) -> ZoneInfo:
    """The IANA zone `name`, or ValueError with a readable message."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:  # OSError: a name too long for a path
        raise ValueError(f"unknown timezone {name!r} (expected an IANA name like Europe/Paris)") from exc


def localize(naive: datetime, tz: str) -> datetime:
    """Attach the event's zone to a wall-clock time from a source."""
    if naive.tzinfo is not None:
        raise ValueError("localize() takes a naive datetime")
    return naive.replace(tzinfo=zone(tz))


def parse_iso(text: str) -> datetime:
    """An ISO 8601 time with an offset; naive times are refused."""
    try:
        value = datetime.fromisoformat(text)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"not an ISO 8601 time: {text!r}") from exc
    if value.tzinfo is None:
        raise ValueError(f"time has no UTC offset: {text!r}")
    return value


# Whatever a schedule holds, every consumer must read: the browser's Date, calendars, exports
# and door signs. Years far from any event overflow Python's date math (a 9999 end plus an
# alarm or a UTC conversion), and an offset with seconds is no ISO time a browser parses.
MIN_YEAR = 1900
MAX_YEAR = 2199


def check_readable(value: datetime) -> None:
    """ValueError unless `value` is a time every consumer can read (see MIN_YEAR)."""
    offset = value.utcoffset()
    if offset is None:
        raise ValueError(f"time has no UTC offset: {value.isoformat()}")
    if offset.microseconds or offset.seconds % 60:
        raise ValueError(f"the UTC offset of {value.isoformat()} is not in whole minutes")
    if not MIN_YEAR <= value.year <= MAX_YEAR:
        raise ValueError(f"year {value.year} is out of range ({MIN_YEAR}-{MAX_YEAR})")


def to_iso(value: datetime) -> str:
    return value.isoformat(timespec="seconds")


def local_date(value: datetime, tz: str) -> date:
    return value.astimezone(zone(tz)).date()


def guess_zone(city: str | None, utc_offset_hours: float, on: datetime) -> str | None:
    """An IANA zone named after `city` whose offset on `on` matches, if there is exactly one.

    Sources like Sched print only an abbreviation and an offset ("CEST (UTC/GMT +2)");
    the city disambiguates without any table of our own.
    """
    if not city:
        return None
    wanted = city.strip().replace(" ", "_").lower()
    matches = []
    for name in available_timezones():
        if name.rsplit("/", 1)[-1].lower() != wanted:
            continue
        offset = on.replace(tzinfo=ZoneInfo(name)).utcoffset()
        if offset is not None and offset.total_seconds() == utc_offset_hours * 3600:
            matches.append(name)
    return matches[0] if len(matches) == 1 else None
