"""Dates, times, durations and numbers written from a language's locale data
(`locale_data.client_locale`) exactly as static/js/data/i18n.js writes them from the same data:
what the server writes into a page the app then takes over must be the app's own text, to the
character ("mardi 7 avril", "1 h 30 min", "1 Std. 30 Min."). tests/e2e/i18n holds the two equal
for each language.
"""

from __future__ import annotations

import re
from datetime import date
from functools import cache
from typing import Any

from .locale_data import client_locale
from .translate import fill

Locale = dict[str, Any]
GROUPS = re.compile(r"\B(?=(\d{3})+(?!\d))")


@cache
def locale_of(lang: str) -> Locale:
    """The locale data the client holds for `lang` (English: i18n.js's ENGLISH, the same data)."""
    return client_locale(lang)


def _js_number(number: float) -> str:
    """String(number) as JavaScript writes it for the counts said here (2.0 is "2")."""
    value = abs(number)
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _operands(number: float) -> dict[str, float]:
    n = abs(number)
    whole, _, frac = _js_number(number).partition(".")
    trimmed = frac.rstrip("0")
    return {"n": n, "i": int(whole), "v": len(frac), "w": len(trimmed), "f": int(frac or 0),
            "t": int(trimmed or 0), "e": 0, "c": 0}  # fmt: skip


def _operand(x: Any, ops: dict[str, float]) -> float:
    return _operand(x[1], ops) % x[2] if isinstance(x, list) else ops[x]


def _holds(node: list[Any], ops: dict[str, float]) -> bool:
    kind, *args = node
    if kind == "and":
        return _holds(args[0], ops) and _holds(args[1], ops)
    if kind == "or":
        return _holds(args[0], ops) or _holds(args[1], ops)
    if kind == "not":
        return not _holds(args[0], ops)
    value = _operand(args[0], ops)
    if kind == "in" and not float(value).is_integer():
        return False
    return any(low <= value <= high for low, high in args[1])


def plural_category(loc: Locale, n: float) -> str:
    ops = _operands(n)
    for category, tree in loc["plural"]["rules"]:
        if _holds(tree, ops):
            return category
    return "other"


def _by_count(loc: Locale, table: dict[str, str], n: float) -> str:
    return table.get(plural_category(loc, n), table["other"])


def format_number(loc: Locale, n: float) -> str:
    whole, _, frac = _js_number(n).partition(".")
    grouped = GROUPS.sub(loc["group"], whole)
    return ("-" if n < 0 else "") + grouped + (loc["decimal"] + frac if frac else "")


def _write(parts: list[str], fields: dict[str, str]) -> str:
    return "".join(p[1:] if p.startswith("'") else fields.get(p, "") for p in parts)


def format_day(loc: Locale, day: str, style: str = "long") -> str:
    """A calendar day ("2026-04-07") by name: "Tuesday 7 April", "Tue 7 Apr" (style "short")."""
    try:
        d = date.fromisoformat(day)
    except ValueError:
        return day
    w, m = (d.weekday() + 1) % 7, d.month - 1  # Sunday first, as getUTCDay counts
    short = loc["weekdaysShort"][w]
    fields = {"EEEE": loc["weekdays"][w], "E": short, "EE": short, "EEE": short,
              "MMMM": loc["months"][m], "MMM": loc["monthsShort"][m], "MM": f"{m + 1:02d}",
              "M": str(m + 1), "d": str(d.day), "dd": f"{d.day:02d}", "y": str(d.year)}  # fmt: skip
    return _write(loc["dayShort"] if style == "short" else loc["dayLong"], fields)


def format_time(loc: Locale, hours: int, minutes: int) -> str:
    """A clock time as the locale writes it: "09:30", "9:30", "9:30 am"."""
    twelve = hours % 12 or 12
    fields = {"HH": f"{hours:02d}", "H": str(hours), "hh": f"{twelve:02d}", "h": str(twelve),
              "mm": f"{minutes:02d}", "a": loc["dayPeriods"][0 if hours < 12 else 1]}  # fmt: skip
    return _write(loc["time"], fields)


def written_hour(loc: Locale, hours: int) -> int:
    """The hour as the locale's clock writes it (13 in "13:00", 1 in "1:00 pm"): the count of a
    message that puts a time after a preposition, whose article may agree with the hour (Spanish
    "a la 1:00" but "a las 13:00": CLDR's "one" form is the hour 1). data/i18n.js, writtenHour."""
    return (hours % 12 or 12) if any(p in ("h", "hh") for p in loc["time"]) else hours


def format_duration(loc: Locale, total_minutes: float) -> str:
    """A length of time: "45 min", "2 h", "1 h 30 min", "1 Std. 30 Min."."""
    m = _js_round(total_minutes)

    def unit(name: str, count: int) -> str:
        return fill(_by_count(loc, loc["durations"][name], count), {"0": format_number(loc, count)})

    if m < 60:
        return unit("minute", m)
    hours = unit("hour", m // 60)
    return fill(loc["unitList"], {"0": hours, "1": unit("minute", m % 60)}) if m % 60 else hours


def _js_round(x: float) -> int:
    """Math.round: halves go up (Python's round goes to the even)."""
    return int(x // 1 + (1 if x % 1 >= 0.5 else 0))
