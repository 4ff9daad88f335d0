"""What Indico's two HTTP API exports (the event with its contributions, the timetable) write
alike: times that carry their own zone, people, rooms, texts and the ids a contribution keeps.

Every time is `{"date": "2024-03-11", "time": "13:00:00", "tz": "Europe/Zurich"}` in the zone
the server was asked for (its own by default), which need not be the event's: each is read as
the instant it names, and the event's `timezone` alone says what the venue's clocks show.
"""

from __future__ import annotations

import re
import uuid
from collections import Counter
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from ..domain.ids import is_id, normalize
from ..domain.timeutil import check_readable, zone
from .markup import paragraphs
from .problems import Problem
from .problems import where as place
from .raw import RawSpeaker, SourceError

# Kinds of problem (`problems.Problem.kind`) an entry can have.
NO_TITLE = "entry without a title"
TIME = "unreadable time"
PERSON = "unreadable person"
NOT_AN_OBJECT = "entry that is not an object"
KEPT = "that person set aside, the session kept"


class EntryError(SourceError):
    """One entry that cannot be read as written: set aside as a `Problem` of `kind` while the
    rest imports (`set_aside`), or the whole file refused where it is the file's own."""

    def __init__(self, source: str, message: str, kind: str) -> None:
        super().__init__(source, message)
        self.kind = kind


class Where:
    """One entry of an export, named as a person would find it again ("contribution 198"),
    with its title when it has one."""

    def __init__(self, source: str, what: str, title: str | None = None) -> None:
        self.source, self.what, self.title = source, what, title

    def error(self, message: str, kind: str = "unreadable entry") -> EntryError:
        return EntryError(self.source, f"{self.what}: {message}", kind)

    def problem(self, kind: str, message: str) -> Problem:
        return Problem(kind, f"{self.what}: {message}", place(self.source, None, self.title))


def set_aside(exc: EntryError, item: Any) -> Problem:
    """The problem of an entry set aside: what the error says, found by the entry's title."""
    title = text(item.get("title")) if isinstance(item, dict) else None
    return Problem(exc.kind, f"{exc.detail}; set aside", place(exc.source, None, title))


def text(value: Any) -> str | None:
    """A one-line text; Indico writes "" (and some fields None) where there is none."""
    return " ".join(value.split()) or None if isinstance(value, str) else None


def title(item: dict[str, Any], where: Where) -> str:
    found = text(item.get("title"))
    if found is None:
        raise where.error("has no title", NO_TITLE)
    return found


def description(value: Any) -> tuple[str, ...]:
    """Descriptions are HTML from Indico's editor, or Markdown, or plain text: told by content."""
    return paragraphs(value) if isinstance(value, str) else ()


def instant(value: Any, where: Where, name: str) -> datetime | None:
    """The instant `{date, time, tz}` names, aware in its own zone; None for null or absent."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise where.error(f"{name} is not a {{date, time, tz}} object: {value!r}"[:200], TIME)
    parts = value.get("date"), value.get("time"), value.get("tz")
    if not all(isinstance(p, str) and p.strip() for p in parts):
        raise where.error(f"{name} lacks its date, time or tz: {value!r}"[:200], TIME)
    day, clock, tz = (p.strip() for p in parts)  # type: ignore[union-attr]
    try:
        at = datetime.combine(date.fromisoformat(day), time.fromisoformat(clock)).replace(tzinfo=zone(tz))
        check_readable(at)  # a year no browser, calendar or export reads
        return at
    except ValueError as exc:
        raise where.error(f"{name} is not a time: {exc}", TIME) from None


def times(item: dict[str, Any], where: Where) -> tuple[datetime, datetime] | None:
    """(start, end), or None when the entry is not in the timetable (no start)."""
    start = instant(item.get("startDate"), where, "startDate")
    if start is None:
        return None
    end = instant(item.get("endDate"), where, "endDate")
    minutes = item.get("duration")
    if end is not None and isinstance(minutes, (int, float)) and not isinstance(minutes, bool):
        start, end = _unfold(start, end, minutes)
    if end is None:
        minutes = item.get("duration")
        if not isinstance(minutes, (int, float)) or isinstance(minutes, bool) or not 0 <= minutes < 100_000:
            raise where.error("has a startDate but neither an endDate nor a duration", TIME)
        end = start + timedelta(minutes=minutes)
    if end < start:
        raise where.error(f"ends ({end.isoformat()}) before it starts ({start.isoformat()})", TIME)
    return start, end


def _unfold(start: datetime, end: datetime, minutes: float) -> tuple[datetime, datetime]:
    """A wall-clock time in the hour clocks go back happens twice ("02:30" in Zurich on the last
    Sunday of October); the timetable export writes it without its offset, but gives the
    entry's duration: the reading whose length is that duration is the one Indico meant."""
    utc = ZoneInfo("UTC")
    want = timedelta(minutes=minutes)
    for a in (start, start.replace(fold=1)):  # not a set: the two compare equal
        for b in (end, end.replace(fold=1)):
            if b.astimezone(utc) - a.astimezone(utc) == want:
                return a, b
    return start, end


