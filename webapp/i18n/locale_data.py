"""What the client needs of a locale to write dates, times, durations and numbers without the
browser's Intl (whose start-up the first screen does not pay): generated from CLDR by Babel at
build time, a few hundred bytes per language, carried in the language's catalog file.

Patterns are sent as parts already split (`["EEEE", "' ", "d", "' ", "MMMM"]`: a field's letters,
or a literal after a `'`), so static/js/data/i18n.js needs no CLDR pattern parser.
"""

from __future__ import annotations

import re
from typing import Any

from babel import Locale
from babel.dates import match_skeleton

from ..domain.languages import known_tags
from .catalogs import PSEUDO
from .plural import plural_rule

# English is written as the app always wrote it (British English, 24-hour clock, "1 h 30 min"):
# CLDR's en_GB, with the app's shorter "h" for hours.
ENGLISH = "en_GB"
ENGLISH_DURATIONS = {
    "hour": {"one": "{0} h", "other": "{0} h"},
    "minute": {"one": "{0} min", "other": "{0} min"},
}
FIELD = re.compile(r"'([^']*)'|''|([A-Za-z])\2*|[^A-Za-z']+")
SUPPORTED = {
    "EEEE",
    "EEE",
    "EE",
    "E",
    "d",
    "dd",
    "MMMM",
    "MMM",
    "MM",
    "M",
    "H",
    "HH",
    "h",
    "hh",
    "mm",
    "a",
    "y",
}


def pattern_parts(pattern: str, widths: dict[str, str] | None = None) -> list[str]:
    """A CLDR date pattern split into fields ("EEEE") and literals ("' "), adjacent literals
    joined; `widths` widens a field ({"E": "EEEE"}); a field the client does not write is
    refused (ValueError), at build time."""
    parts: list[str] = []
    for m in FIELD.finditer(pattern):
        token = m.group(0)
        if m.group(2):
            token = (widths or {}).get(m.group(2), token)
            if token not in SUPPORTED:
                raise ValueError(f"date pattern {pattern!r}: field {token!r} is not written by the client")
            parts.append(token)
            continue
        literal = m.group(1) if m.group(1) is not None else ("'" if token == "''" else token)
        if parts and parts[-1].startswith("'"):
            parts[-1] += literal
        else:
            parts.append("'" + literal)
    return parts


def skeleton_pattern(loc: Locale, skeleton: str) -> str:
    """The locale's pattern for `skeleton` ("MMMMEEEEd"), as ICU's pattern generator makes it:
    the closest skeleton CLDR has, its weekday and month widened to the widths asked."""
    pattern = loc.datetime_skeletons[match_skeleton(skeleton, loc.datetime_skeletons)].pattern
    asked = {m.group(0)[0]: m.group(0) for m in re.finditer(r"([A-Za-z])\1*", skeleton)}
    widths = {f: w for f, w in asked.items() if f in "EM"}
    return FIELD.sub(lambda m: widths.get(m.group(2), m.group(0)) if m.group(2) else m.group(0), pattern)


def skeleton_parts(loc: Locale, skeleton: str) -> list[str]:
    return pattern_parts(skeleton_pattern(loc, skeleton))


def babel_locale(lang: str) -> Locale:
    """The CLDR locale `lang` is written with (English: the app's en_GB)."""
    return _locale(lang)


def _plain(table: Any) -> dict[str, str]:
    return {str(k): str(v) for k, v in table.items() if k in ("zero", "one", "two", "few", "many", "other")}


def _locale(lang: str) -> Locale:
    if lang in ("en", *PSEUDO):  # the app's English, and the pseudo-locales made from it
        return Locale.parse(ENGLISH)
    return Locale.parse(lang, sep="-")


def client_locale(lang: str) -> dict[str, Any]:
    """The locale data static/js/data/i18n.js takes (its ENGLISH constant is this for "en")."""
    loc = _locale(lang)
    fields = loc._data["date_fields"]
    units = loc._data["unit_patterns"]
    english = str(loc) == ENGLISH
    joined = loc.list_patterns.get("unit-narrow") or loc.list_patterns.get("unit")
    numbers = loc.number_symbols.get("latn", loc.number_symbols)
    return {
        "months": list(loc.months["format"]["wide"].values()),
        "monthsShort": list(loc.months["format"]["abbreviated"].values()),
        # Sunday first, as Date.getUTCDay() counts (CLDR's order starts on Monday).
        "weekdays": [loc.days["format"]["wide"][(i + 6) % 7] for i in range(7)],
        "weekdaysShort": [loc.days["format"]["abbreviated"][(i + 6) % 7] for i in range(7)],
        "dayLong": skeleton_parts(loc, "MMMMEEEEd"),
        "dayShort": skeleton_parts(loc, "MMMEd"),
        "time": pattern_parts(loc.time_formats["short"].pattern),
        "dayPeriods": [loc.day_periods["format"]["abbreviated"][p] for p in ("am", "pm")],
        "inMinutes": _plain(fields["minute-short"]["future"]),
        "durations": ENGLISH_DURATIONS
        if english
        else {unit: _plain(units[f"duration-{unit}"]["short"]) for unit in ("hour", "minute")},
        "unitList": str(joined["2"]) if joined else "{0} {1}",
        "decimal": numbers["decimal"],
        "group": numbers["group"],
        "plural": plural_rule(loc),
        **({} if english or lang in PSEUDO else {"languages": language_names(loc)}),
    }


def language_names(loc: Locale) -> dict[str, str]:
    """CLDR's names, in `loc`'s language, of the languages sessions are given in (the ISO 639-1
    tags the outline names): "anglais" for "en" in French. English needs none (the outline's);
    about 2 KB, 850 bytes compressed, in a language's catalog file."""
    return {tag: loc.languages[tag] for tag in known_tags() if tag in loc.languages}
