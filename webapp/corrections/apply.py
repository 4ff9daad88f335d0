"""Schedule corrections, the pure part: check one against a schedule, apply a list, describe one.

A correction names one session and the fields it changes, before and after, in the names
and shapes of /api/v1/schedule.json; `schemas/correction.schema.json` writes it down.
Storage and HTTP live elsewhere (`corrections_store`, `views/api`).
"""

from __future__ import annotations

import secrets
import string
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from ..domain.model import Schedule, Session
from ..domain.serialize import session_from_dict, session_to_dict
from ..domain.text import clean_record
from ..domain.timeutil import parse_iso, to_iso
from .describe import describe
from .fields import CorrectionError, parse_request

__all__ = ["Change", "Correction", "CorrectionError", "apply", "describe", "new_session_id", "prepare"]

ID_ALPHABET = string.ascii_lowercase + string.digits
NEAR_EVENT = timedelta(days=366)  # how far from the event's days a correction may move a session


@dataclass(frozen=True)
class Change:
    kind: str
    session: str | None  # None for room_status and announce (and their reverts): no session changes
    before: dict[str, Any]
    after: dict[str, Any]
    note: str | None = None
    reverts: int | None = None


@dataclass(frozen=True)
class Correction:
    """A change as stored: with the version it produced and when it was published."""

    version: int
    time: datetime
    change: Change
    by: str | None = None  # the organizer who published it (None: stored before names existed)

    def to_dict(self) -> dict[str, Any]:
        c = self.change
        return {
            "version": self.version,
            "time": to_iso(self.time),
            "kind": c.kind,
            "session": c.session,
            "before": c.before,
            "after": c.after,
            "note": c.note,
            "reverts": c.reverts,
            "by": self.by,
        }


def new_session_id(taken: set[str], choice: Callable[[str], str] = secrets.choice) -> str:
    """A short URL-safe id no session has; stored with the correction, so it never changes."""
    for _ in range(1000):
        candidate = "".join(choice(ID_ALPHABET) for _ in range(6))
        if candidate not in taken:
            return candidate
    raise CorrectionError("could not find a free session id")


def prepare(
    schedule: Schedule,
    body: Any,
    *,
    new_id: Callable[[set[str]], str] = new_session_id,
    lookup: Callable[[int], Correction] | None = None,
    reverted_by: Callable[[int], int | None] | None = None,
) -> Change:
    """The change `body` asks for, checked against `schedule`; CorrectionError says what is wrong.

    `lookup(version)` returns the stored correction a revert undoes (or raises CorrectionError);
    `reverted_by(version)` the newest version that reverted it, to name it when there is nothing
    left to undo.
    """
    kind, fields, note = parse_request(body)
    if kind in ("room_status", "announce"):
        check_references(schedule, fields)
        if fields.get("session") is not None and schedule.session(fields["session"]) is None:
            raise CorrectionError(f"unknown session {fields['session']!r}")
        return Change(kind, None, {}, fields, note)
    if kind == "revert":
        if lookup is None:
            raise CorrectionError("revert is not available here")
        original = lookup(fields["reverts"])
        undone = reverted_by(original.version) if reverted_by else None
        if undone is not None and original.change.session is None:
            raise CorrectionError(f"version {original.version} was already withdrawn by version {undone}")
        try:
            return _revert(schedule, original, note)
        except CorrectionError:
            if undone is None:
                raise
            message = f"version {original.version} was already reverted by version {undone}"
            raise CorrectionError(message) from None
    if kind == "add":
        fields["id"] = new_id({s.id for s in schedule.sessions})
        check_references(schedule, fields)
        try:
            added = session_from_dict(fields)
        except ValueError as exc:
            raise CorrectionError(str(exc)) from None
        return Change(kind, added.id, {}, session_to_dict(added), note)
    session_id = fields.pop("session")
    current = schedule.session(session_id)
    if current is None:
        raise CorrectionError(f"unknown session {session_id!r}")
    if kind == "retime" and "end" not in fields:
        # A new start alone moves the whole session: a 10-minute talk stays 10 minutes long.
        fields["end"] = to_iso(parse_iso(fields["start"]) + (current.end - current.start))
    if kind == "cancel":
        fields = {"status": "cancelled"}
    elif kind == "restore":
        fields = {"status": "confirmed"}
    check_references(schedule, fields)
    return _change(kind, current, fields, note)