def room(item: dict[str, Any], venue: str | None) -> str | None:
    """The room's full name, else its short one; else the entry's own venue ("Remote") when it
    is not the event's, since that is where to go; "" is no room."""
    found = text(item.get("roomFullname")) or text(item.get("room"))
    if found:
        return found
    place = text(item.get("location"))
    return place if place and venue and normalize(place) != normalize(venue) else None


def main_venue(items: list[dict[str, Any]]) -> str | None:
    """The place most entries name: the timetable export says no venue of its own."""
    counts = Counter(t for t in (text(i.get("location")) for i in items) if t)
    return counts.most_common(1)[0][0] if counts else None


def people(persons: Any, where: Where, aside: list[Problem]) -> list[RawSpeaker]:
    """The people listed; one that cannot be read is set aside (a `Problem` in `aside`), the
    entry kept with the others."""
    if persons is None:
        return []
    if not isinstance(persons, list):
        aside.append(where.problem(PERSON, f"people are not a list: {persons!r}"[:200] + f"; {KEPT}"))
        return []
    out = []
    for p in persons:
        if not isinstance(p, dict):
            aside.append(where.problem(PERSON, f"a person is not an object: {p!r}"[:200] + f"; {KEPT}"))
            continue
        name = person_name(p)
        if name is None:
            aside.append(where.problem(PERSON, f"a person without a name: {p!r}"[:200] + f"; {KEPT}"))
            continue
        # The name says who it is: Indico's person ids are per record, and one person often
        # has two records in an event (one talk each, two emails).
        out.append(RawSpeaker(name=name, company=text(p.get("affiliation"))))
    return out


def _key(value: Any) -> str | None:
    return str(value) if isinstance(value, (int, str)) and not isinstance(value, bool) and value else None


def person_name(p: dict[str, Any]) -> str | None:
    """ "Given Surname", as a person reads it, from the parts or from "SURNAME, Given"."""
    given = text(p.get("first_name")) or text(p.get("firstName"))
    family = text(p.get("last_name")) or text(p.get("familyName"))
    if not (given or family):
        whole = text(p.get("fullName")) or text(p.get("name"))
        if whole is None:
            return None
        family, comma, given = (x.strip() for x in whole.partition(","))
        if not comma:
            return _cased(family, surname=False) or None
    parts = [_cased(given or "", surname=False), _cased(family or "", surname=True)]
    return " ".join(x for x in parts if x) or None


_WORD = re.compile(r"[^\W\d_]+")
_ROMAN = re.compile(r"[IVX]{2,4}")
_PARTICLES = {"de", "da", "do", "dos", "das", "di", "del", "della", "van", "von", "der", "den", "du", "la",
              "ten", "ter", "for", "the", "of", "and"}  # fmt: skip


def _cased(name: str, *, surname: bool) -> str:
    """A name all in capitals (or all in lower case) as names are written: "GRACIANI DIAZ" is
    "Graciani Diaz", "RAMOS DE AZEVEDO EVORA" is "Ramos de Azevedo Evora"; mixed case is kept."""
    if name not in (name.upper(), name.lower()):
        return name
    words = list(_WORD.finditer(name))

    def one(n: int, m: re.Match[str]) -> str:
        word = m[0]
        later = n + 1 < len(words) and name[m.start() - 1 : m.start()] in (" ", "(")
        if surname and n and later and word.lower() in _PARTICLES:
            return word.lower()
        return word if _ROMAN.fullmatch(word) else word.capitalize()

    out, last = [], 0
    for n, m in enumerate(words):
        out += [name[last : m.start()], one(n, m)]
        last = m.end()
    return "".join(out) + name[last:]


def ids(event_id: Any, friendly: Any, db_id: Any) -> tuple[str | None, str | None, int | None]:
    """(proposed id, guid, number) of a contribution. Its friendly id is its number within the
    event and proposes the id ("c198"); its database id never changes, even when the friendly
    one is renumbered, and so makes the guid that keeps a session's id across imports."""
    number = _int(friendly)
    proposed = f"c{number}" if number is not None and is_id(f"c{number}") else None
    key, event = _key(db_id), _key(event_id)
    guid = str(uuid.uuid5(uuid.NAMESPACE_URL, f"indico:event/{event}/contribution/{key}")) if key else None
    return proposed, guid, number


def break_guid(event_id: Any, entry_id: Any) -> str | None:
    """A break has no id but its timetable entry's, which it keeps when it moves."""
    key, event = _key(entry_id), _key(event_id)
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"indico:event/{event}/entry/{key}")) if key else None


def block_guid(event_id: Any, block_id: Any) -> str | None:
    """An empty session block is a session: its block id (`id` in the event export,
    `sessionSlotId` in the timetable) keeps its id in both, and when it is renamed or moved."""
    key, event = _key(block_id), _key(event_id)
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"indico:event/{event}/block/{key}")) if key else None


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 <= value < 2**31 else None
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) < 10:
        return int(value.strip())
    return None
