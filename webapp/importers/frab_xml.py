"""Import frab/pentabarf `schedule.xml` (frab, pretalx, osem, pentabarf).

The XML is turned into the `schedule.json` shape and handed to `frab_json.build`, so both
formats follow one set of rules. Parsing goes through defusedxml: a file with entity
declarations (the "billion laughs" kind) is refused, never expanded.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import date, datetime, timedelta
from typing import Any

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

from ..domain.model import Schedule
from ..domain.text import clean
from ..domain.timeutil import zone
from .frab_json import FrabError, build
from .frab_rows import LINE
from .problems import Problem

_EVENT_TEXT = (
    "date", "start", "duration", "room", "slug", "url", "title", "subtitle", "track", "type",
    "language", "abstract", "description",
)  # fmt: skip
_CHAR_REF = re.compile(r"&#(?:[xX]([0-9a-fA-F]{1,6})|([0-9]{1,7}));")


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
        root, lines = _parsed(_cleaned(text).encode("utf-8"))
    except ET.ParseError as exc:
        line = exc.position[0] if exc.position else None
        raise FrabError(source, f"not well-formed XML: {exc}", line) from exc
    except DefusedXmlException as exc:
        raise FrabError(source, f"refused: the XML declares entities or a DTD ({exc})") from exc
    except LookupError as exc:  # <?xml ... encoding="..."?> names an encoding Python does not know
        raise FrabError(source, f"the XML declaration names an unknown encoding ({exc})", 1) from exc
    if root.tag != "schedule":
        raise FrabError(source, f"not a frab schedule.xml: the root element is <{root.tag}>, not <schedule>")
    if (
        root.find("conference") is None
        and root.find("day/room/event") is None
        and root.find("day/event") is None
    ):
        # Other tools write a <schedule> root too (EuroPython's: day/entry); naming a missing
        # title or events would send the organizer looking for the wrong thing.
        children = sorted({f"<{child.tag}>" for child in root})
        raise FrabError(
            source,
            f"not a frab or pentabarf schedule.xml: its <schedule> holds {', '.join(children) or 'nothing'}, "
            "not <conference> and day/room/event",
        )
    return build(to_document(root, lines), source, timezone, notes, problems)


class _Lines(ET.TreeBuilder):
    """A tree builder that notes the line each <event> starts on, so a problem with one
    names the line where the organizer can find it."""

    def __init__(self) -> None:
        super().__init__()
        self.parser: DefusedXMLParser | None = None
        self.lines: dict[ET.Element, int] = {}

    def start(self, tag: str, attrs: dict[str, str]) -> ET.Element:
        element = super().start(tag, attrs)
        if tag == "event" and self.parser is not None:
            self.lines[element] = self.parser.parser.CurrentLineNumber
        return element


def _parsed(data: bytes) -> tuple[ET.Element, dict[ET.Element, int]]:
    builder = _Lines()
    parser = DefusedXMLParser(target=builder, forbid_dtd=False)
    builder.parser = parser
    parser.feed(data)
    return parser.close(), builder.lines


_CR_BEFORE_LF = re.compile(r"&#(?:0*13|[xX]0*[dD]);(?=\r?\n|&#(?:0*10|[xX]0*[aA]);)")


def _cleaned(text: str) -> str:
    """The file with the cleaning rule applied to its characters and to references to them
    (`&#1;`): an XML parser refuses either outright, and one bad character is no reason to
    refuse a whole schedule."""

    def replace(m: re.Match[str]) -> str:
        code = int(m[1], 16) if m[1] else int(m[2])
        if code > 0x10FFFF:
            return m[0]  # not a character: the parser says where
        char = chr(code)
        kept = clean(char)
        return m[0] if kept == char else kept

    # lxml writes a CRLF in a text as "&#13;" and the line break: one break, not two (which
    # would part a paragraph the same event's JSON keeps whole).
    return _CHAR_REF.sub(replace, _CR_BEFORE_LF.sub("", clean(text)))


def to_document(root: ET.Element, lines: dict[ET.Element, int] | None = None) -> dict[str, Any]:
    """The `schedule.json` shape of a parsed `<schedule>` element; `lines`: the line each
    event starts on, kept as `LINE` in its item for messages."""
    lines = lines or {}
    conf = root.find("conference")
    conference: dict[str, Any] = {"days": []}
    if conf is not None:
        for key in ("title", "acronym", "time_zone_name", "url", "start", "end"):
            conference[key] = _child(conf, key)
        conference["tracks"] = [
            {"name": t.get("name"), "slug": t.get("slug"), "color": t.get("color")}
            for t in conf.findall("track")
        ]
    day_change = _child(conf, "day_change") if conf is not None else None
    conference["rooms"] = [
        {"name": r.get("name"), "guid": r.get("guid")} for r in root.iterfind("day/room") if not _renamed(r)
    ]
    for index, day in enumerate(root.findall("day"), start=1):
        rooms: dict[str, list[dict[str, Any]]] = {}
        for room in day.findall("room"):
            events = (_event(e, day, day_change, lines) for e in room.findall("event"))
            rooms.setdefault(room.get("name", ""), []).extend(events)
        # FOSDEM's archive of its 2007-2012 schedules lists events under the day, each naming
        # its room, without the <room name=> around them.
        for e in day.findall("event"):
            rooms.setdefault(_child(e, "room") or "", []).append(_event(e, day, day_change, lines))
        when = _local_date(day.get("date") or (day.get("start") or "")[:10], day.get("start"), conference)
        start, end = day.get("start"), day.get("end")
        if not (start and end):  # pentabarf: the conference's day_change bounds every day
            start, end = _day_change_range(when, day_change)
        conference["days"].append(
            {
                "index": int(day.get("index") or index),
                "date": when,
                "day_start": start,
                "day_end": end,
                "rooms": rooms,
            }
        )
    generator = root.find("generator")
    return {
        "generator": {"name": generator.get("name")} if generator is not None else {},
        "schedule": {"version": _child(root, "version"), "conference": conference},
    }


def _event(
    e: ET.Element, day: ET.Element, day_change: str | None, lines: dict[ET.Element, int]
) -> dict[str, Any]:
    item: dict[str, Any] = {key: _child(e, key) for key in _EVENT_TEXT}
    item[LINE] = lines.get(e)
    if not item["date"] and item["start"] and day.get("date"):
        item["date"] = _wall_clock(day, item["start"], day_change)
    item["guid"] = e.get("guid")
    item["code"] = e.get("code")
    item["id"] = e.get("id")
    item["persons"] = [_person(p) for p in e.iterfind("persons/person")]
    item["links"] = [_ref(r) for r in e.iterfind("links/link")]
    item["attachments"] = [_ref(r) for r in e.iterfind("attachments/attachment")]
    return {k: v for k, v in item.items() if v is not None}


def _person(p: ET.Element) -> dict[str, Any]:
    """A person as frab writes one (`<person id="7">Name</person>`), or as c3voc's merged
    files write some: the name in a `<public_name>` or `<name>` child, beside a guid and a
    biography."""
    name = (p.text or "").strip()
    for tag in ("public_name", "name", "full_name"):
        name = name or (_child(p, tag) or "").strip()
    person = {"name": name, "guid": p.get("guid") or _child(p, "guid"), "id": p.get("id")}
    if _child(p, "biography"):
        person["biography"] = _child(p, "biography")
    return person


def _renamed(room: ET.Element) -> bool:
    """Whether every event in a <room name=> names another room (36C3's merged file:
    <room name="1Komona Boredome"> around events in "Boredome"): the same room by another
    name, not an empty room of its own."""
    named = [_child(e, "room") for e in room.findall("event")]
    return bool(named) and all(n and n.strip() and n.strip() != room.get("name") for n in named)


def _wall_clock(day: ET.Element, clock: str, day_change: str | None) -> str | None:
    """Old pentabarf files give only a start time; a night owl's 01:00 is the next morning:
    a time before the day's start (or the conference's `day_change`) is the next date."""
    try:
        when = datetime.fromisoformat(f"{day.get('date')}T{clock.strip()}")
    except ValueError:
        return None
    try:
        day_start = datetime.fromisoformat(day.get("start") or "").replace(tzinfo=None)
    except ValueError:
        try:
            day_start = datetime.fromisoformat(f"{day.get('date')}T{(day_change or '').strip()}")
        except ValueError:
            return when.isoformat()
    return (when + timedelta(days=1) if when < day_start else when).isoformat()


def _local_date(when: str, start: str | None, conference: dict[str, Any]) -> str:
    """The day's date on the event's clock. wafer (DebConf) writes the UTC date of a day's
    start: DebConf 23's days start at 03:00 in Kolkata, 21:30 UTC the evening before, and every
    day was a date early. The date the start falls on there is taken when it is a day off."""
    try:
        instant = datetime.fromisoformat(start or "")
        given = date.fromisoformat(when)
        if instant.tzinfo is None:  # a wall-clock time: already the event's
            return when
        local = instant.astimezone(zone(conference.get("time_zone_name") or "")).date()
    except (ValueError, OverflowError):  # no zone or no date: the date as given
        return when
    return local.isoformat() if abs((local - given).days) == 1 else when


def _day_change_range(when: str, day_change: str | None) -> tuple[str | None, str | None]:
    """Wall-clock bounds of a day that has none, from `day_change` ("06:00:00")."""
    try:
        start = datetime.fromisoformat(f"{when}T{(day_change or '').strip()}")
    except ValueError:
        return None, None
    return start.isoformat(), (start + timedelta(days=1)).isoformat()


def _ref(el: ET.Element) -> dict[str, Any]:
    text = (el.text or "").strip()
    if el.get("href") is None:  # c3voc's merged files write the address as the text alone
        return {"url": text, "type": el.get("type"), "title": None}
    return {"url": el.get("href"), "type": el.get("type"), "title": text}


def _child(parent: ET.Element, tag: str) -> str | None:
    el = parent.find(tag)
    return None if el is None else (el.text or "")
