"""The JSON shapes Sessionize's API writes a schedule in, each read into one list of `Item`s.

- "All": {sessions, speakers, categories, rooms, questions}; a session names its speakers,
  category items, room and question answers by id.
- "GridSmart": [{date, rooms: [{id, name, sessions}], timeSlots: [{slotStart, rooms: [{id,
  name, session}]}]}], one entry per day; every session is there twice (by room and by slot),
  its speakers ({id, name}) and categories ({name, categoryItems}) inline.
- "Sessions": [{groupId, groupName, sessions}], sessions as in GridSmart, with their answers
  inline ({question, answer}); a session can be in several groups.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .aside import locate, set_aside
from .problems import Problem
from .raw import RawSpeaker, SourceError
from .sessionize_fields import Categories, speaker, text


@dataclass
class Item:
    where: str  # where in the file, for messages
    sid: str  # Sessionize's id of the session
    doc: dict[str, Any]
    speakers: list[RawSpeaker]
    categories: Categories
    room: str | None
    answers: list[tuple[str | None, Any]]  # (question, answer)


@dataclass
class Export:
    items: list[Item] = field(default_factory=list)
    rooms: list[str] = field(default_factory=list)  # every room, empty ones too, in order
    notes: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)  # sessions and speakers set aside


def shape(doc: Any) -> str | None:
    """Which Sessionize export `doc` is, by its keys alone; None: none of them."""
    if isinstance(doc, dict):
        sessions = doc.get("sessions")
        # Hallway's own schedule.json has sessions and speakers too, and an "event".
        if isinstance(sessions, list) and "event" not in doc and "schedule" not in doc:
            said = [s for s in sessions[:5] if isinstance(s, dict)]
            if {"speakers", "rooms", "categories"} & doc.keys() and all("startsAt" in s for s in said):
                return "All"
        return None
    heads = [x for x in doc[:5] if isinstance(x, dict)] if isinstance(doc, list) else []
    if any("timeSlots" in x or _has_sessions(x.get("rooms")) and "date" in x for x in heads):
        return "GridSmart"
    if any("groupId" in x or "groupName" in x for x in heads):
        return "Sessions"
    if any({"fullName", "sessions"} <= x.keys() for x in heads):
        return "Speakers"
    return None


def _has_sessions(rooms: Any) -> bool:
    return isinstance(rooms, list) and bool(rooms) and isinstance(rooms[0], dict) and "sessions" in rooms[0]


def grid(doc: list[Any], source: str) -> Export:
    found: list[tuple[str, Any, str | None]] = []
    slots: list[tuple[str, Any, str | None]] = []
    rooms: list[str | None] = []
    for d, day in enumerate(objects(doc, "days", source)):
        for r, room in enumerate(objects(day.get("rooms"), f"days[{d}].rooms", source)):
            rooms.append(name_text(room.get("name")))
            found += [
                (w, s, rooms[-1])
                for w, s in each(room.get("sessions"), f"days[{d}].rooms[{r}].sessions", source)
            ]
        for t, slot in enumerate(objects(day.get("timeSlots"), f"days[{d}].timeSlots", source)):
            for c, cell in enumerate(objects(slot.get("rooms"), f"days[{d}].timeSlots[{t}].rooms", source)):
                slots.append(
                    (
                        f"days[{d}].timeSlots[{t}].rooms[{c}].session",
                        cell.get("session"),
                        name_text(cell.get("name")),
                    )
                )
    # The slots list the sessions the rooms list again: they add only what the rooms lack.
    return inline(found + slots, rooms, source)


def grouped(doc: list[Any], source: str) -> Export:
    found = [
        (where, s, None)
        for g, group in enumerate(objects(doc, "groups", source))
        for where, s in each(group.get("sessions"), f"groups[{g}].sessions", source)
    ]
    return inline(found, [], source)


def inline(found: list[tuple[str, Any, str | None]], rooms: list[str | None], source: str) -> Export:
    """Sessions that carry their speakers and categories, each once (its first listing)."""
    out = Export(rooms=[r for r in dict.fromkeys(rooms) if r])
    first: dict[str, Item] = {}
    aside: set[str] = set()  # ids of sessions set aside
    for where, s, room in found:
        if not isinstance(s, dict):
            set_aside(out.problems, "unreadable session", "not an object", locate(source, where))
            continue
        here = locate(source, where, key(s.get("id")), text(s.get("title")))
        try:
            sid = ref(s.get("id"), where, source)
            if sid in aside:  # set aside at its first listing: said once
                continue
            if sid in first:
                seen = first[sid]
                if any(seen.doc.get(k) != s.get(k) for k in ("title", "startsAt", "endsAt", "roomId")):
                    out.notes.append(
                        f"{source}: session {sid} is listed twice, at {seen.where} and {where}, with a "
                        "different title, time or room; the first listing is kept"
                    )
                continue
            first[sid] = _inline(where, sid, s, room, here, source, out.problems)
        except SourceError as exc:  # one odd session never refuses the rest
            set_aside(out.problems, "unreadable session", exc, here, where)
            aside.add(key(s.get("id")) or where)
            continue
        out.items.append(first[sid])
    return out


def _inline(
    where: str, sid: str, s: dict[str, Any], room: str | None, here: str, source: str, problems: list[Problem]
) -> Item:
    speakers = []
    for n, p in numbered(s, "speakers", source, f"{where}."):
        found = speaker(p.get("id"), p.get("name"))
        if found is None:
            problems.append(nameless(f"speakers[{n}]", here))
        else:
            speakers.append(found)
    categories = []
    for n, c in numbered(s, "categories", source, f"{where}."):
        at = f"{where}.categories[{n}]"
        names = [named(i.get("name"), at, source) for _, i in numbered(c, "categoryItems", source, at)]
        categories.append((named(c.get("name"), at, source), names))
    answers = [
        (text(a.get("question")), a.get("answer"))
        for _, a in numbered(s, "questionAnswers", source, f"{where}.")
    ]
    return Item(where, sid, s, speakers, categories, name_text(s.get("room")) or room, answers)


def each(value: Any, where: str, source: str) -> list[tuple[str, dict[str, Any]]]:
    """The objects of a list, each with where it is ("sessions[3]")."""
    return [(f"{where}[{n}]", x) for n, x in enumerate(objects(value, where, source))]


def numbered(
    parent: dict[str, Any], key: str, source: str, prefix: str = ""
) -> list[tuple[int, dict[str, Any]]]:
    return list(enumerate(objects(parent.get(key), prefix + key, source)))


def objects(value: Any, where: str, source: str) -> list[dict[str, Any]]:
    items = list_of(value, where, source)
    for n, x in enumerate(items):
        if not isinstance(x, dict):
            raise SourceError(source, f"{where}[{n}]: expected an object, got {type(x).__name__}")
    return items


def list_of(value: Any, where: str, source: str) -> list[Any]:
    if value is None:  # Sessionize writes null for "none" in places
        return []
    if not isinstance(value, list):
        raise SourceError(source, f"{where}: expected a list, got {type(value).__name__}")
    return value


def key(value: Any) -> str | None:
    """An id as a key: Sessionize writes some as numbers, some as strings ("12259", 12259)."""
    if isinstance(value, (str, int)) and not isinstance(value, bool) and str(value).strip():
        return str(value).strip()
    return None


def ref(value: Any, where: str, source: str) -> str:
    found = key(value)
    if found is None:
        raise SourceError(source, f"{where}: no id (a string or a number), got {value!r}"[:300])
    return found


def lookup(table: dict[str, Any], value: Any, where: str, what: str, source: str) -> Any:
    found = key(value)
    if found is None or found not in table:
        raise SourceError(source, f"{where}: {what} {value!r} is not among the file's {what}s"[:300])
    return table[found]


def name_text(value: Any) -> str | None:
    """A name, which a number can be too (room 101)."""
    is_number = isinstance(value, (int, float)) and not isinstance(value, bool)
    return str(value) if is_number else text(value)


def named(value: Any, where: str, source: str) -> str:
    name = name_text(value)
    if name is None:
        raise SourceError(source, f"{where}: a name is missing")
    return name


def nameless(which: str, here: str) -> Problem:
    """A speaker with no name is left off the session, which is imported with its others."""
    return Problem(
        "speaker without a name", f"{which} has no name; the session is imported without them", here
    )
