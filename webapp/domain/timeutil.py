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
