"""Conference days as a frab file draws them, and the format versions this importer reads.

A frab `<day date= start= end=>` (c3voc JSON: `day_start`/`day_end`) says which conference
day a session belongs to: at a congress whose days run 10:00-06:00, the 01:00 session is
still the evening's, as Giggity and EventFahrplan show it. Exporters write overlapping or
reversed ranges now and then; each day is cut where the next one starts, and a file whose
days cannot be ordered that way falls back to calendar days rather than guess.
"""

from __future__ import annotations

from datetime import date, datetime, tzinfo
from typing import Any

from ..domain.model import DayRange

# `$schema` values of the c3voc schedule.json this importer reads (v1, as frab and pretalx write it).
KNOWN_SCHEMAS = ("https://c3voc.de/schedule/schema.json", "http://c3voc.de/schedule/schema.json")


def day_ranges(days: list[Any], tz: tzinfo) -> tuple[DayRange, ...]:
    """The days' ranges, ordered and cut so that none overlaps; () when the file gives none."""
    found: list[tuple[datetime, datetime, date]] = []
    for day in days:
        start, end, when = _at(day.get("day_start"), tz), _at(day.get("day_end"), tz), _date(day.get("date"))
        if start is None or end is None or when is None:
            return ()
        found.append((start, end, when))
    found.sort()
    out: list[DayRange] = []
    for i, (start, end, when) in enumerate(found):
        if i + 1 < len(found):
            end = min(end, found[i + 1][0])
        if end <= start or any(d.date == when for d in out):
            return ()
        out.append(DayRange(date=when, start=start, end=end))
    return tuple(out)


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
