"""Indico's timetable export (`export/timetable/<id>.json`): event id -> day ("YYYYMMDD") ->
entry id -> entry. An entry is a contribution, a break, or a session block
(`entryType: Session`) whose own `entries` hold its contributions and breaks.

A block is a frame, not a session: its contributions are the sessions, with the block's title
(its session's) as their track; a block with nothing in it is a session of its own. A block that
runs past midnight is listed under both days, once each. The export names neither the event
nor its timezone: those come from another source (the event export) or the command line;
without either, the zone the times are written in stands in for the venue's, with a warning.
Days with nothing in them (`{}`) add nothing: the event's days are the days its sessions are on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from ..domain.colors import hex_color
from . import indico_fields as f
from .indico_links import links, page
from .problems import Problem
from .raw import RawPage, RawSession, SourceError

UNKNOWN = "entry of an unknown type"


def read(results: dict[str, Any], source: str) -> RawPage:
    if len(results) != 1:
        what = "no event" if not results else f"{len(results)} events"
        raise SourceError(source, f"an Indico timetable of {what}: export one event's timetable")
    event_id, days = next(iter(results.items()))
    if not isinstance(days, dict):
        raise SourceError(source, f"timetable of event {event_id}: not an object of days")
    aside: list[Problem] = []
    entries = list(_entries(days, source, aside))
    venue = f.main_venue([e for _, e, _ in entries])
    page = RawPage(source=source, kind="schedule", venue=venue, problems=aside)
    seen: set[str] = set()
    reason: f.EntryError | None = None  # the first entry set aside, said if none is read
    for key, entry, block in entries:
        if key in seen:  # a block past midnight, listed under both its days
            continue
        seen.add(key)
        # A session block is a track here, and Indico gives each block the colour it draws it in.
        color = hex_color(entry.get("color")) if entry.get("entryType") == "Session" else None
        if color and f.text(entry.get("title")):
            page.track_colors.setdefault(f.text(entry.get("title")), color)
        try:
            session = _session(key, entry, block, str(event_id), venue, source, aside)
        except f.EntryError as exc:
            aside.append(f.set_aside(exc, entry))
            reason = reason or exc
            continue
        if session is not None:
            page.sessions.append(session)
    if not page.sessions and reason:
        raise SourceError(
            source,
            f"no entry of the timetable can be read: {len(aside)} set aside, the first: {reason.detail}",
        )
    if not page.sessions:
        raise SourceError(source, f"the timetable of event {event_id} has nothing in it (not published?)")
    zones = Counter(getattr(s.start.tzinfo, "key", None) for s in page.sessions if s.start)
    zones.pop(None, None)
    page.fallback_timezone = zones.most_common(1)[0][0] if zones else None
    return page


def _entries(
    days: dict[str, Any], source: str, aside: list[Problem]
) -> Iterator[tuple[str, dict[str, Any], dict[str, Any] | None]]:
    """(entry id, entry, its block or None) for every entry, blocks' contents after each block;
    a day, entry or block's contents that is not an object is set aside (a `Problem` in `aside`)."""
    for day, items in sorted(days.items()):
        if not isinstance(items, dict):
            aside.append(
                f.Where(source, f"timetable day {day}").problem(
                    f.NOT_AN_OBJECT, "not an object of entries; set aside"
                )
            )
            continue
        for key, entry in items.items():
            where = f.Where(source, f"timetable entry {day}/{key}")
            if not isinstance(entry, dict):
                aside.append(where.problem(f.NOT_AN_OBJECT, "not an object; set aside"))
                continue
            inner = (entry.get("entries") or {}) if entry.get("entryType") == "Session" else {}
            if not isinstance(inner, dict):
                where.title = f.text(entry.get("title"))
                aside.append(where.problem(f.NOT_AN_OBJECT, "its entries are not an object; set aside"))
                continue
            yield key, entry, None
            for child_key, child in inner.items():
                if not isinstance(child, dict):
                    inside = f.Where(source, f"timetable entry {day}/{key}/{child_key}")
                    aside.append(inside.problem(f.NOT_AN_OBJECT, "not an object; set aside"))
                    continue
                yield child_key, child, entry


def _session(
    key: str,
    entry: dict[str, Any],
    block: dict[str, Any] | None,
    event_id: str,
    venue: str | None,
    source: str,
    aside: list[Problem],
) -> RawSession | None:
    """The entry's session, None for a block with entries; EntryError when it cannot be read
    (set aside by the caller)."""
    where = f.Where(source, f"timetable entry {key}", f.text(entry.get("title")))
    kind = entry.get("entryType")
    if kind == "Session" and entry.get("entries"):
        return None  # its contributions and breaks are the sessions
    if kind not in ("Contribution", "Break", "Session"):
        raise where.error(f"unknown entryType {kind!r} (expected Contribution, Break or Session)", UNKNOWN)
    when = f.times(entry, where)
    if when is None:
        raise where.error("has no startDate", f.TIME)
    session = RawSession(
        source=source,
        title=f.title(entry, where),
        start=when[0],
        end=when[1],
        room=f.room(entry, venue) or (f.room(block, venue) if block else None),
        track=f.text(block.get("title")) if block else None,
        description=f.description(entry.get("description")),
        links=links(entry),
        url=page(entry),
    )
    if kind == "Break":
        session.kind = "Break"
        session.guid = f.break_guid(event_id, key)
    elif kind == "Session":  # an empty block: its conveners lead it
        session.track = session.title  # the session's title; the block's own is `slotTitle`
        slot = f.text(entry.get("slotTitle"))
        if slot:  # as the event export titles it (SessionBlock.full_title)
            session.title = f"{session.title}: {slot}"
        session.guid = f.block_guid(event_id, entry.get("sessionSlotId"))
        session.speakers = f.people(entry.get("conveners"), where, aside)
    else:
        contribution = entry.get("contributionId")
        friendly = entry.get("friendlyId", contribution)
        session.proposed_id, session.guid, session.number = f.ids(event_id, friendly, contribution)
        session.speakers = f.people(entry.get("presenters"), where, aside)
    return session
