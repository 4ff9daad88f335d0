"""Import an iCalendar file (RFC 5545): each VEVENT with a time is a session.

SUMMARY is the title, LOCATION the room, the first CATEGORIES value the track, DESCRIPTION
the text (paragraphs at blank lines, HTML or Markdown inside them read by `markup`),
STATUS:CANCELLED a cancelled session, URL a link. Speakers are the ATTENDEEs or the ORGANIZER
(`ical_people`); a repeating event is a session per occurrence (`ical_repeat`). The UID
proposes the session's id, so a new session keeps the id its calendar gives it and the import
of Hallway's own `/schedule.ics` gets every id back; it is also the session's guid (made a
UUID where it is not one), by which a later import keeps the id whatever else changed.

Times: TZID (an IANA name, a Windows name, or a VTIMEZONE of the file), UTC ("Z") or
floating (no zone: placed in the event's zone, from --timezone or X-WR-TIMEZONE). The event's
zone is --timezone, else X-WR-TIMEZONE, else the TZID most events use; a calendar in UTC
alone is shown in UTC, with a warning saying how to name the venue's zone.

Reading the lines (CHARSET, folding, line numbers) is `ical_lines`, times `ical_times`; the
properties are read by the icalendar library. What Sched and pretalx write beyond the RFC
(speakers in SUMMARY, Sched's blanket UTC zone and venue address on every room) is read as
`ical_exporters` and `ical_summary` say; the event's name is `ical_name`'s.
"""

from __future__ import annotations

import re
import uuid
from collections import Counter
from dataclasses import replace
from datetime import datetime
from typing import Any

from icalendar import Calendar, Component

from ..domain.ids import is_id, slug
from ..domain.interchange import (
    ICAL_KIND,
    ICAL_PRODID,
    ICAL_ROOM,
    ICAL_SPEAKER,
    ICAL_SPEAKER_ID,
    ICAL_TRACK,
    ICAL_URL,
)
from ..domain.model import Link
from .frab_json import short_hash
from .ical_aside import NO_START, REPEAT, UNREADABLE_TIME, refuse_if_none_read, set_aside
from .ical_exporters import SCHED_ZONE, apply_conventions, exporter_of
from .ical_lines import Where, check, decode, looks_like
from .ical_name import event_name
from .ical_people import all_of, name_of, people
from .ical_repeat import occurrence_key, occurrences, repeats
from .ical_times import end_of, fixed_zone, valid_zone, when, zone_name
from .markup import kind, one_line, paragraphs
from .raw import RawPage, RawSession, RawSpeaker, SourceError

__all__ = ["decode", "looks_like", "parse"]
_UUID = re.compile(r"^[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}$")
_ESCAPED = re.compile(r"\\([\\;,nN])")
_HTTP = re.compile(r"^https?://\S+$", re.IGNORECASE)
_ONE_SLASH = re.compile(r"^(https?):/(?=[^/])", re.IGNORECASE)


