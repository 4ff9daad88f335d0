"""The schedule as plain, immutable data.

Every other part of Hallway (importers, the API, corrections, exports) speaks in these
types. Unknown is kept apart from "no": `None` means the sources did not say.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date, datetime

from .colors import CANONICAL
from .timeutil import check_readable, zone

SESSION_STATUSES = ("confirmed", "cancelled")


@dataclass(frozen=True)
class DayRange:
    """A conference day as the source draws it: a night session at 01:00 still belongs to
    the evening before when the day runs until 06:00 (frab's `<day start= end=>`)."""

    date: date
    start: datetime  # timezone-aware; the day holds sessions that start in [start, end)
    end: datetime

    def __post_init__(self) -> None:
        if self.start.tzinfo is None or self.end.tzinfo is None:
            raise ValueError(f"day {self.date}: times must be timezone-aware")
        if self.end <= self.start:
            raise ValueError(f"day {self.date}: ends before it starts")


@dataclass(frozen=True)
class Event:
    id: str
    name: str
    timezone: str  # IANA name, e.g. "Europe/Paris"
    days: tuple[date, ...] = ()
    venue: str | None = None
    city: str | None = None
    url: str | None = None
    # The source's day boundaries, ordered and not overlapping; () means calendar days.
    day_ranges: tuple[DayRange, ...] = ()
    language: str | None = None  # the event's main language (e.g. "en"); None: unknown

    def day_of(self, when: datetime) -> date:
        """The conference day a session starting at `when` belongs to."""
        for day in self.day_ranges:
            if day.start <= when < day.end:
                return day.date
        return when.astimezone(zone(self.timezone)).date()


@dataclass(frozen=True)
class Room:
    id: str
    name: str
    guid: str | None = None  # the source's guid, kept so other apps can match rooms


@dataclass(frozen=True)
class Link:
    """A link or attachment of a session (slides, a paper, a recording)."""

    url: str
    title: str | None = None
    kind: str = "link"  # "link" or "attachment", as frab tells them apart

    def __post_init__(self) -> None:
        if self.kind not in ("link", "attachment"):
            raise ValueError(f"link {self.url!r}: unknown kind {self.kind!r}")


@dataclass(frozen=True)
class Track:
    id: str
    name: str
    color: str | None = None  # "#rrggbb" as the source gave it; None: the app makes one

    def __post_init__(self) -> None:
        if self.color is not None and not CANONICAL.fullmatch(self.color):
            raise ValueError(f"track {self.id}: colour {self.color!r} is not #rrggbb")


@dataclass(frozen=True)
class Speaker:
    id: str
    name: str
    role: str | None = None
    company: str | None = None
    bio: str | None = None
    bio_truncated: bool = False  # the source cut the bio short ("Read More →")
    guid: str | None = None  # the source's guid: the one thing that tells two people apart


@dataclass(frozen=True)
class Session:
    id: str
    title: str
    start: datetime  # timezone-aware
    end: datetime  # timezone-aware
    kind: str | None = None  # e.g. "Lightning Talk"
    room: str | None = None  # Room.id
    track: str | None = None  # Track.id; None: no track
    level: str | None = None  # audience level; None: unknown
    slides: bool | None = None  # None: the sources did not say
    description: tuple[str, ...] = ()  # paragraphs
    speakers: tuple[str, ...] = ()  # Speaker.id, in the order the source gives
    status: str = "confirmed"
    # What other apps key favourites and alarms on, kept from the source for the exports.
    guid: str | None = None
    number: int | None = None  # frab's integer event id
    language: str | None = None  # e.g. "en", "de"; None: unknown
    subtitle: str | None = None
    links: tuple[Link, ...] = ()
    url: str | None = None  # the session's own page at its source (frab <url>, Indico, Sched)
    # field name -> names of the sources that said it ("which source said what")
    sources: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.start.tzinfo is None or self.end.tzinfo is None:
            raise ValueError(f"session {self.id}: times must be timezone-aware")
        for value in (self.start, self.end):
            try:
                check_readable(value)
            except ValueError as exc:
                raise ValueError(f"session {self.id}: {exc}") from None
        if self.end < self.start:
            raise ValueError(f"session {self.id}: ends before it starts")
        if self.status not in SESSION_STATUSES:
            raise ValueError(f"session {self.id}: unknown status {self.status!r}")


@dataclass(frozen=True)
class Schedule:
    event: Event
    rooms: tuple[Room, ...] = ()
    tracks: tuple[Track, ...] = ()
    speakers: tuple[Speaker, ...] = ()
    sessions: tuple[Session, ...] = ()

    def __post_init__(self) -> None:
        # An id names one thing: a session's is printed in the QR code on its room's door.
        for what, items in (
            ("room", self.rooms),
            ("track", self.tracks),
            ("speaker", self.speakers),
            ("session", self.sessions),
        ):
            seen: set[str] = set()
            for item in items:
                if item.id in seen:
                    raise ValueError(f"two {what}s have the id {item.id!r}")
                seen.add(item.id)

    def session(self, session_id: str) -> Session | None:
        return next((s for s in self.sessions if s.id == session_id), None)

    def room(self, room_id: str) -> Room | None:
        return next((r for r in self.rooms if r.id == room_id), None)

    def speaker(self, speaker_id: str) -> Speaker | None:
        return next((s for s in self.speakers if s.id == speaker_id), None)

    def track(self, track_id: str) -> Track | None:
        return next((t for t in self.tracks if t.id == track_id), None)

    def with_sessions(self, sessions: tuple[Session, ...]) -> Schedule:
        return replace(self, sessions=sessions)
