"""The one cleaning rule for text that enters the schedule, from any importer or a correction.

What calendars and XML readers refuse never gets in: RFC 5545 excludes control characters
from TEXT, and XML 1.0 cannot carry most C0 controls at all, so one DEL or U+0001 in a source
would make `/schedule.ics` invalid and `/export/schedule.xml` ill-formed, and Giggity or
ConfClerk would reject the whole file. Tab and newline are kept; every other way of writing a
line break becomes "\\n"; a lone surrogate (half of a broken character) becomes U+FFFD, so a
reader sees that something was there.
"""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass, replace
from typing import Any, TypeVar

from .model import Schedule

# CR LF and CR, vertical tab, form feed, the information separators Python counts as line
# breaks (U+001C-U+001E), NEL and the Unicode line and paragraph separators.
_LINE_BREAKS = re.compile("\r\n|[\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")
# C0 controls but tab and newline, DEL, C1, and the two noncharacters XML 1.0 excludes.
_DROPPED = re.compile("[\x00-\x08\x0e-\x1b\x1f\x7f-\x84\x86-\x9f\ufffe\uffff]")
_SURROGATE = re.compile("[\ud800-\udfff]")
# Any of the above: almost every text has none, and one search is what it then costs.
_ANY = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")

T = TypeVar("T")


def clean(text: str) -> str:
    """`text` as the schedule keeps it: pure, so any layer (HTTP checks too) can reuse it."""
    if not _ANY.search(text):
        return text
    text = _LINE_BREAKS.sub("\n", text)
    return _SURROGATE.sub("\ufffd", _DROPPED.sub("", text))


def clean_schedule(schedule: Schedule) -> Schedule:
    """`schedule` with every text field cleaned (characters only: no paragraph is dropped, so a
    correction's paragraphs stay where the client, which applies the feed itself, has them)."""
    return replace(
        schedule,
        event=clean_record(schedule.event),
        rooms=tuple(map(clean_record, schedule.rooms)),
        tracks=tuple(map(clean_record, schedule.tracks)),
        speakers=tuple(map(clean_record, schedule.speakers)),
        sessions=tuple(map(clean_record, schedule.sessions)),
    )


def clean_record(item: T) -> T:
    """A dataclass of the model (a session, a speaker, ...) with its text fields cleaned."""
    changed: dict[str, Any] = {}
    for f in fields(item):  # type: ignore[arg-type]
        value = getattr(item, f.name)
        if isinstance(value, str):
            new: Any = clean(value)
        elif isinstance(value, tuple):  # paragraphs, or records such as a session's links
            new = tuple(
                clean(v) if isinstance(v, str) else clean_record(v) if is_dataclass(v) else v for v in value
            )
        else:
            continue
        if new != value:
            changed[f.name] = new
    return replace(item, **changed) if changed else item  # type: ignore[type-var]
