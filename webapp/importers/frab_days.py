"""Conference days as a frab file draws them, and the format versions this importer reads.

A frab `<day date= start= end=>` (c3voc JSON: `day_start`/`day_end`) says which conference
day a session belongs to: at a congress whose days run 10:00-06:00, the 01:00 session is
still the evening's, as Giggity and EventFahrplan show it. Exporters write overlapping or
reversed ranges now and then; each day is cut where the next one starts, and a file whose
days cannot be ordered that way falls back to calendar days rather than guess.

A file merged from sub-schedules may draw no days at all, and list its night sessions under
their calendar date; its days are then found from the programme itself (`night_ranges`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, datetime, timedelta, tzinfo
from typing import Any

from ..domain.model import DayRange
from .raw import RawPage

_DAY = 24 * 60  # minutes
_QUIET = 120  # minutes without a session that make the night's end, not a break
# `$schema` values of the c3voc schedule.json this importer reads (v1, as frab and pretalx write it).
KNOWN_SCHEMAS = ("https://c3voc.de/schedule/schema.json", "http://c3voc.de/schedule/schema.json")


def day_ranges(days: list[Any], tz: tzinfo) -> tuple[DayRange, ...]:
    """The days' ranges, ordered and cut so that none overlaps; () when the file gives none.

    A file merged from several sub-schedules may list one date more than once, and only some
    of those entries with bounds: each date spans what its entries give together.
    """
    found: list[DayRange] = []
    dates: set[date] = set()
    for day in days:
        start, end, when = _at(day.get("day_start"), tz), _at(day.get("day_end"), tz), _date(day.get("date"))
        if when is None:
            return ()
        dates.add(when)
        end = _past_last_minute(start, end) if start is not None and end is not None else None
        # A day that ends as it starts (c3voc's jev22 wrote 09:00-09:00 on every day) draws no
        # bounds: its date is left without, and the days are found as for a file with none.
        if start is not None and end is not None and end > start:
            found.append(DayRange(date=when, start=start, end=end))
    if {d.date for d in found} != dates:
        return ()
    return combine(found)


def stretched(ranges: tuple[DayRange, ...], listed: Iterable[tuple[date, datetime]]) -> tuple[DayRange, ...]:
    """Each day to just past the last session the file lists under it, within a day of its
    start: a merged congress file draws its last day to 16:00 and lists the night's DJ sets
    under it until 04:00, which would otherwise make a day of their own. A stretch into the
    next day is cut where that day starts."""
    starts: dict[date, list[datetime]] = {}
    for when, start in listed:
        starts.setdefault(when, []).append(start)
    out = []
    for r in ranges:
        last = max(
            (s for s in starts.get(r.date, ()) if r.start <= s < r.start + timedelta(days=1)), default=None
        )
        out.append(DayRange(r.date, r.start, last + timedelta(minutes=1)) if last and last >= r.end else r)
    return combine(out) or ranges


def _past_last_minute(start: datetime, end: datetime) -> datetime:
    """pretalx writes a day's end as its last minute (04:00 to 03:59 the next morning): the
    day holds what starts until the next day does, 03:59:30 included, not a minute less."""
    # Wall-clock arithmetic, as the file's clock reads (a day across a clock change too).
    short = end.replace(tzinfo=None) - start.replace(tzinfo=None) == timedelta(days=1, minutes=-1)
    if not short or end.second or end.microsecond:
        return end
    try:
        return end + timedelta(minutes=1)
    except OverflowError:  # the last minute of year 9999: no minute after it to end at
        return end


def source_days(
    pages: Sequence[RawPage], spans: list[tuple[datetime, datetime]], tz: tzinfo
) -> tuple[DayRange, ...]:
    """The days of merged sources: sub-schedules imported together give each date what they
    give it together. frab files that draw none (or whose merged days disagree) get days that
    change in the night's quiet hours when the programme runs past midnight (`night_ranges`
    over all sessions' `spans`): the 01:00 session is then the evening's, and the last night
    adds no day. Other sources keep calendar days."""
    given = combine(r for p in pages for r in p.day_ranges)
    given = given or next((p.day_ranges for p in pages if p.day_ranges), ())
    if given or not any(p.kind == "schedule" and not p.calendar_days for p in pages):
        return given
    return night_ranges(spans, set(), tz)


def combine(ranges: Iterable[DayRange]) -> tuple[DayRange, ...]:
    """One range per date (the widest its entries give), ordered, each cut where the next
    starts; () when they cannot be ordered so."""
    widest: dict[date, DayRange] = {}
    for r in ranges:
        w = widest.get(r.date)
        widest[r.date] = r if w is None else DayRange(r.date, min(w.start, r.start), max(w.end, r.end))
    found = sorted(widest.values(), key=lambda r: (r.start, r.end, r.date))
    out: list[DayRange] = []
    for i, r in enumerate(found):
        end = min(r.end, found[i + 1].start) if i + 1 < len(found) else r.end
        if end <= r.start:
            return ()
        out.append(DayRange(date=r.date, start=r.start, end=end))
    return tuple(out)


def night_ranges(
    spans: list[tuple[datetime, datetime]], empty: set[date], tz: tzinfo
) -> tuple[DayRange, ...]:
    """Days for a file that draws none, when its programme runs past midnight: each day then
    changes in the quiet hours (the longest time of day when no session runs on any day), so
    the 01:00 session is the evening's, as the congress's own days would have it. () when
    midnight is quiet (calendar days are right) or no hour of the day is. `empty`: dates the
    file lists with no sessions, days all the same."""
    change = _day_change(spans, tz)
    if change is None:
        return ()
    try:
        dates = {(start.astimezone(tz) - change).date() for start, _ in spans} | empty
        out = []
        for d in sorted(dates):
            start = datetime(d.year, d.month, d.day, tzinfo=tz) + change
            out.append(DayRange(date=d, start=start, end=start + timedelta(days=1)))
    except OverflowError:  # a day at year 1 or 9999, past what a date can hold: calendar days
        return ()
    return tuple(out)


def _day_change(spans: list[tuple[datetime, datetime]], tz: tzinfo) -> timedelta | None:
    """When the day changes: in the middle (on the hour when it can) of the first quiet spell
    of two hours or more after the night's programme, starting before noon. None when midnight
    falls in such a spell (the programme ends in the evening) or there is none."""
    edges = [0] * (2 * _DAY + 1)  # +1 where a session starts, -1 where it ends, over two days
    for start, end in spans:
        local = start.astimezone(tz)
        first = local.hour * 60 + local.minute
        length = min(_DAY, max(1, int((end - start).total_seconds() // 60)))
        edges[first] += 1
        edges[first + length] -= 1
    running, busy = 0, [False] * _DAY
    for m in range(2 * _DAY):
        running += edges[m]
        busy[m % _DAY] = busy[m % _DAY] or running > 0
    back = next((k for k in range(_DAY) if busy[_DAY - 1 - k]), _DAY)
    ahead = next((k for k in range(_DAY) if busy[k]), _DAY)
    if back + ahead >= _QUIET:
        return None  # the night is quiet: calendar days
    quiet = None
    for m in range(_DAY // 2):
        if not busy[m] and (m == 0 or busy[m - 1]):
            length = next((k for k in range(_DAY - m) if busy[m + k]), _DAY - m)
            if length >= _QUIET:
                quiet = (m, length)
                break
    if quiet is None:
        return None
    middle = quiet[0] + quiet[1] // 2
    hour = middle // 60 * 60
    return timedelta(minutes=hour if hour >= quiet[0] else middle)


def unknown_version(doc: Any) -> str | None:
    """Why a JSON document is a schedule format version this importer does not read, or None.

    c3voc's draft schedule v2 lists events once under `schedule.events` and days without
    rooms; read as v1 it would look like a file with a field missing, which it is not.
    """
    if not isinstance(doc, dict):
        return None
    declared = doc.get("$schema")
    body = doc.get("schedule") if isinstance(doc.get("schedule"), dict) else {}
    conf = body.get("conference") if isinstance(body.get("conference"), dict) else {}
    days = conf.get("days")
    v1_days = isinstance(days, list) and all(isinstance(d, dict) and "rooms" in d for d in days)
    v2 = "events" in body or (isinstance(declared, str) and "schedule2" in declared.replace("/", ""))
    if v2 and not ("events" not in body and v1_days):
        return (
            f"this is c3voc's draft schedule v2 ({_schema(declared)}events listed under schedule.events, "
            "days without rooms), a version this importer does not read; export the schedule as "
            "schedule.json v1 (https://c3voc.de/schedule/schema.json) or as schedule.xml"
        )
    if isinstance(declared, str) and declared not in KNOWN_SCHEMAS and not v1_days:
        return (
            f"$schema {declared!r} names a schedule format version this importer does not know; "
            "it reads c3voc schedule.json v1 (https://c3voc.de/schedule/schema.json) and frab schedule.xml"
        )
    return None


def _schema(declared: Any) -> str:
    return f"$schema {declared!r}, " if isinstance(declared, str) else ""


def _at(value: Any, tz: tzinfo) -> datetime | None:
    try:
        parsed = datetime.fromisoformat(value) if isinstance(value, str) and "T" in value else None
    except ValueError:
        return None
    if parsed is None:
        return None
    return (parsed.replace(tzinfo=tz) if parsed.tzinfo is None else parsed).astimezone(tz)


def _date(value: Any) -> date | None:
    try:
        return date.fromisoformat(str(value)[:10])
    except ValueError:
        return None
