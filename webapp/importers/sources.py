"""Which format a source is in, told by its content (never by its file name), and the
parser for it. frab schedules arrive complete and are turned into pages so that they merge
and keep their ids like any other source."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable

from ..domain import jsontext
from ..domain.model import Schedule
from . import sched_api, sched_html, sched_text
from .raw import RawPage, RawSession, RawSpeaker, SourceError

FORMATS = "Sched page text or HTML, Sched API JSON, frab schedule.json or schedule.xml"


def parse_source(data: bytes, source: str) -> RawPage:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SourceError(source, f"not UTF-8 text (byte {exc.start})") from exc
    if "\x00" in text:
        raise SourceError(source, "binary data, not a schedule")
    stripped = text.strip()
    if not stripped:
        raise SourceError(source, "the file is empty")
    if stripped[0] in "[{":
        return _json(text, source)
    if stripped.startswith("<"):
        head = stripped[:4000].lower()
        if "<schedule" in head and "<html" not in head:
            return _frab("frab_xml", text, source)
        if sched_html.looks_like(stripped):
            return sched_html.parse(text, source)
    elif sched_text.looks_like(text):
        return sched_text.parse(text, source)
    raise SourceError(source, f"not a schedule this importer reads ({FORMATS})")


def _json(text: str, source: str) -> RawPage:
    try:
        doc = jsontext.loads(text)
    except json.JSONDecodeError as exc:
        raise SourceError(
            source, f"not valid JSON ({exc.msg}, column {exc.colno}): truncated?", exc.lineno
        ) from exc
    if sched_api.looks_like(doc):
        return sched_api.parse(text, source)
    if isinstance(doc, dict) and "schedule" in doc:
        return _frab("frab_json", text, source)
    raise SourceError(source, f"JSON of an unknown shape, expected one of: {FORMATS}")


def _frab(module: str, text: str, source: str) -> RawPage:
    try:
        parser: Callable[[str, str], Schedule] = importlib.import_module(f"{__package__}.{module}").parse
    except ModuleNotFoundError as exc:
        raise SourceError(source, f"this version cannot read frab files yet ({module} is missing)") from exc
    try:
        schedule = parser(text, source)
    except ValueError as exc:
        if str(exc).startswith(source):  # already says which file (and line)
            raise
        raise SourceError(source, f"not a valid frab schedule: {exc}") from exc
    except (KeyError, TypeError) as exc:
        raise SourceError(source, f"not a valid frab schedule: {exc}") from exc
    return schedule_page(schedule, source)


def schedule_page(schedule: Schedule, source: str) -> RawPage:
    """A complete schedule as a page, so it merges like the others; its ids are proposals."""
    ev = schedule.event
    page = RawPage(source=source, kind="schedule", event_name=ev.name, city=ev.city, venue=ev.venue)
    page.timezone = ev.timezone
    rooms = {r.id: r.name for r in schedule.rooms}
    tracks = {t.id: t.name for t in schedule.tracks}
    for s in schedule.sessions:
        speakers = [schedule.speaker(pid) for pid in s.speakers]
        page.sessions.append(
            RawSession(
                source=source,
                title=s.title,
                start=s.start,
                end=s.end,
                kind=s.kind,
                room=rooms.get(s.room or ""),
                track=tracks.get(s.track or ""),
                level=s.level,
                slides=s.slides,
                description=s.description,
                speakers=[
                    RawSpeaker(p.name, p.role, p.company, p.bio, p.bio_truncated)
                    for p in speakers
                    if p is not None
                ],
                proposed_id=s.id,
            )
        )
    return page
