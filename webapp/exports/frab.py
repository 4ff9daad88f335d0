"""Export to the open frab formats: c3voc `schedule.json` here, frab/pentabarf `schedule.xml` in `frab_xml`.

Giggity, ConfClerk, EventFahrplan and the c3voc tools read these. Both are built from one
dict in the shape of `schedule.json`; the XML is that dict written out as elements.

What the formats cannot say travels in a `hallway` object inside `schedule.json` (the
schema leaves the schedule object open): the event id, venue and city, each session's
level and slides, each speaker's id, role, company and whether the bio was cut. The XSD
has no such opening, so `schedule.xml` carries only what frab knows. In both, every event
links to its page here (`<base_url>/session/<id>`), which is how our importer gets a
session's id back from a Hallway export.

Cancelled sessions are left out, as frab and pretalx do: the apps show an event that
vanished from a new version of the schedule as cancelled.
"""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from datetime import UTC, datetime, time, timedelta
from typing import Any

from ..domain.interchange import EXTENSION, GENERATOR, SESSION_PATH, slugify
from ..domain.model import Schedule, Session
from ..domain.timeutil import local_date, zone

# The c3voc schema's own patterns; values that do not fit are left out rather than made up.
_ROOM_SLUG = re.compile(r"^[a-z0-9_-]+[a-z0-9]$")
_TRACK_SLUG = re.compile(r"^[a-z][a-z0-9-]+$")
_ZONE_NAME = re.compile(r"^([A-Z][a-z]+/[A-Z][a-z]+)|UTC$")
_HTTP = re.compile(r"^https?://")


def guid(*parts: str) -> str:
    """A UUID that is the same every time for the same parts (frab wants one per event)."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "hallway:" + "/".join(parts)))


def acronym(event_id: str) -> str:
    """The event id in the alphabet both schemas accept (no hyphen, at least four chars)."""
    return re.sub(r"[^a-z0-9_]+", "_", event_id.lower()).strip("_").ljust(4, "_")


def to_schedule_json(schedule: Schedule, base_url: str, *, version: str | None = None) -> dict[str, Any]:
    base = base_url.rstrip("/")
    ev = schedule.event
    tz = zone(ev.timezone)
    sessions = sorted(
        (s for s in schedule.sessions if s.status != "cancelled"), key=lambda s: (s.start, s.id)
    )
    days = sorted(set(ev.days) | {local_date(s.start, ev.timezone) for s in sessions})
    if not days:
        raise ValueError("nothing to export: the schedule has no days and no sessions")
    numbers = _event_numbers(sessions)
    rooms = {r.id: r.name for r in schedule.rooms}
    conference: dict[str, Any] = {
        "acronym": acronym(ev.id),
        "title": ev.name,
        "start": days[0].isoformat(),
        "end": days[-1].isoformat(),
        "daysCount": len(days),
        "timeslot_duration": "00:05",
        "rooms": [_room(schedule, r.id, r.name) for r in schedule.rooms],
        "tracks": [{"name": t.name, **_slug(_TRACK_SLUG, t.id)} for t in schedule.tracks],
        "days": [],
    }
    if _ZONE_NAME.match(ev.timezone):
        conference["time_zone_name"] = ev.timezone
    if ev.url and _HTTP.match(ev.url):
        conference["url"] = ev.url
    for index, day in enumerate(days, start=1):
        todays = [s for s in sessions if local_date(s.start, ev.timezone) == day]
        by_room: dict[str, list[dict[str, Any]]] = {name: [] for name in rooms.values()}
        for s in todays:
            item = _event(schedule, s, numbers[s.id], base)
            by_room.setdefault(item["room"], []).append(item)
        midnight = datetime.combine(day, time(0), tz)
        conference["days"].append(
            {
                "index": index,
                "date": day.isoformat(),
                "day_start": min([s.start for s in todays], default=midnight).astimezone(tz).isoformat(),
                "day_end": max([s.end for s in todays], default=midnight + timedelta(days=1))
                .astimezone(tz)
                .isoformat(),
                "rooms": by_room,
            }
        )
    body = {
        "version": "",
        "base_url": base + "/",
        "conference": conference,
        EXTENSION: _extension(schedule, sessions),
    }
    body["version"] = version or hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:12]
    return {
        "$schema": "https://c3voc.de/schedule/schema.json",
        "generator": {"name": GENERATOR},
        "schedule": body,
    }


def _room(schedule: Schedule, room_id: str, name: str) -> dict[str, Any]:
    return {"name": name, "guid": guid(schedule.event.id, "room", room_id), **_slug(_ROOM_SLUG, room_id)}


def _slug(pattern: re.Pattern[str], value: str) -> dict[str, str]:
    return {"slug": value} if pattern.match(value) else {}


def _event_numbers(sessions: list[Session]) -> dict[str, int]:
    """frab's integer ids: stable per session id, unique within the export."""
    taken: set[int] = set()
    numbers: dict[str, int] = {}
    for s in sorted(sessions, key=lambda s: s.id):
        n = int.from_bytes(hashlib.sha256(s.id.encode()).digest()[:4], "big") % 900_000_000 + 1
        while n in taken:
            n += 1
        taken.add(n)
        numbers[s.id] = n
    return numbers


def _event(schedule: Schedule, s: Session, number: int, base: str) -> dict[str, Any]:
    ev = schedule.event
    start = s.start.astimezone(zone(ev.timezone))
    # Subtracting in UTC: two times in one zone subtract as wall clocks, wrong across DST.
    minutes = int((s.end.astimezone(UTC) - s.start.astimezone(UTC)).total_seconds() // 60)
    room = schedule.room(s.room) if s.room else None
    track = schedule.track(s.track) if s.track else None
    title_slug = slugify(s.title)[:60].strip("-") or "session"
    return {
        "guid": guid(ev.id, "session", s.id),
        "id": number,
        "date": start.isoformat(),
        "start": start.strftime("%H:%M"),
        "end": s.end.astimezone(start.tzinfo).isoformat(),
        "duration": f"{minutes // 60:02d}:{minutes % 60:02d}",
        "room": room.name if room else "",
        "slug": f"{acronym(ev.id)}-{number}-{title_slug}",
        "url": f"{base}{SESSION_PATH}{s.id}",
        "title": s.title,
        "subtitle": "",
        "track": track.name if track else None,
        "type": s.kind or "",
        "language": None,
        "abstract": s.description[0] if s.description else "",
        "description": "\n\n".join(s.description[1:]),
        "persons": [_person(schedule, pid) for pid in s.speakers],
        "links": [],
    }


def _person(schedule: Schedule, speaker_id: str) -> dict[str, Any]:
    sp = schedule.speaker(speaker_id)
    person: dict[str, Any] = {
        "name": sp.name if sp else speaker_id,
        "guid": guid(schedule.event.id, "speaker", speaker_id),
    }
    if sp and sp.bio:
        person["biography"] = sp.bio
    return person


def _extension(schedule: Schedule, sessions: list[Session]) -> dict[str, Any]:
    ev = schedule.event
    return {
        "event": {"id": ev.id, "venue": ev.venue, "city": ev.city},
        "sessions": {guid(ev.id, "session", s.id): {"level": s.level, "slides": s.slides} for s in sessions},
        "speakers": {
            guid(ev.id, "speaker", p.id): {
                "id": p.id,
                "role": p.role,
                "company": p.company,
                "bio_truncated": p.bio_truncated,
            }
            for p in schedule.speakers
        },
    }