def _change(kind: str, current: Session, fields: dict[str, Any], note: str | None, **extra: Any) -> Change:
    now = session_to_dict(current)
    after = {k: v for k, v in fields.items() if now[k] != v}
    if not after:
        if kind in ("cancel", "restore"):
            raise CorrectionError(f"session {current.id!r} is already {fields['status']}")
        raise CorrectionError(f"changes nothing: session {current.id!r} already has those values")
    start, end = after.get("start", now["start"]), after.get("end", now["end"])
    if parse_iso(end) < parse_iso(start):
        raise CorrectionError(f"end {end} would be before start {start}")
    with_fields(current, after)
    return Change(kind, current.id, {k: now[k] for k in after}, after, note, **extra)


def _revert(schedule: Schedule, original: Correction, note: str | None) -> Change:
    old = original.change
    if old.session is None:
        if old.kind == "revert":
            raise CorrectionError(f"version {original.version} withdrew a notice; publish it again instead")
        # Withdraws a room status or an announcement; `before` keeps what is withdrawn.
        return Change("revert", None, dict(old.after), {}, note, reverts=original.version)
    current = schedule.session(old.session)
    if current is None:
        raise CorrectionError(f"session {old.session!r} of version {original.version} is not in the schedule")
    target = {"status": "cancelled"} if old.kind == "add" else old.before
    check_references(schedule, target)
    return _change("revert", current, target, note, reverts=original.version)


def check_references(schedule: Schedule, fields: dict[str, Any]) -> None:
    room, track = fields.get("room"), fields.get("track")
    if room is not None and schedule.room(room) is None:
        known = ", ".join(r.id for r in schedule.rooms)
        raise CorrectionError(f"unknown room {room!r} (rooms: {known})")
    if track is not None and schedule.track(track) is None:
        raise CorrectionError(f"unknown track {track!r} (tracks: {', '.join(t.id for t in schedule.tracks)})")
    for speaker in fields.get("speakers", ()):
        if schedule.speaker(speaker) is None:
            raise CorrectionError(f"unknown speaker {speaker!r}")
    start, end = fields.get("start"), fields.get("end")
    if start is not None and end is not None and parse_iso(end) < parse_iso(start):
        raise CorrectionError(f"end {end} is before start {start}")
    days = sorted(schedule.event.days)
    for name in ("start", "end"):
        value = fields.get(name)
        # A year off by a typo (0026, 2062) is stored fine but wrong on every phone.
        if (
            value is not None
            and days
            and not (days[0] - NEAR_EVENT <= parse_iso(value).date() <= days[-1] + NEAR_EVENT)
        ):
            raise CorrectionError(
                f"{name} {value} is more than {NEAR_EVENT.days} days from the event "
                f"({days[0].isoformat()} to {days[-1].isoformat()})"
            )


def with_fields(session: Session, after: dict[str, Any]) -> Session:
    """`session` with the fields of `after` (schedule.json shapes) set; provenance kept."""
    values: dict[str, Any] = dict(after)
    for key in ("start", "end"):
        if key in values:
            values[key] = parse_iso(values[key])
    for key in ("description", "speakers"):
        if key in values:
            values[key] = tuple(values[key])
    try:
        return replace(session, **values)
    except ValueError as exc:
        raise CorrectionError(str(exc)) from None


def apply(schedule: Schedule, changes: Iterable[Change]) -> Schedule:
    """`schedule` with `changes` applied in order (the client applies the feed the same way)."""
    sessions = list(schedule.sessions)
    index = {s.id: i for i, s in enumerate(sessions)}
    for change in changes:
        if change.session is None:
            continue  # a room status or an announcement: see notices.py
        i = index.get(change.session)
        if change.kind == "add" and i is None:
            index[change.session] = len(sessions)
            sessions.append(clean_record(session_from_dict(change.after)))
        elif i is None:
            raise CorrectionError(f"correction for unknown session {change.session!r}")
        else:
            # Corrections stored before texts were cleaned are cleaned as they are applied.
            sessions[i] = clean_record(with_fields(sessions[i], change.after))
    return schedule.with_sessions(tuple(sessions))
