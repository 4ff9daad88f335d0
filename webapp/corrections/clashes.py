"""The consequences of a correction, before it is published: what it would make clash.

A room double-booked, a speaker in two places at once, a session outside its day's hours (or
outside the event's days), a session moved or retimed into the past. Only clashes the
correction brings are named: a clash the schedule already had is not the organizer's doing.
`now` is a parameter; nothing here reads the clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time, timedelta

from ..domain.model import Schedule, Session
from ..domain.timeutil import local_date, zone
from .apply import Change, apply
from .fields import CorrectionError

KINDS = ("room", "speaker", "hours", "past")
# Corrections that decide when or where a session happens: only these can put it in the past.
PLACING = ("move", "retime", "add", "restore", "revert")


@dataclass(frozen=True)
class Clash:
    kind: str  # one of KINDS
    message: str
    sessions: tuple[str, ...]  # the corrected session first, then the ones it clashes with

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "message": self.message, "sessions": list(self.sessions)}


def clashes(
    before: Schedule, after: Schedule, session_id: str, kind: str, now: datetime | None
) -> list[Clash]:
    """Clashes of session `session_id` in `after` (the schedule with the correction applied)
    that `before` did not have. `kind` is the correction's kind; `now` None skips the past."""
    new = after.session(session_id)
    if new is None or new.status != "confirmed":
        return []  # a cancelled session clashes with nothing
    old = before.session(session_id)
    if old is not None and old.status != "confirmed":
        old = None  # restoring: everything it clashes with is new
    found = _overlaps(after, new, old)
    found += _hours(before, after, new, old)
    if now is not None and kind in PLACING and new.start < now and not _over(after, now):
        hhmm = _local(after, new.start).strftime("%a %H:%M")
        found.append(Clash("past", f"{new.title!r} would start at {hhmm}, which has passed", (new.id,)))
    return found


def _overlap(a: Session, b: Session) -> bool:
    return a.start < b.end and b.start < a.end


def _overlaps(after: Schedule, new: Session, old: Session | None) -> list[Clash]:
    out = []
    for other in after.sessions:
        if other.id == new.id or other.status != "confirmed" or not _overlap(new, other):
            continue
        at = f"{_local(after, other.start):%H:%M}–{_local(after, other.end):%H:%M}"
        if new.room is not None and new.room == other.room:
            if not (old is not None and old.room == other.room and _overlap(old, other)):
                room = after.room(new.room)
                name = room.name if room else new.room
                msg = f"{name} is double-booked: {new.title!r} and {other.title!r} ({at})"
                out.append(Clash("room", msg, (new.id, other.id)))
        shared = [s for s in new.speakers if s in other.speakers]
        if old is not None and _overlap(old, other):
            shared = [s for s in shared if s not in old.speakers]
        for speaker_id in shared:
            speaker = after.speaker(speaker_id)
            who = speaker.name if speaker else speaker_id
            msg = f"{who} would be in two places at once: {new.title!r} and {other.title!r} ({at})"
            out.append(Clash("speaker", msg, (new.id, other.id)))
    return out


def _hours(before: Schedule, after: Schedule, new: Session, old: Session | None) -> list[Clash]:
    problem = _outside(before, new)
    if problem is None or (old is not None and _outside(before, old) is not None):
        return []
    return [Clash("hours", f"{new.title!r} {problem}", (new.id,))]


def _outside(schedule: Schedule, session: Session) -> str | None:
    """Why `session` falls outside its day (the event's days; the first start and last end of the
    sessions that day in `schedule`, the one before the change), or None."""
    day = local_date(session.start, schedule.event.timezone)
    if schedule.event.days and day not in schedule.event.days:
        days = ", ".join(d.isoformat() for d in schedule.event.days)
        return f"would be on {day.isoformat()}, not one of the event's days ({days})"
    others = [
        s
        for s in schedule.sessions
        if s.status == "confirmed" and local_date(s.start, schedule.event.timezone) == day
    ]
    if not others:
        return None
    first, last = min(s.start for s in others), max(s.end for s in others)
    if session.start < first or session.end > last:
        span = f"{_local(schedule, first):%H:%M}–{_local(schedule, last):%H:%M}"
        return f"would run outside the day's hours ({span} on {day.isoformat()})"
    return None


def _over(schedule: Schedule, now: datetime) -> bool:
    """The event has ended: corrections then fix the record, and nothing is 'in the past' for them."""
    if not schedule.event.days:
        return False
    tz = zone(schedule.event.timezone)
    end = datetime.combine(max(schedule.event.days) + timedelta(days=1), time(0), tzinfo=tz)
    return now >= end


def _local(schedule: Schedule, value: datetime) -> datetime:
    return value.astimezone(zone(schedule.event.timezone))


class ClashError(Exception):
    """A correction refused for its consequences; publishing it anyway needs `force`."""

    def __init__(self, found: list[Clash]) -> None:
        super().__init__("; ".join(f"{c.kind} clash: {c.message}" for c in found))
        self.clashes = found


def consequences(
    schedule: Schedule, change: Change, now: datetime | None
) -> tuple[list[Clash], Session | None]:
    """(the clashes `change` brings to `schedule`, the session as it would be after it)."""
    if change.session is None:
        return [], None
    after = apply(schedule, [change])
    return clashes(schedule, after, change.session, change.kind, now), after.session(change.session)


def split_force(body: object) -> tuple[object, bool]:
    """(the request without `force`, whether it asks to publish despite clashes)."""
    if not isinstance(body, dict) or "force" not in body:
        return body, False
    force = body["force"]
    if not isinstance(force, bool):
        raise CorrectionError(f"force must be true or false, got {force!r}")
    return {k: v for k, v in body.items() if k != "force"}, force
