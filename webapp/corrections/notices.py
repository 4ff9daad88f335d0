"""Room status and announcements: what is current, from the corrections that set them.

A room status (open, full, closed) lasts until the end of the day it was set on, in the event's
zone; an announcement until a revert withdraws it. `now` is a parameter, never read here.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, time, timedelta
from typing import Any

from ..domain.timeutil import to_iso, zone
from .apply import Correction

ROOM_STATUSES = ("open", "full", "closed")
NOTICE_KINDS = ("room_status", "announce")


def until(set_at: datetime, tz: str) -> datetime:
    """When a room status set at `set_at` clears: the next midnight in the event's zone."""
    local = set_at.astimezone(zone(tz))
    return datetime.combine(local.date() + timedelta(days=1), time(0), tzinfo=local.tzinfo)


def notices(corrections: Iterable[Correction], tz: str, now: datetime) -> dict[str, Any]:
    """{"rooms": {room id: status}, "announcements": [...]} as they stand at `now`.

    A room's newest status that is neither withdrawn nor expired wins; "open" is the default
    and is left out."""
    listed = list(corrections)
    withdrawn = {c.change.reverts for c in listed if c.change.kind == "revert" and c.change.session is None}
    rooms: dict[str, dict[str, Any]] = {}
    announcements = []
    for c in listed:
        if c.version in withdrawn or c.change.kind not in NOTICE_KINDS:
            continue
        after = c.change.after
        if c.change.kind == "room_status":
            ends = until(c.time, tz)
            if now < ends:
                rooms[after["room"]] = {
                    "status": after["status"],
                    "note": c.change.note,
                    "version": c.version,
                    "until": to_iso(ends),
                }
        else:
            announcements.append(
                {
                    "version": c.version,
                    "text": after["text"],
                    "session": after.get("session"),
                    "room": after.get("room"),
                    "time": to_iso(c.time),
                }
            )
    open_rooms = [room for room, status in rooms.items() if status["status"] == "open"]
    for room in open_rooms:
        del rooms[room]
    return {"rooms": rooms, "announcements": announcements}
