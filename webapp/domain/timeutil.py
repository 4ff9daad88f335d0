"""Time math on aware datetimes only. `now` is always a parameter, never read here."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
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


# A numeric abbreviation as the tz database writes one ("+04", "-03", "+0530").
_NUMERIC_NAME = re.compile(r"^([+-])(\d{2})(\d{2})?$")


def zone_label(local: datetime) -> str:
    """The short name of the zone at `local` (CEST, EDT, IST), "GMT+4" where the tz database
    has only a number, as browsers write those."""
    name = local.tzname() or ""
    found = _NUMERIC_NAME.match(name)
    if name and not found:
        return name
    minutes = int(local.utcoffset().total_seconds() // 60)
    if minutes == 0:
        return "GMT"
    hours, rest = divmod(abs(minutes), 60)
    return f"GMT{'+' if minutes > 0 else '-'}{hours}" + (f":{rest:02d}" if rest else "")


def zone_periods(tz: str, start: datetime, end: datetime) -> list[tuple[datetime, int, str]]:
    """The UTC offsets (minutes) and short names of `tz` from `start` to `end`, as
    [(since, minutes, label)] in UTC, the first since `start`. Empty when the zone is unknown or
    an offset is not whole minutes (local mean time of old dates): then there is no table.

    The app formats venue times from this table rather than asking the browser's Intl, whose
    start-up costs a cheap phone a fifth of a second before the first screen.
    """
    try:
        z = zone(tz)
    except ValueError:
        return []

    def at(t: datetime) -> tuple[int, str]:
        local = t.astimezone(z)
        return int(local.utcoffset().total_seconds() // 60), zone_label(local)

    start = start.astimezone(UTC).replace(microsecond=0)
    end = end.astimezone(UTC)
    periods = [(start, *at(start))]
    t = start
    while t < end:  # transitions are months apart: a daily step sees each, bisection finds it
        step = min(t + timedelta(days=1), end)
        if at(step) != periods[-1][1:]:
            lo, hi = t, step
            while hi - lo > timedelta(seconds=1):
                mid = lo + (hi - lo) / 2
                lo, hi = (mid, hi) if at(mid) == periods[-1][1:] else (lo, mid)
            periods.append((hi.replace(microsecond=0), *at(hi)))
        t = step
    if any(t.astimezone(z).utcoffset().total_seconds() % 60 for t, _, _ in periods):
        return []
    return periods
