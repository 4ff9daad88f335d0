"""Dates, times and durations as spreadsheets write them.

A cell is text (CSV, or a cell typed as text) or what openpyxl reads from a typed cell (a
datetime, a time, a number). Text: ISO (`2026-01-31 10:30`, `2026-01-31T10:30:00+01:00`),
`31/01/2026 10:30`, `31.01.2026`, `1/31/2026 10:30 AM`, `10:30`, `10h30`. A number in a date
column is an Excel serial date (days since 1899-12-30, the fraction the time of day). Whether
`03/04/2026` is the 3rd of April or March 4th is decided once for the whole file (`day_order`).
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from typing import Any

_EXCEL_EPOCH = datetime(1899, 12, 30)
_TIME = r"(\d{1,2})\s*[:h]\s*(\d{2})(?::(\d{2}))?\s*([ap]\.?\s*m\.?)?"
_TIME_ONLY = re.compile(rf"^{_TIME}$|^(\d{{1,2}})\s*([ap]\.?\s*m\.?)$", re.I)
_NUMERIC_DATE = re.compile(r"^(\d{1,4})([./-])(\d{1,2})\2(\d{1,4})(?:[ T,]+(.*))?$")
_RANGE = re.compile(rf"^\s*({_TIME})\s*(?:-|–|—|to|à|bis|a)\s*({_TIME})\s*$", re.I)


class Unreadable(ValueError):
    """A cell that says no date, time or duration; its message quotes it."""


def serial(number: float) -> datetime:
    """An Excel serial date: whole days since 1899-12-30, the fraction of a day the time."""
    if not 0 <= number < 2958466:  # Excel's last day is 9999-12-31
        raise Unreadable(f"{number!r} is not a date")
    return _EXCEL_EPOCH + timedelta(days=number)


def slashes(text: str) -> tuple[int, int] | None:
    """The first two numbers of a date like 03/04/2026, which are day and month in one order or
    the other; None for a date that says its order (ISO, year first, dotted German dates)."""
    m = _NUMERIC_DATE.match(text.strip())
    if not m or m[2] == "." or len(m[1]) > 2:
        return None
    return int(m[1]), int(m[3])


def day_order(pairs: list[tuple[int, int]], given: str | None, language: str | None) -> str | None:
    """ "day-first" or "month-first" for the file's slashed dates: what a value over 12 settles
    (13/01 is day first; the order most such dates settle, when a typo says the other), else
    `--date-format`, else the event's language (only US English writes the month first); None
    when nothing decides and it matters. ValueError when the file says both orders equally."""
    day_first = sum(a > 12 >= b for a, b in pairs)
    month_first = sum(b > 12 >= a for a, b in pairs)
    if day_first and month_first and day_first == month_first:
        raise ValueError(
            f"as many of its dates are written day first (13/01) as month first (01/13): {day_first}"
        )
    if day_first or month_first:
        # The other order's few are typos: they read as no date, and their rows are set aside.
        settled = "day-first" if day_first > month_first else "month-first"
        if given and given != settled:
            raise ValueError(f"--date-format {given}, but its dates are written {settled} (a value over 12)")
        return settled
    if given:
        return given
    if not any(a != b for a, b in pairs):
        return "day-first"  # 03/03: either order reads it alike
    tag = (language or "").lower().replace("_", "-")
    if tag == "en-us":
        return "month-first"
    return "day-first" if tag and tag != "en" else None  # "en" alone: British or American?


def moment(value: Any, order: str | None) -> datetime | date | time:
    """A date, a time of day, or both, from one cell."""
    if isinstance(value, datetime | date | time):
        return value
    if isinstance(value, bool):
        raise Unreadable(f"{value!r} is not a date or time")
    if isinstance(value, int | float):
        return serial(value) if value >= 1 else (_EXCEL_EPOCH + timedelta(days=value)).time()
    text = " ".join(str(value).split())
    if not text:
        raise Unreadable("empty")
    try:
        return date.fromisoformat(text) if len(text) == 10 else datetime.fromisoformat(text)
    except ValueError:
        pass
    clock = _clock(text)
    if clock is not None:
        return clock
    m = _NUMERIC_DATE.match(text)
    if m is None:
        if re.fullmatch(r"\d{5}(\.\d+)?", text):  # a serial written out as text
            return serial(float(text))
        raise Unreadable(f"{text!r} is not a date or time")
    a, b, c = int(m[1]), int(m[3]), int(m[4])
    if len(m[1]) > 2:  # 2026/01/31
        year, month, day = a, b, c
    elif m[2] == "." or order == "day-first":
        day, month, year = a, b, c
    elif order == "month-first":
        month, day, year = a, b, c
    else:
        raise Unreadable(f"{text!r}: day or month first? pass --date-format day-first or month-first")
    year += 2000 if year < 100 else 0
    try:
        day_ = date(year, month, day)
    except ValueError:
        raise Unreadable(f"{text!r} is not a date") from None
    if not m[5]:
        return day_
    clock = _clock(m[5])
    if clock is None:
        raise Unreadable(f"{text!r}: {m[5]!r} is not a time of day")
    return datetime.combine(day_, clock)


def time_range(value: Any) -> tuple[time, time] | None:
    """`10:30-11:15` in one cell (a "Time" column), or None."""
    m = _RANGE.match(str(value)) if isinstance(value, str) else None
    if m is None:
        return None
    start, end = _clock(m[1]), _clock(m[6])
    return (start, end) if start and end else None


def _clock(text: str) -> time | None:
    m = _TIME_ONLY.match(text.strip())
    if m is None:
        return None
    if m[5] is not None:  # "10 am"
        hour, minute, second, half = int(m[5]), 0, 0, m[6]
    else:
        hour, minute, second, half = int(m[1]), int(m[2]), int(m[3] or 0), m[4]
    if half:
        if not 1 <= hour <= 12:
            raise Unreadable(f"{text!r} is not a time of day")
        hour = hour % 12 + (12 if half.lower().startswith("p") else 0)
    if hour == 24 and minute == 0 and second == 0:
        hour = 0  # 24:00: midnight, taken as the end's next day by the caller
    if not (hour < 24 and minute < 60 and second < 60):
        raise Unreadable(f"{text!r} is not a time of day")
    return time(hour, minute, second)


_UNIT = re.compile(r"^(\d+(?:[.,]\d+)?)\s*(h|hrs?|hours?|std|stunden?|horas?|heures?|m|min|mins|minutes?|"
                   r"minuten|minutos)?\.?$", re.I)  # fmt: skip
_HOURS_MINUTES = re.compile(r"^(\d+)\s*h\s*(\d{1,2})\s*(?:m|min)?$", re.I)


def duration(value: Any) -> timedelta:
    """Minutes (`45`, `45 min`), `1:30`, `1h30`, `1.5 h`; from a typed cell a time or a timedelta;
    a number below 1 is a fraction of a day (a duration cell as Excel stores it)."""
    try:
        return _duration(value)
    except OverflowError:  # a billion days
        raise Unreadable(f"{value!r} is not a duration") from None


def _duration(value: Any) -> timedelta:
    if isinstance(value, timedelta):
        out = value
    elif isinstance(value, time):
        out = timedelta(hours=value.hour, minutes=value.minute, seconds=value.second)
    elif isinstance(value, int | float) and not isinstance(value, bool):
        out = timedelta(days=value) if 0 < value < 1 else timedelta(minutes=value)
    else:
        text = " ".join(str(value).split())
        m = re.fullmatch(r"(\d+):(\d{2})(?::(\d{2}))?", text)
        h = _HOURS_MINUTES.fullmatch(text)
        u = _UNIT.fullmatch(text)
        if m:
            out = timedelta(hours=int(m[1]), minutes=int(m[2]), seconds=int(m[3] or 0))
        elif h:
            out = timedelta(hours=int(h[1]), minutes=int(h[2]))
        elif u:
            amount = float(u[1].replace(",", "."))
            hours = (u[2] or "m").lower()[0] in "hs"
            out = timedelta(hours=amount) if hours else timedelta(minutes=amount)
        else:
            raise Unreadable(f"{text!r} is not a duration")
    if not timedelta(0) < out <= timedelta(days=14):
        raise Unreadable(f"{value!r} is not a duration")
    return out