def parse(text: str, source: str, timezone: str | None = None) -> RawPage:
    """`timezone` is --timezone: a Sched calendar cannot do without it."""
    places = check(text, source)
    readable, dropped = _without_zones_of_two_names(text)
    try:
        calendars = Calendar.from_ical(readable, multiple=True)
    except ValueError as exc:
        raise SourceError(source, f"not a valid iCalendar file: {str(exc).splitlines()[0]}") from None
    except OSError:  # the library looks a TZID up as a file: thousands of characters are no zone
        raise SourceError(source, "not a valid iCalendar file: a TZID that names no time zone") from None
    except (AttributeError, TypeError, KeyError, IndexError) as exc:  # the library's own slips
        raise SourceError(source, f"not a valid iCalendar file ({type(exc).__name__}: {exc})"[:300]) from None
    events = [e for cal in calendars for e in cal.walk("VEVENT")]
    if not events:
        raise SourceError(source, "the calendar has no events (VEVENT)")
    if len(events) != len(places):  # the library and the line reader disagree: say so, guess nothing
        raise SourceError(source, f"{len(places)} VEVENTs in the file, {len(events)} read")
    first = calendars[0]
    ours = str(first.get("PRODID", "")) == ICAL_PRODID
    exporter = exporter_of(str(first.get("PRODID", "")))
    if exporter == "sched" and not timezone:
        raise SourceError(source, SCHED_ZONE)
    page = RawPage(source=source, kind="calendar")
    if dropped:
        page.notes.append(
            f"{source}: a VTIMEZONE naming {' and '.join(dropped)} at once was not read; "
            "events with these TZIDs are read by the zones' names"
        )
    page.event_name, page.fallback_event_name = event_name(first, events, source)
    organizers = Counter(name_of(e.get("ORGANIZER")) for e in events)
    publisher = {n for n, count in organizers.items() if n and count == len(events) > 1}
    zones: Counter[str] = Counter()
    floating = False
    replaced: dict[str, list[datetime]] = {}  # UID -> the occurrences other VEVENTs replace
    shared = _shared_uids(events)
    untitled: list[int] = []  # the lines of events without a SUMMARY
    if shared:
        shown = ", ".join(repr(u) for u in sorted(shared)[:5]) + (", ..." if len(shared) > 5 else "")
        page.notes.append(
            f"{source}: {len(shared)} UID(s) each on several events that are not one ({shown}): "
            "those sessions get ids of their own, kept from their title and time on a later import"
        )
    aside: set[int] = set()  # the events set aside, by their place in `events`
    reason: SourceError | None = None  # the first reason, said if no event can be read
    for n, (event, where) in enumerate(zip(events, places, strict=True)):
        try:
            moved = when(event, "RECURRENCE-ID", where, source)
        except SourceError as exc:
            page.problems.append(set_aside(UNREADABLE_TIME, exc, event, where, source))
            aside.add(n)
            reason = reason or exc
            continue
        if isinstance(moved, datetime):
            replaced.setdefault(str(event.get("UID", "")).strip(), []).append(moved)
    for n, (event, where) in enumerate(zip(events, places, strict=True)):
        if n in aside:
            continue
        kind = UNREADABLE_TIME
        try:
            start = when(event, "DTSTART", where, source)
            if start is None:
                kind = NO_START
                raise SourceError(source, "an event without a start (DTSTART)", where.begin)
            if not isinstance(start, datetime):
                page.notes.append(
                    f"{source}, line {where.begin}: {str(event.get('SUMMARY', ''))!r} is a whole day, "
                    "not a session: left out"
                )
                continue
            if not _plain(event.get("SUMMARY", ""), markup=not ours):
                untitled.append(where.begin)  # an empty slot of a room's grid (PyCon UK 2015)
                continue
            session = _session(event, where, start, source, ours, publisher)
            uid, moved = str(event.get("UID", "")).strip(), when(event, "RECURRENCE-ID", where, source)
            kind = REPEAT
            # Expanded before anything of the event is kept: one set aside leaves nothing behind.
            starts = (
                occurrences(event, start, where, source, replaced.get(uid, ())) if repeats(event) else None
            )
        except SourceError as exc:
            page.problems.append(set_aside(kind, exc, event, where, source))
            reason = reason or exc
            continue
        tzid = event["DTSTART"].params.get("TZID")
        if tzid:
            zones[zone_name(start, str(tzid), calendars)] += 1
        floating = floating or start.tzinfo is None
        if uid in shared:
            session.proposed_id = session.guid = None
        if isinstance(moved, datetime) and session.proposed_id:
            session.proposed_id += "-" + occurrence_key(moved)
            session.guid = _guid(uid, moved) if session.guid else None
        if starts is None:
            page.sessions.append(session)
            continue
        length = session.end - start
        for at in starts:
            key = f"{session.proposed_id}-{occurrence_key(at)}" if session.proposed_id else None
            guid = _guid(uid, at) if session.guid else None
            page.sessions.append(replace(session, start=at, end=at + length, proposed_id=key, guid=guid))
    refuse_if_none_read(page, reason, len(events))
    if untitled:
        lines = ", ".join(map(str, untitled[:10])) + (", ..." if len(untitled) > 10 else "")
        page.notes.append(
            f"{source}: {len(untitled)} event(s) without a title (SUMMARY), left out: line {lines}"
        )
    apply_conventions(page, exporter)
    declared = None if exporter == "sched" else valid_zone(str(first.get("X-WR-TIMEZONE", "")))
    named = [z for z, _ in zones.most_common() if z]
    page.timezone = declared or (named[0] if named else None)
    if page.timezone is None and not floating and exporter != "sched":
        page.fallback_timezone = fixed_zone(page.sessions[0].start) if page.sessions else "UTC"
    return page


def _session(
    e: Component, where: Where, start: datetime, source: str, ours: bool, publisher: set[str]
) -> RawSession:
    end = end_of(e, start, where, source)
    title = _plain(e.get("SUMMARY", ""), markup=not ours) or ""
    uid = str(e.get("UID", "")).strip()
    cancelled = str(e.get("STATUS", "")).upper() == "CANCELLED"
    if ours:
        room, kind, track = (_x(e, n, exact=n == ICAL_ROOM) for n in (ICAL_ROOM, ICAL_KIND, ICAL_TRACK))
        said = [(_x(e, ICAL_SPEAKER, v), v.params.get(ICAL_SPEAKER_ID)) for v in all_of(e, ICAL_SPEAKER)]
        names = [n for n, _ in said if n]
        # Each as listed, twice if twice; told apart by id, not by a name alike in another case.
        speakers = [RawSpeaker(name=n, identity=f"{source}#{i}" if i else None) for n, i in said if n]
    else:
        room, kind, track = _plain(e.get("LOCATION"), markup=True), None, _category(e)
        names = people(e, publisher)
        speakers = [RawSpeaker(name=n) for n in dict.fromkeys(names)]
    description = _paragraphs(str(e.get("DESCRIPTION", "")), markup=not ours)
    # Pentabarf's calendars write "https:/fosdem.org/...": one slash short of an address.
    url = _ONE_SLASH.sub(r"\1://", str(e.get("URL", "")).strip())
    url = url if _HTTP.match(url) else ""
    if ours:  # what the export adds for people to read, taken off again
        extra = (["CANCELLED"] if cancelled else []) + ([", ".join(names)] if names else [])
        if description[: len(extra)] == extra:
            description = description[len(extra) :]
        if description and description[-1] == url:
            description = description[:-1]
    return RawSession(
        source=source,
        title=title,
        start=start,
        end=end,
        kind=kind,
        room=room,
        track=track,
        description=tuple(description),
        speakers=speakers,
        proposed_id=_proposed_id(uid, ours) if uid else None,
        status="cancelled" if cancelled else None,
        line=where.begin,
        # Other apps key favourites on a guid; ours' UIDs are our ids, not a source's.
        guid=_guid(uid) if uid and not ours else None,
        links=(Link(url),) if url and not ours else (),
        # An event's URL is its own page (Sched's, pretalx's); ours is the page here.
        url=_x(e, ICAL_URL, exact=True) if ours else url or None,
    )


