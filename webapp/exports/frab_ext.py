"""What the frab formats have no field for, and the ids they need that a session may lack.

`schedule.json` carries Hallway's own extension (`hallway`): the event id, venue and city,
each session's level, slides and kind, each speaker's id, role and company, and which guids,
integer ids and languages came from a source (the exports make up the others, and an import of
our own export must not take a made-up guid for the source's).
"""

from __future__ import annotations

import hashlib
import uuid
from typing import Any

from ..domain.model import Schedule, Session


def guid(*parts: str) -> str:
    """A UUID that is the same every time for the same parts (frab wants one per event)."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "hallway:" + "/".join(parts)))


def event_numbers(sessions: list[Session]) -> dict[str, int]:
    """frab's integer ids: the source's where it gave one, else stable per session id; unique."""
    numbers: dict[str, int] = {}
    for s in sessions:
        if s.number is not None and s.number not in numbers.values():
            numbers[s.id] = s.number
    taken = set(numbers.values())
    for s in sorted(sessions, key=lambda s: s.id):
        if s.id in numbers:
            continue
        n = int.from_bytes(hashlib.sha256(s.id.encode()).digest()[:4], "big") % 900_000_000 + 1
        while n in taken:
            n += 1
        taken.add(n)
        numbers[s.id] = n
    return numbers


def extension(schedule: Schedule, sessions: list[Session]) -> dict[str, Any]:
    ev = schedule.event
    # Which guids, ids and languages are the source's (the rest are made up for the formats).
    return {
        "event": {
            "id": ev.id,
            "venue": ev.venue,
            "city": ev.city,
            "language": ev.language,
            "day_ranges": bool(ev.day_ranges),
        },
        "rooms": {r.name: r.guid for r in schedule.rooms if r.guid},
        "sessions": {
            (s.guid or guid(ev.id, "session", s.id)): {
                "level": s.level,
                "slides": s.slides,
                "kind": s.kind,
                "guid": s.guid,
                "number": s.number,
                "language": s.language,
                "url": s.url,
            }
            for s in sessions
        },
        "speakers": {
            (p.guid or guid(ev.id, "speaker", p.id)): {
                "id": p.id,
                "role": p.role,
                "company": p.company,
                "bio_truncated": p.bio_truncated,
                "guid": p.guid,
            }
            for p in schedule.speakers
        },
    }
