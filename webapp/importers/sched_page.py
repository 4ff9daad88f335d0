"""What every Sched page says the same way, whether copied as text or saved as HTML: the
preamble (event name, UTC offset, city, active filters) and a session's date line."""

from __future__ import annotations

import re
from datetime import datetime

from .raw import RawPage, SourceError, is_level

DATE_LINE = re.compile(
    r"^(?:[A-Z][a-z]+day),? (?P<month>[A-Z][a-z]+) (?P<day>\d{1,2}),? (?P<year>\d{4}) "
    r"(?P<t1>\d{1,2}:\d{2}\s*(?:[ap]m)?) - (?P<t2>\d{1,2}:\d{2}\s*(?:[ap]m)?) (?P<tz>[A-Z]{2,5})$"
)
_EVENT_NAME = re.compile(r"registered for (?P<name>.+?) to participate")
_OFFSET = re.compile(r"displayed in [A-Z]{2,5} \(UTC/GMT (?P<sign>[+-])(?P<h>\d{1,2})(?::(?P<m>\d\d))?\)")
_FILTER = re.compile(r"^(?P<label>[A-Za-z][A-Za-z ]*): (?P<value>.+?) clear filter$")
_BANNER = re.compile(
    r"^\d{1,2}\s*[-–]\s*\d{1,2} [A-Z][a-z]+,? \d{4}$|^[A-Z][a-z]+ \d{1,2}\s*[-–]\s*\d{1,2},? \d{4}$"
)


def read_preamble(lines: list[str], page: RawPage) -> None:
    for i, raw in enumerate(lines):
        line = raw.strip()
        if page.event_name is None and (m := _EVENT_NAME.search(line)):
            page.event_name = m["name"].strip()
        if page.utc_offset is None and (m := _OFFSET.search(line)):
            hours = int(m["h"]) + int(m["m"] or 0) / 60
            page.utc_offset = hours if m["sign"] == "+" else -hours
        if page.city is None and _BANNER.match(line) and i + 1 < len(lines) and "," in lines[i + 1]:
            page.city = lines[i + 1].split(",")[0].strip() or None
        if m := _FILTER.match(line):
            label, value = m["label"].strip().lower(), m["value"].strip()
            # Events relabel Sched's fields: "Company: Advanced" is the audience-level filter.
            if label == "type":
                page.filter_track = value
            elif label in ("audience level", "level", "company") and is_level(value):
                page.filter_level = value


def date_range(text: str, source: str, line: int | None = None) -> tuple[datetime, datetime]:
    """Naive wall-clock start and end from "Tuesday April 7, 2026 12:00 - 12:25 CEST"."""
    m = DATE_LINE.match(text.strip())
    if m is None:
        raise SourceError(source, f"not a session date line: {text.strip()[:80]!r}", line)
    day = f"{m['month']} {m['day']} {m['year']}"
    try:
        return _clock(day, m["t1"]), _clock(day, m["t2"])
    except ValueError as exc:
        raise SourceError(source, f"unreadable date line: {exc}", line) from exc


def _clock(day: str, clock: str) -> datetime:
    clock = clock.replace(" ", "")
    fmt = "%I:%M%p" if clock[-2:] in ("am", "pm") else "%H:%M"
    return datetime.strptime(f"{day} {clock.upper()}", f"%B %d %Y {fmt}")
