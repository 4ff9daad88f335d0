"""Rows of a frab file that cannot be taken as written, each read by a documented rule or
set aside, so that one odd row never refuses a congress. Each becomes a `Problem` (reported
grouped and counted; `--strict` refuses on the first) that finds the row: the file and line
(schedule.xml), the title, the guid or id, the day and time, and the room, each said once.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from .problems import Problem, where

# kind -> what the import did about it
NAMELESS = ("person with no name", "a person with neither text nor a <public_name> or <name>, set aside")
REPEATED = (
    "event listed several times under one guid",
    "each listing is a session, its id made from the guid (or id) and its start, so it is kept on "
    "later imports; the guid is kept as written",
)
TWICE = ("event listed twice", "same guid, title, room and start as another listing: set aside")
NO_ID = ("event with neither guid nor id", "its id is made from its title and start")
LINE = "__line"  # the line an event starts on (schedule.xml), set by frab_xml for messages


def problem(
    rule: tuple[str, str], source: str, item: dict[str, Any], day: date, start: datetime | None
) -> Problem:
    line = item.get(LINE) if isinstance(item.get(LINE), int) else None
    title = " ".join(item["title"].split()) if isinstance(item.get("title"), str) else None
    keys = [f"{k} {item[k]}" for k in ("guid", "id") if item.get(k) not in (None, "")]
    room = item.get("room") if isinstance(item.get("room"), str) and item["room"].strip() else "no room"
    when = f"{day} {start:%H:%M}" if start else str(day)
    return Problem(rule[0], f"{', '.join([*keys, when, room])}: {rule[1]}", where(source, line, title))
