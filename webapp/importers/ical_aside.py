"""Events of a calendar that cannot be read as written (a DTSTART that does not read, a TZID
that names no zone, an end before the start, an RRULE that cannot be expanded): each is set
aside and said once as a `Problem` naming the file, the line, the UID, the title, the day and
the room (what an organizer searches their calendar tool by), and the other events import. A
calendar none of whose events can be read is refused, saying the first.
"""

from __future__ import annotations

from datetime import date, datetime

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
    room = " ".join(str(event.get("LOCATION", "")).split())
    # As frab's problems say "guid, day, room": what finds the event in the organizer's tool.
    found = [f"UID {uid}" if uid else "", _day(event), room]
    said = f"{', '.join(f for f in found if f)}: {exc.detail}" if any(found) else exc.detail
    return Problem(kind, f"{said}; the event is set aside", where(source, exc.line or at.begin, title))


def _day(event: Component) -> str:
    """The day DTSTART names, on the clock it is written in (never converted), or "" when it
    does not read: the problem may be that very DTSTART."""
    try:
        value = event.decoded("DTSTART")
    except (KeyError, ValueError, TypeError):
        return ""
    if isinstance(value, datetime):
        return value.date().isoformat()
    return value.isoformat() if isinstance(value, date) else ""


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
