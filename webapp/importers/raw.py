"""What a single source says, before sources are merged into one Schedule.

Each Sched parser (text, HTML, API JSON) turns its input into a `RawPage`; `merge.py`
reconciles pages. Fields are `None` where the source did not say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from ..domain.ids import normalize
from ..domain.model import DayRange, Link

if TYPE_CHECKING:
    from .problems import Problem


class SourceError(ValueError):
    """Bad input, told in terms a person can act on: which file, and where in it."""

    def __init__(self, source: str, message: str, line: int | None = None) -> None:
        self.source = source
        self.line = line
        self.detail = message  # without the file and line, for a Problem that names them itself
        where = f"{source}, line {line}" if line else source
        super().__init__(f"{where}: {message}")


@dataclass
class RawSpeaker:
    name: str
    role: str | None = None
    company: str | None = None
    bio: str | None = None
    bio_truncated: bool = False
    guid: str | None = None
    # Who this is within one source when the name alone cannot say (frab: a guid, or an id
    # together with the name); None: the name says it.
    identity: str | None = None


@dataclass
class RawSession:
    source: str
    title: str | None  # None: the page has no title (a session's own page, a fragment)
    start: datetime | None = None  # naive: wall clock at the venue; aware: as given
    end: datetime | None = None
    kind: str | None = None
    room: str | None = None
    track: str | None = None
    level: str | None = None
    slides: bool | None = None
    description: tuple[str, ...] = ()
    speakers: list[RawSpeaker] = field(default_factory=list)
    # People the heading names ("Title - Name, Company & ..."), as (name, company).
    heading_people: list[tuple[str, str | None]] = field(default_factory=list)
    proposed_id: str | None = None  # an id the source already gives (frab, iCalendar's UID)
    status: str | None = None  # "cancelled" where the source says so
    line: int | None = None
    guid: str | None = None
    number: int | None = None
    language: str | None = None
    subtitle: str | None = None
    links: tuple[Link, ...] = ()
    url: str | None = None  # the session's own page at its source


@dataclass
class RawPage:
    source: str
    kind: str  # "list", "detail", "fragment", "api", "schedule"
    event_name: str | None = None
    city: str | None = None
    venue: str | None = None
    timezone: str | None = None  # IANA name, when the source says it outright
    utc_offset: float | None = None  # hours, when the source gives only an offset
    filter_track: str | None = None  # the page lists only this track
    filter_level: str | None = None  # the page lists only this audience level
    # A zone to show times in when neither --timezone nor any source names one (a calendar
    # in UTC only); the import then warns that it is a guess.
    fallback_timezone: str | None = None
    # A name for the event when neither --event-name nor any source names it (a calendar
    # without X-WR-CALNAME); the import then warns that it is a stand-in.
    fallback_event_name: str | None = None
    sessions: list[RawSession] = field(default_factory=list)
    loose_bios: list[tuple[str, bool]] = field(default_factory=list)  # (bio, truncated)
    url: str | None = None
    event_id: str | None = None  # an id the source gives the event (frab's acronym)
    language: str | None = None  # the event's language
    rooms: list[tuple[str, str | None]] = field(default_factory=list)  # (name, guid), empty rooms too
    track_colors: dict[str, str] = field(default_factory=dict)  # track name -> "#rrggbb"
    day_ranges: tuple[DayRange, ...] = ()
    # The source says its days are calendar days (Hallway's own export): none are inferred.
    calendar_days: bool = False
    notes: list[str] = field(default_factory=list)  # what the import summary should tell
    # Rows set aside or read by a rule (`problems`): reported grouped, refused by --strict.
    problems: list[Problem] = field(default_factory=list)


# Words that end a kind prefix such as "Lightning Talk: " or "Sponsored Keynote: "; a title
# like "Helion 1.0: A DSL" keeps its colon.
_KIND_WORDS = {"talk", "keynote", "panel", "workshop", "tutorial", "bof", "demo", "poster", "discussion"}
_READ_MORE = re.compile(r"\s*(?:\.\.\.|…)?\s*Read More\s*(?:→|&rarr;)?\s*$")
_LEVEL_WORDS = {"any", "all", "beginner", "intermediate", "advanced", "expert", "introductory"}


def split_kind(heading_title: str) -> tuple[str | None, str]:
    """("Lightning Talk", "X") for "Lightning Talk: X"; (None, title) otherwise."""
    head, sep, rest = heading_title.partition(": ")
    words = head.split()
    if sep and rest.strip() and 0 < len(words) <= 4 and words[-1].lower() in _KIND_WORDS:
        return head.strip(), rest.strip()
    return None, heading_title.strip()


def kind_beside(heading_title: str) -> tuple[str | None, str]:
    """("Lightning Talk", "Lightning Talk: X") for "Lightning Talk: X": the kind a prefix says,
    beside a title kept as the organizer published it (issue 39: titles are never cut)."""
    return split_kind(heading_title)[0], heading_title.strip()


def strip_read_more(bio: str) -> tuple[str, bool]:
    """A bio without Sched's "... Read More →", and whether Sched had cut it short."""
    cut = _READ_MORE.sub("", bio)
    return cut.rstrip(), cut != bio


def split_role(line: str, name: str) -> tuple[str | None, str | None]:
    """(role, company) from Sched's "Role, Company" line under a speaker's name."""
    line = line.strip()
    if not line:
        return None, None
    role, sep, company = line.rpartition(", ")
    if not sep:
        return None, line
    # Some profiles repeat the name where the role belongs ("Iswarya Alex, AMD").
    if normalize(role) == normalize(name):
        role = ""
    return role.strip() or None, company.strip() or None


def is_level(value: str) -> bool:
    """Whether a filter value is an audience level (Sched lets events relabel the field)."""
    return value.strip().lower() in _LEVEL_WORDS
