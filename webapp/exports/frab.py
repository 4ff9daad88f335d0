"""Export to the open frab formats: c3voc `schedule.json` here, frab/pentabarf `schedule.xml` in `frab_xml`.

Giggity, ConfClerk, EventFahrplan and the c3voc tools read these. Both are built from one
dict in the shape of `schedule.json`; the XML is that dict written out as elements.

What the formats cannot say travels in a `hallway` object inside `schedule.json` (the
schema leaves the schedule object open; see `frab_ext`). The source's guids, integer ids,
language, subtitle, links and day ranges go out as they came in. The XSD has no such
opening, so `schedule.xml` carries only what frab knows. In both, every event links to
its page here (`<base_url>/session/<id>`), which is how our importer gets a
session's id back from a Hallway export.

Cancelled sessions are left out, as frab and pretalx do: the apps show an event that
vanished from a new version of the schedule as cancelled.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from datetime import UTC, datetime, time, timedelta
from typing import Any

from ..domain.interchange import EXTENSION, GENERATOR, SESSION_PATH, slugify
from ..domain.model import Link, Room, Schedule, Session, Track
from ..domain.timeutil import zone
from .frab_ext import event_numbers, extension, guid

# The c3voc schema's own patterns; values that do not fit are left out rather than made up.
_ROOM_SLUG = re.compile(r"^[a-z0-9_-]+[a-z0-9]$")
_TRACK_SLUG = re.compile(r"^[a-z][a-z0-9-]+$")
_ZONE_NAME = re.compile(r"^([A-Z][a-z]+/[A-Z][a-z]+)|UTC$")
_HTTP = re.compile(r"^https?://")


# Both schemas' acronym patterns: the XSD allows hyphens anywhere, the c3voc JSON schema only
# first (or in a "-2026-camp" suffix).
_ACRONYM = re.compile(r"^[a-z0-9_-][a-z0-9_]{3,}(-2[0-9]{3}-[a-z]+)?$")


def acronym(event_id: str) -> str:
    """The event's one slug, written as the acronym of both exports and at the head of every
    event slug: the event id itself where both schemas accept it, else the id's letters and
    digits (readers take the acronym as a slug; an `_` is not in the form slugs take)."""
    slug = event_id.lower()
    if _ACRONYM.match(slug):
        return slug
    return re.sub(r"[^a-z0-9]+", "", slug).ljust(4, "0")


def to_schedule_json(schedule: Schedule, base_url: str, *, version: str | None = None) -> dict[str, Any]:
    base = base_url.rstrip("/")
    ev = schedule.event
    tz = zone(ev.timezone)
    sessions = sorted(
        (s for s in schedule.sessions if s.status != "cancelled"), key=lambda s: (s.start, s.id)
    )
    days = sorted(set(ev.days) | {ev.day_of(s.start) for s in sessions})
    if not days:
        raise ValueError("nothing to export: the schedule has no days and no sessions")
    numbers = event_numbers(sessions)
    rooms = {r.id: r.name for r in schedule.rooms}
    conference: dict[str, Any] = {
        "acronym": acronym(ev.id),
        "title": ev.name,
        "start": days[0].isoformat(),
        "end": days[-1].isoformat(),
        "daysCount": len(days),
        "timeslot_duration": "00:05",
        "rooms": [_room(schedule, r) for r in schedule.rooms],
        "tracks": [_track(t) for t in schedule.tracks],
        "days": [],
    }
    if _ZONE_NAME.match(ev.timezone):
        conference["time_zone_name"] = ev.timezone
    if ev.url and _HTTP.match(ev.url):
        conference["url"] = ev.url
    ranges = {d.date: d for d in ev.day_ranges}
    defaults = _defaults(schedule)
    for index, day in enumerate(days, start=1):
        todays = [s for s in sessions if ev.day_of(s.start) == day]
        by_room: dict[str, list[dict[str, Any]]] = {name: [] for name in rooms.values()}
        for s in todays:
            item = _event(schedule, s, numbers[s.id], base, defaults)
            by_room.setdefault(item["room"], []).append(item)
        midnight = datetime.combine(day, time(0), tz)
        # The source's day ranges as they were (they never overlap); else the day's sessions.
        start = ranges[day].start if day in ranges else min([s.start for s in todays], default=midnight)
        end = (
            ranges[day].end
            if day in ranges
            else max([s.end for s in todays], default=midnight + timedelta(days=1))
        )
        conference["days"].append(
            {
                "index": index,
                "date": day.isoformat(),
                "day_start": start.astimezone(tz).isoformat(),
                "day_end": end.astimezone(tz).isoformat(),
                "rooms": by_room,
            }
        )
    body = {
        "version": "",
        "base_url": base + "/",
        "conference": conference,
        EXTENSION: extension(schedule, sessions),
    }
    body["version"] = version or hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:12]
    return {
        "$schema": "https://c3voc.de/schedule/schema.json",
        "generator": {"name": GENERATOR},
        "schedule": body,
    }


def _room(schedule: Schedule, room: Room) -> dict[str, Any]:
    made = guid(schedule.event.id, "room", room.id)
    return {"name": room.name, "guid": room.guid or made, **_slug(_ROOM_SLUG, room.id)}


def _defaults(schedule: Schedule) -> dict[str, str]:
    """What an event says where a session says nothing: readers make up a "default" type or
    track per talk for an empty one, and pretalx's reader stops at an event without a language."""
    kinds = Counter(s.kind for s in schedule.sessions if s.kind)
    return {
        "type": kinds.most_common(1)[0][0] if kinds else "Talk",
        "language": schedule.event.language or "und",  # ISO 639: undetermined
    }


