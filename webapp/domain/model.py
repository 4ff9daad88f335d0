"""The schedule as plain, immutable data.

Every other part of Hallway (importers, the API, corrections, exports) speaks in these
types. Unknown is kept apart from "no": `None` means the sources did not say.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date, datetime

from .timeutil import check_readable

SESSION_STATUSES = ("confirmed", "cancelled")


@dataclass(frozen=True)
class Event:
    id: str
    name: str
    timezone: str  # IANA name, e.g. "Europe/Paris"
    days: tuple[date, ...] = ()
    venue: str | None = None
    city: str | None = None
    url: str | None = None


@dataclass(frozen=True)
class Room:
    id: str
    name: str


@dataclass(frozen=True)
class Track:
    id: str
    name: str


@dataclass(frozen=True)
class Speaker:
    id: str
    name: str
    role: str | None = None
    company: str | None = None
    bio: str | None = None
    bio_truncated: bool = False  # the source cut the bio short ("Read More →")


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
