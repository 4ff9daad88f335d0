"""Schedule <-> plain JSON-ready dicts.

One shape serves the stored file (`data/schedule.json`, with provenance) and the API
(`/api/v1/schedule.json`, without it); `schemas/schedule.schema.json` writes it down.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from .colors import hex_color
from .model import DayRange, Event, Link, Room, Schedule, Session, Speaker, Track
from .text import clean_schedule
from .timeutil import parse_iso, to_iso, zone


class ScheduleFormatError(ValueError):
    """A stored or received schedule document that is not of our shape."""


def schedule_to_dict(schedule: Schedule, *, provenance: bool = False) -> dict[str, Any]:
    ev = schedule.event
    return {
        "event": {
            "id": ev.id,
            "name": ev.name,
            "timezone": ev.timezone,
            "days": [d.isoformat() for d in ev.days],
            "venue": ev.venue,
            "city": ev.city,
            "url": ev.url,
            **_given(
                day_ranges=[
                    {"date": d.date.isoformat(), "start": to_iso(d.start), "end": to_iso(d.end)}
                    for d in ev.day_ranges
                ],
                language=ev.language,
            ),
        },
        "rooms": [{"id": r.id, "name": r.name, **_given(guid=r.guid)} for r in schedule.rooms],
        "tracks": [{"id": t.id, "name": t.name, **_given(color=t.color)} for t in schedule.tracks],
        "speakers": [
            {
                "id": s.id,
                "name": s.name,
                "role": s.role,
                "company": s.company,
                "bio": s.bio,
                "bio_truncated": s.bio_truncated,
                **_given(guid=s.guid),
            }
            for s in schedule.speakers
        ],
        "sessions": [session_to_dict(s, provenance=provenance) for s in schedule.sessions],
    }


def session_to_dict(s: Session, *, provenance: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": s.id,
        "title": s.title,
        "kind": s.kind,
        "start": to_iso(s.start),
        "end": to_iso(s.end),
        "room": s.room,
        "track": s.track,
        "level": s.level,
        "slides": s.slides,
        "description": list(s.description),
        "speakers": list(s.speakers),
        "status": s.status,
        **_given(
            guid=s.guid,
            number=s.number,
            language=s.language,
            subtitle=s.subtitle,
            links=[{"url": x.url, "title": x.title, "kind": x.kind} for x in s.links],
            url=s.url,
        ),
    }
    if provenance:
        out["sources"] = {k: list(v) for k, v in sorted(s.sources.items())}
    return out


def _given(**fields: Any) -> dict[str, Any]:
    """Fields added after the first release are written only when known: older files and
    payloads stay as they were, and a phone downloads nothing for what no source said."""
    return {k: v for k, v in fields.items() if v not in (None, [])}


def schedule_from_dict(doc: Any) -> Schedule:
    """Rebuild a Schedule, refusing anything malformed with a message that says where."""
    try:
        ev = doc["event"]
        event = Event(
            id=_id(ev["id"]),
            name=_str(ev["name"]),
            timezone=_zone(ev["timezone"]),
            days=tuple(date.fromisoformat(d) for d in ev.get("days", [])),
            venue=_opt(ev.get("venue")),
            city=_opt(ev.get("city")),
            url=_opt(ev.get("url")),
            day_ranges=tuple(
                DayRange(date.fromisoformat(d["date"]), parse_iso(d["start"]), parse_iso(d["end"]))
                for d in ev.get("day_ranges", [])
            ),
            language=_opt(ev.get("language")),
        )
        rooms = tuple(
            Room(id=_id(r["id"]), name=_str(r["name"]), guid=_opt(r.get("guid")))
            for r in doc.get("rooms", [])
        )
        # A colour that is not one is dropped, not fatal: the app makes one of its own.
        tracks = tuple(
            Track(id=_id(t["id"]), name=_str(t["name"]), color=hex_color(t.get("color")))
            for t in doc.get("tracks", [])
        )
        speakers = tuple(
            Speaker(
                id=_id(p["id"]),
                name=_str(p["name"]),
                role=_opt(p.get("role")),
                company=_opt(p.get("company")),
                bio=_opt(p.get("bio")),
                bio_truncated=bool(p.get("bio_truncated", False)),
                guid=_opt(p.get("guid")),
            )
            for p in doc.get("speakers", [])
        )
        sessions = tuple(session_from_dict(s) for s in doc.get("sessions", []))
        schedule = Schedule(event=event, rooms=rooms, tracks=tracks, speakers=speakers, sessions=sessions)
    except ScheduleFormatError:
        raise
    except KeyError as exc:
        raise ScheduleFormatError(f"not a Hallway schedule: no {exc.args[0]!r} field") from exc
    except (TypeError, ValueError, AttributeError) as exc:
        raise ScheduleFormatError(f"malformed schedule document: {exc!r}") from exc
    # A file written before texts were cleaned, or edited by hand, is cleaned as it is read.
    return clean_schedule(schedule)


def session_from_dict(s: Any) -> Session:
    try:
        return Session(
            id=_id(s["id"]),
            title=_str(s["title"]),
            kind=_opt(s.get("kind")),
            start=parse_iso(s["start"]),
            end=parse_iso(s["end"]),
            room=_opt_id(s.get("room")),
            track=_opt_id(s.get("track")),
            level=_opt(s.get("level")),
            slides=_opt_bool(s.get("slides")),
            description=tuple(_str(p) for p in s.get("description", [])),
            speakers=tuple(_id(p) for p in s.get("speakers", [])),
            status=s.get("status", "confirmed"),
            guid=_opt(s.get("guid")),
            number=_opt_int(s.get("number")),
            language=_opt(s.get("language")),
            subtitle=_opt(s.get("subtitle")),
            links=tuple(
                Link(url=_str(x["url"]), title=_opt(x.get("title")), kind=_str(x.get("kind", "link")))
                for x in s.get("links", [])
            ),
            url=_opt(s.get("url")),
            sources={k: tuple(v) for k, v in s.get("sources", {}).items()},
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        where = s.get("id") if isinstance(s, dict) else None
        raise ScheduleFormatError(f"malformed session {where!r}: {exc}") from exc


def _str(value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError(f"expected a non-empty string, got {value!r}")
    return value


# Ids go into URLs, file names, calendar UIDs and QR codes: the pattern of
# schemas/schedule.schema.json, checked on the way in.
ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def _id(value: Any) -> str:
    if not isinstance(value, str) or not ID.fullmatch(value):
        raise ValueError(f"expected an id (1-64 letters, digits, '-' or '_'), got {value!r}")
    return value


def _opt_id(value: Any) -> str | None:
    return None if value is None else _id(value)


# Exporters (calendars, frab XML, door signs) take every optional field as text or nothing:
# a number or a list in a hand-edited file is refused here, not found as a 500 later.
def _opt(value: Any) -> str | None:
    if value is not None and not isinstance(value, str):
        raise ValueError(f"expected a string or null, got {value!r}")
    return value


def _opt_int(value: Any) -> int | None:
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise ValueError(f"expected an integer or null, got {value!r}")
    return value


def _opt_bool(value: Any) -> bool | None:
    if value is not None and not isinstance(value, bool):
        raise ValueError(f"expected true, false or null, got {value!r}")
    return value


def _zone(value: Any) -> str:
    zone(_str(value))  # an unknown zone would break every export that converts times
    return value