def _track(t: Track) -> dict[str, str]:
    # pretalx writes a track's colour the same way: other apps (and our import) read it back.
    return {"name": t.name, **_slug(_TRACK_SLUG, t.id), **({"color": t.color} if t.color else {})}


def _slug(pattern: re.Pattern[str], value: str) -> dict[str, str]:
    return {"slug": value} if pattern.match(value) else {}


def _event(
    schedule: Schedule, s: Session, number: int, base: str, defaults: dict[str, str]
) -> dict[str, Any]:
    ev = schedule.event
    start = s.start.astimezone(zone(ev.timezone))
    # Subtracting in UTC: two times in one zone subtract as wall clocks, wrong across DST.
    minutes = int((s.end.astimezone(UTC) - s.start.astimezone(UTC)).total_seconds() // 60)
    room = schedule.room(s.room) if s.room else None
    track = schedule.track(s.track) if s.track else None
    title_slug = slugify(s.title)[:60].strip("-") or "session"
    return {
        "guid": s.guid or guid(ev.id, "session", s.id),
        "id": number,
        "date": start.isoformat(),
        "start": start.strftime("%H:%M"),
        "end": s.end.astimezone(start.tzinfo).isoformat(),
        "duration": f"{minutes // 60:02d}:{minutes % 60:02d}",
        "room": room.name if room else "",
        "slug": f"{acronym(ev.id)}-{number}-{title_slug}",
        "url": f"{base}{SESSION_PATH}{s.id}",
        "title": s.title,
        "subtitle": s.subtitle or "",
        "track": track.name if track else None,
        "type": s.kind or defaults["type"],
        "language": s.language or defaults["language"],
        "abstract": s.description[0] if s.description else "",
        "description": "\n\n".join(s.description[1:]),
        "persons": [_person(schedule, pid) for pid in s.speakers],
        "links": [_ref(x) for x in s.links if x.kind == "link"],
        "attachments": [_ref(x) for x in s.links if x.kind == "attachment"],
    }


def _ref(link: Link) -> dict[str, str]:
    return {"url": link.url, "title": link.title or link.url}


def _person(schedule: Schedule, speaker_id: str) -> dict[str, Any]:
    sp = schedule.speaker(speaker_id)
    name = sp.name if sp else speaker_id
    person: dict[str, Any] = {
        "name": name,
        "public_name": name,  # deprecated by the schema, but what frab-JSON readers (pyfahrplan) read
        "guid": (sp.guid if sp else None) or guid(schedule.event.id, "speaker", speaker_id),
    }
    if sp and sp.bio:
        person["biography"] = sp.bio
    return person
