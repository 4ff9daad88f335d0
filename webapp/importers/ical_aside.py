"""Events of a calendar that cannot be read as written (a DTSTART that does not read, a TZID
that names no zone, an end before the start, an RRULE that cannot be expanded): each is set
aside and said once as a `Problem` naming the file, the line, the UID and the title, and the
other events import. A calendar none of whose events can be read is refused, saying the first.
"""

from __future__ import annotations

from icalendar import Component

from .ical_lines import Where
from .problems import Problem, where
from .raw import RawPage, SourceError

UNREADABLE_TIME = "unreadable time"
NO_START = "event without a start (DTSTART)"
REPEAT = "repeating event that cannot be expanded"


def set_aside(kind: str, exc: SourceError, event: Component, at: Where, source: str) -> Problem:
    uid = " ".join(str(event.get("UID", "")).split())
    title = " ".join(str(event.get("SUMMARY", "")).split()) or None
    said = f"UID {uid}: {exc.detail}" if uid else exc.detail
    return Problem(kind, f"{said}; the event is set aside", where(source, exc.line or at.begin, title))


def refuse_if_none_read(page: RawPage, first: SourceError | None, events: int) -> None:
    """Every event set aside (one unknown zone all of them use, say): the file itself is wrong."""
    if page.sessions or first is None:
        return
    raise SourceError(
        page.source,
        f"none of its {events} event(s) can be read ({len(page.problems)} set aside), "
        f"the first: {first.detail}",
        first.line,
    )