# A VTIMEZONE block (its lines unfolded or not: TZID starts a line either way).
_VTIMEZONE = re.compile(r"^BEGIN:VTIMEZONE\r?\n.*?^END:VTIMEZONE[ \t]*(?:\r?\n|$)", re.M | re.S | re.I)
_TZID_LINE = re.compile(r"^TZID[;:](.*?)\r?$", re.M | re.I)


def _without_zones_of_two_names(text: str) -> tuple[str, list[str]]:
    """The file without any VTIMEZONE that names two zones (The Events Calendar for WordPress
    writes one per zone its site has ever used, all in one block), and the names dropped.
    Such a block defines neither zone: the library stops on it, and the events' TZIDs are
    then read by name (they are IANA names there)."""
    dropped: list[str] = []

    def drop(block: re.Match[str]) -> str:
        names = _TZID_LINE.findall(block[0])
        if len(names) < 2:
            return block[0]
        dropped.extend(repr(n.strip()) for n in names)
        return ""

    return _VTIMEZONE.sub(drop, text), dropped


def _shared_uids(events: list[Component]) -> set[str]:
    """UIDs that several events carry, their RECURRENCE-ID overrides aside. RFC 5545 gives an
    event one UID of its own; some exporters repeat one on unrelated events (a single UID on 67
    talks of a festival's calendar), where it names none of them: taken as each one's id, a
    later import would give them all the one session's id."""
    masters = Counter(str(e.get("UID", "")).strip() for e in events if "RECURRENCE-ID" not in e)
    return {uid for uid, n in masters.items() if uid and n > 1}


def _category(e: Component) -> str | None:
    for prop in all_of(e, "CATEGORIES"):
        for value in getattr(prop, "cats", [prop]):
            if str(value).strip():
                return _plain(value, markup=True)
    return None


def _x(e: Component, name: str, value: Any = None, exact: bool = False) -> str | None:
    """An X- property's text: the library leaves those escaped. `exact`: white space inside
    kept as written (a room's name, which the corrections and door signs name exactly)."""
    value = e.get(name) if value is None else value
    if value is None or isinstance(value, list):
        return None
    # RFC 5545 3.3.11: \\ \; \, and \n (or \N) are the only escapes of a TEXT value.
    text = _ESCAPED.sub(lambda m: "\n" if m[1] in "nN" else m[1], str(value))
    return (text.strip() or None) if exact else _plain(text)


def _plain(value: Any, markup: bool = False) -> str | None:
    """One line of text; `markup`: its HTML escapes read (not in Hallway's own export)."""
    if value is None:
        return None
    return (one_line(str(value)) if markup else " ".join(str(value).split())) or None


def _paragraphs(text: str, markup: bool) -> list[str]:
    """DESCRIPTION is plain text (RFC 5545), its line breaks meant; some calendars write HTML or
    Markdown inside (Kielux: `<i>`, `<a href>`), so each paragraph is read on its own."""
    blocks = re.split(r"\n[ \t]*\n", text.replace("\r\n", "\n"))
    # A line break is one in HTML too (PyCon US: "Section: talks\nKind: talk\n<p>...</p>"),
    # where the HTML reader would run the lines together.
    blocks = [b.replace("\n", "<br>") if markup and kind(b) == "html" else b for b in blocks]
    return [p for block in blocks for p in paragraphs(block, markup=markup)]


def _guid(uid: str, occurrence: datetime | None = None) -> str:
    """The UID when it is a UUID (the frab formats want one), else a UUID made from it."""
    if occurrence is None and _UUID.match(uid):
        return uid.lower()
    key = uid + (f"#{occurrence_key(occurrence)}" if occurrence else "")
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"icalendar-uid:{key}"))


def _proposed_id(uid: str, ours: bool = False) -> str:
    """An id from the UID: its part before "@" when that is one already (as in Hallway's own
    calendars, whatever its length: a source's id "9" came back as a hash), else a slug of it,
    else a hash of the whole UID."""
    local = uid.rpartition("@")[0] or uid
    if ours and is_id(local):
        return local
    for candidate in (local, slug(local)):
        if is_id(candidate) and 3 <= len(candidate) <= 32:
            return candidate
    return short_hash(uid.lower())
