"""Import the c3voc `schedule.json` that frab and pretalx export.

`build` also reads the XML format: `frab_xml` turns `schedule.xml` into this same shape.
Times are worked out in `frab_times`, days in `frab_days`; rooms, tracks and people in
`frab_people`; guids, language and links in `frab_fields`. Ids are derived from what the
source gives, so importing the same file again, or a newer version where a talk moved,
keeps every id.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections import Counter
from datetime import date
from typing import Any

from ..domain import jsontext
from ..domain.interchange import EXTENSION, GENERATOR, SESSION_PATH, slugify
from ..domain.model import Event, Schedule, Session
from ..domain.timeutil import zone
from .frab_days import day_ranges, stretched, unknown_version
from .frab_fields import clean_text, kept_ids, links, main_language, page_url, track_of
from .frab_people import Catalog
from .frab_rows import NAMELESS, NO_ID, REPEATED, TWICE, problem
from .frab_times import event_times, event_zone
from .markup import paragraphs
from .problems import Problem

_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_SLIDES = re.compile(r"slide|presentation|folien", re.IGNORECASE)
_HTTP_BASE = re.compile(r"^https?://[^/\s]+/?$", re.IGNORECASE)  # a site: scheme and host only


class FrabError(ValueError):
    """A frab file we cannot use, said in terms a person can act on: which file, and where."""

    def __init__(self, source: str, message: str, line: int | None = None) -> None:
        self.source = source
        self.line = line
        where = f"{source}, line {line}" if line else source
        super().__init__(f"{where}: {message}")


def parse(
    text: str,
    source: str,
    timezone: str | None = None,
    notes: list[str] | None = None,
    problems: list[Problem] | None = None,
) -> Schedule:
    if not text.strip():
        raise FrabError(source, "the file is empty")
    try:
        doc = jsontext.loads(text, strict=False)
    except json.JSONDecodeError as exc:
        raise FrabError(source, f"not valid JSON: {exc.msg}", exc.lineno) from exc
    return build(doc, source, timezone, notes, problems)


def short_hash(text: str, length: int = 8) -> str:
    return base64.b32encode(hashlib.sha256(text.encode()).digest()).decode().lower()[:length]


def build(
    doc: Any,
    source: str,
    timezone: str | None = None,
    notes: list[str] | None = None,
    problems: list[Problem] | None = None,
) -> Schedule:
    """A Schedule from a document of the `schedule.json` shape (parsed JSON, or converted XML).

    `timezone` is `--timezone`; what the import summary should say is added to `notes`, the
    rows read by a rule or set aside (`frab_rows`) to `problems`.
    """
    problems = [] if problems is None else problems
    why = unknown_version(doc)
    if why:
        raise FrabError(source, why)
    body = _obj(doc, "schedule", source)
    conf = _obj(body, "conference", source)
    title = conf.get("title")
    if not isinstance(title, str) or not title.strip():
        raise FrabError(source, "the conference has no title (schedule.conference.title)")
    items = _events(conf, source)
    if not items:
        raise FrabError(source, "the schedule lists no events")
    try:
        dates = [item.get("date") for _, item, _ in items]
        tz, note = event_zone(conf.get("time_zone_name"), dates, timezone)
    except (ValueError, OverflowError) as exc:  # Overflow: a date at year 1 or 9999 moved across zones
        raise FrabError(source, str(exc)) from exc
    if note and notes is not None:
        notes.append(f"{source}: {note}")
    ext = _part(body, EXTENSION)
    generator = doc["generator"].get("name") if isinstance(doc.get("generator"), dict) else None
    ours = generator == GENERATOR
    days_first = generator == "pretalx"  # pretalx writes a day or more as D:HH:MM ("1:03:00": 27 h)
    base = body.get("base_url") if isinstance(body.get("base_url"), str) else None
    base = base if base and _HTTP_BASE.match(base) else None
    catalog = Catalog(ext, markup=not ours, orgs=not ours)
    catalog.declare(conf.get("rooms"), conf.get("tracks"))
    # A room the days list with nothing in it yet is still a room of the venue.
    # One whose events all name another room is that room under another name (36C3's merged
    # file: <room name="1Komona Boredome"> around events in "Boredome"), not an empty room.
    catalog.declare([{"name": name} for name in _listed_rooms(conf["days"])], None)
    # Our own schedule.json says which guids, ids and languages were a source's (the rest it
    # made up for the format); our XML cannot say, so what it carries is taken as given.
    said = ours and isinstance(body.get(EXTENSION), dict)
    if said:
        catalog.forget_room_guids(_part(ext, "rooms"))
    sessions: list[Session] = []
    kept_items: list[tuple[str, dict[str, Any], date]] = []
    repeated = _repeated(item for _, item, _ in items)
    listed: set[tuple[Any, ...]] = set()
    for where, item, day in items:
        try:
            start, end = event_times(item, day, tz, days_first)
        except (ValueError, OverflowError) as exc:
            raise FrabError(source, f"{where} ({item.get('title')!r}): bad time: {exc}") from exc
        extra = _part(_part(ext, "sessions"), item.get("guid"))
        kept = kept_ids(item, extra, said)
        key = _key(item)
        listing = (key, item["title"].strip(), item.get("room"), start)
        if key is not None and listing in listed and not ours:
            problems.append(problem(TWICE, source, item, day, start))
            continue
        listed.add(listing)
        if key in repeated and not ours:
            problems.append(problem(REPEATED, source, item, day, start))
        elif key is None and not ours:
            problems.append(problem(NO_ID, source, item, day, start))
        people = []
        for person in item.get("persons") or ():
            speaker = catalog.speaker(person, where)
            if speaker is None:
                problems.append(problem(NAMELESS, source, item, day, start))
            else:
                people.append(speaker)
        taken = {s.id for s in sessions}
        try:
            sessions.append(
                Session(
                    id=_session_id(item, ours, taken, key in repeated, start.isoformat()),
                    title=" ".join(item["title"].split()),  # one line, as every importer reads titles
                    start=start,
                    end=end,
                    kind=extra.get("kind") if ours and "kind" in extra else _text(item.get("type")),
                    room=catalog.room(_text(item.get("room"))),
                    track=catalog.track(track_of(item, title, ours)),
                    level=_text(extra.get("level")),
                    slides=extra["slides"] if isinstance(extra.get("slides"), bool) else _slides(item),
                    description=_paragraphs(item.get("abstract"), item.get("description"), markup=not ours),
                    speakers=tuple(people),
                    sources={"title": (source,)},
                    guid=kept[0],
                    number=kept[1],
                    language=extra.get("language") if said else clean_text(item.get("language")),
                    subtitle=clean_text(item.get("subtitle")),
                    links=links(item, base),
                    url=_text(extra.get("url")) if said else page_url(item),
                )
            )
        except (TypeError, ValueError) as exc:
            raise FrabError(source, f"{where}: {exc}") from exc
        kept_items.append((where, item, day))
    items = kept_items
    event_ext = _part(ext, "event")
    ranges = () if says_calendar_days(doc) else day_ranges(conf["days"], zone(tz))
    ranges = stretched(ranges, [(day, s.start) for (_, _, day), s in zip(items, sessions, strict=True)])
    event = Event(
        id=_event_id(event_ext.get("id"), conf),
        name=title.strip(),
        timezone=tz,
        days=tuple(sorted({day for _, _, day in items} | _day_dates(conf, source))),
        venue=_text(event_ext.get("venue")),
        city=_text(event_ext.get("city")),
        url=conf.get("url") if isinstance(conf.get("url"), str) else None,
        day_ranges=ranges,
        language=clean_text(event_ext.get("language")) if said else main_language(sessions),
    )
    return Schedule(
        event=event,
        rooms=catalog.rooms(),
        tracks=catalog.tracks(),
        speakers=catalog.speakers(),
        # The order the Sched importer uses too, so every source lists sessions alike.
        sessions=tuple(sorted(sessions, key=lambda s: (s.start, catalog.room_name(s.room), s.title))),
    )


def says_calendar_days(doc: Any) -> bool:
    """Whether `doc` is Hallway's own export saying its days are calendar days (no source drew
    any): then its day_start/day_end are made up for the format, and no days are inferred."""
    body = _part(doc, "schedule")
    ours = isinstance(doc, dict) and isinstance(doc.get("generator"), dict)
    ours = ours and doc["generator"].get("name") == GENERATOR and isinstance(body.get(EXTENSION), dict)
    return ours and not _part(_part(body, EXTENSION), "event").get("day_ranges")


def _part(parent: Any, key: Any) -> dict[str, Any]:
    """A part of the Hallway extension, or {} when it is absent or not an object."""
    value = parent.get(key) if isinstance(parent, dict) and isinstance(key, str) else None
    return value if isinstance(value, dict) else {}


def _obj(parent: Any, key: str, source: str) -> dict[str, Any]:
    value = parent.get(key) if isinstance(parent, dict) else None
    if not isinstance(value, dict):
        raise FrabError(source, f"not a frab schedule: no {key!r} object where one is expected")
    return value


def _events(conf: dict[str, Any], source: str) -> list[tuple[str, dict[str, Any], date]]:
    days = conf.get("days")
    if not isinstance(days, list):
        raise FrabError(source, "schedule.conference.days is missing or not a list")
    found = []
    for i, day in enumerate(days):
        where = f"days[{i}]"
        rooms = day.get("rooms") if isinstance(day, dict) else None
        if not isinstance(rooms, dict):
            raise FrabError(source, f"{where}: a day needs a 'rooms' object")
        day_date = _date(day.get("date"), where, source)
        for name, events in rooms.items():
            if not isinstance(events, list):
                raise FrabError(source, f"{where}.rooms[{name!r}] is not a list of events")
            for j, item in enumerate(events):
                here = f"{where}.rooms[{name!r}][{j}]"
                if (
                    not isinstance(item, dict)
                    or not isinstance(item.get("title"), str)
                    or not item["title"].strip()
                ):
                    raise FrabError(source, f"{here}: an event needs a title")
                found.append((here, {"room": name, **item}, day_date))
    return found


def _listed_rooms(days: list[Any]) -> list[str]:
    """The room names the days list, less those whose events all name another room."""
    out = []
    for day in days:
        for name, events in day["rooms"].items():
            named = [e.get("room") for e in events if isinstance(e, dict)]
            if not events or not all(isinstance(n, str) and n.strip() and n != name for n in named):
                out.append(name)
    return out


def _date(value: Any, where: str, source: str) -> date:
    try:
        return date.fromisoformat(str(value)[:10])
    except ValueError:
        raise FrabError(source, f"{where}: not a date: {value!r}") from None


def _day_dates(conf: dict[str, Any], source: str) -> set[date]:
    return {_date(d.get("date"), f"days[{i}]", source) for i, d in enumerate(conf["days"])}


def _key(item: dict[str, Any]) -> str | None:
    """What names an event in its file: its guid, else its id."""
    guid = item.get("guid")
    if isinstance(guid, str) and guid.strip():
        return "guid:" + guid.strip().lower()
    number = item.get("id")
    if isinstance(number, int) or (isinstance(number, str) and number.strip()):
        return f"id:{str(number).strip()}"
    return None


def _repeated(items: Any) -> set[str]:
    """The guids (or ids, for events without a guid) that several events of the file carry:
    a workshop held five times, each time listed with the same guid and id."""
    listings = {(_key(i), i.get("date"), i.get("start"), i.get("title"), i.get("room")) for i in items}
    counts = Counter(listing[0] for listing in listings)  # a listing given twice is one (TWICE)
    return {key for key, n in counts.items() if key is not None and n > 1}


def _session_id(item: dict[str, Any], ours: bool, taken: set[str], repeated: bool, start: str) -> str:
    """The source's id for the event; for an event whose guid several events carry, one made
    from the guid and its start (the same on every import of the file, so stars and door
    codes stay); for one with neither guid nor id, from its title and start."""
    candidates: list[str] = []
    url = item.get("url")
    if ours and isinstance(url, str) and SESSION_PATH in url:
        candidates.append(url.rsplit(SESSION_PATH, 1)[1].strip("/"))
    key = _key(item)
    if repeated and key:
        candidates += [short_hash(f"{key}#{start}")] + [
            short_hash(f"{key}#{start}#{n}") for n in range(2, 99)
        ]
    if isinstance(item.get("code"), str):
        candidates.append(item["code"].lower())
    if isinstance(item.get("guid"), str) and item["guid"]:
        candidates.append(short_hash(item["guid"].lower()))
    if isinstance(item.get("id"), int) or str(item.get("id", "")).isdigit():
        candidates.append(str(item["id"]))
    title = " ".join(str(item.get("title")).split()).casefold()
    candidates += [short_hash(f"{title}#{start}#{n}") for n in range(1, 99)]
    return next(c for c in candidates if _ID.match(c) and c not in taken)


def _text(value: Any) -> str | None:
    return value.strip() or None if isinstance(value, str) else None


def _paragraphs(*texts: Any, markup: bool) -> tuple[str, ...]:
    """HTML (FOSDEM) or Markdown (pretalx) as the schedule's text; our own export is text already."""
    out: list[str] = []
    for text in texts:
        for para in paragraphs(text, markup=markup):
            if para not in out:  # pretalx often repeats the abstract in the description
                out.append(para)
    return tuple(out)


def _slides(item: dict[str, Any]) -> bool | None:
    """True when a link or attachment is slides; frab never says "no slides", so else unknown."""
    for ref in list(item.get("links") or ()) + list(item.get("attachments") or ()):
        if not isinstance(ref, dict):
            continue
        if ref.get("type") == "slides" or _SLIDES.search(f"{ref.get('title', '')} {ref.get('url', '')}"):
            return True
    return None


def _event_id(ours: Any, conf: dict[str, Any]) -> str:
    for candidate in (ours, conf.get("acronym")):
        if isinstance(candidate, str) and _ID.match(candidate):
            return candidate
    return slugify(str(conf.get("title", "")))[:40].strip("-") or "event"
