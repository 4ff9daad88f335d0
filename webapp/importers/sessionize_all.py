"""Sessionize's "All" export: {sessions, speakers, categories, rooms, questions}, where a
session names its speakers, category items, room and question answers by id."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .aside import locate, set_aside
from .problems import Problem
from .raw import RawSpeaker, SourceError
from .sessionize_fields import speaker, text
from .sessionize_shapes import (
    Export,
    Item,
    each,
    key,
    list_of,
    lookup,
    name_text,
    named,
    nameless,
    numbered,
    ref,
)


@dataclass(frozen=True)
class _Tables:
    """What the file lists once and its sessions name by id."""

    people: dict[str, dict[str, Any]]
    items: dict[str, tuple[str, str]]  # category item id -> (category title, item name)
    rooms: dict[str, str | None]
    questions: dict[str | None, str | None]


def read(doc: dict[str, Any], source: str) -> Export:
    rooms = {
        ref(r.get("id"), f"rooms[{n}]", source): name_text(r.get("name"))
        for n, r in numbered(doc, "rooms", source)
    }
    people = {ref(p.get("id"), f"speakers[{n}]", source): p for n, p in numbered(doc, "speakers", source)}
    questions = {
        key(q.get("id")): name_text(q.get("question")) for _, q in numbered(doc, "questions", source)
    }
    items: dict[str, tuple[str, str]] = {}  # category item id -> (category title, item name)
    for c, cat in numbered(doc, "categories", source):
        title = named(cat.get("title"), f"categories[{c}]", source)
        for i, it in numbered(cat, "items", source, f"categories[{c}]."):
            where = f"categories[{c}].items[{i}]"
            items[ref(it.get("id"), where, source)] = (title, named(it.get("name"), where, source))
    out = Export(rooms=[name for name in rooms.values() if name])
    tables = _Tables(people, items, rooms, questions)
    for where, s in each(doc["sessions"], "sessions", source):
        here = locate(source, where, key(s.get("id")), text(s.get("title")))
        try:
            out.items.append(_item(where, s, here, tables, source, out.problems))
        except SourceError as exc:  # one odd session never refuses the rest
            set_aside(out.problems, "unreadable session", exc, here, where)
    return out


def _item(
    where: str,
    s: dict[str, Any],
    here: str,
    tables: _Tables,
    source: str,
    problems: list[Problem],
) -> Item:
    """One session, or SourceError for what sets it aside; a nameless speaker is a problem."""
    sid = ref(s.get("id"), where, source)
    speakers = [
        found
        for pid in list_of(s.get("speakers"), f"{where}.speakers", source)
        if (found := _speaker(tables.people, pid, f"{where}.speakers", source, here, problems))
    ]
    chosen: dict[str, list[str]] = {}
    for item in list_of(s.get("categoryItems"), f"{where}.categoryItems", source):
        title, name = lookup(tables.items, item, f"{where}.categoryItems", "category item", source)
        chosen.setdefault(title, []).append(name)
    room = s.get("roomId")
    room = lookup(tables.rooms, room, f"{where}.roomId", "room", source) if room is not None else None
    answers = [
        (tables.questions.get(key(a.get("questionId"))), a.get("answerValue"))
        for _, a in numbered(s, "questionAnswers", source, f"{where}.")
    ]
    return Item(where, sid, s, speakers, list(chosen.items()), room, answers)


def _speaker(
    people: dict[str, dict[str, Any]], pid: Any, where: str, source: str, here: str, problems: list[Problem]
) -> RawSpeaker | None:
    if isinstance(pid, dict):  # {id, name}, as the other exports write a session's speakers
        pid = pid.get("id")
    p = lookup(people, pid, where, "speaker", source)
    name = p.get("fullName")
    if not text(name):  # older exports: first and last name only
        name = " ".join(filter(None, (text(p.get("firstName")), text(p.get("lastName")))))
    found = speaker(pid, name, p.get("tagLine"), p.get("bio"))
    if found is None:
        problems.append(nameless(f"speaker {pid!r}", here))
    return found
