"""A schedule kept in a spreadsheet (CSV or XLSX with a header row): one session a row.

Required in each row: a title and a time that says when it starts (a Start cell with date and
time; or a Date and a Start or Time cell) and when it ends (an End cell, a Duration, or a Time
cell written `10:30-11:15`). A row without them, or whose date or time does not read, is set
aside; a row without a room is imported without a room; a row repeated cell for cell is
imported once. Each is a `Problem` on the page, so the rest imports and the import says them
(`--strict` refuses instead). The times are the venue's wall clock: `--timezone` names it.
An Id column proposes each session's id and keeps it across re-imports whatever else changes;
without one, ids are kept by title, time and room like any source's.
"""

from __future__ import annotations

import hashlib
import re
import uuid
from datetime import date, datetime, time, timedelta
from typing import Any

from ..domain.ids import is_id
from ..domain.timeutil import MAX_YEAR, MIN_YEAR
from .markup import safe_url
from .problems import Problem, where
from .raw import RawPage, RawSession, SourceError
from .sheet_people import names, speakers
from .sheet_read import Table
from .sheet_times import Unreadable, day_order, duration, moment, slashes, time_range


def parse(table: Table, date_format: str | None = None, language: str | None = None) -> RawPage:
    source = table.source
    try:
        order = day_order(_slashed(table), date_format, language)
    except ValueError as exc:
        raise SourceError(source, str(exc)) from None
    if order is None and _slashed(table):
        raise SourceError(
            source,
            "its dates read either day or month first (03/04/2026 is the 3rd of April or March 4th) "
            "and none is over 12: pass --date-format day-first or --date-format month-first",
        )
    page = RawPage(source=source, kind="api", fallback_event_name=table.title)
    found = table.found
    if "end" not in found and "duration" not in found and "time" not in found:
        raise SourceError(source, "no End, Duration or Time column: name one with --column end=...")
    first: dict[tuple[str, ...], int] = {}
    known = names(table)
    above, carried = None, 0
    for line, cells in table.rows:
        # A day's date written once above its rows (or merged cells, which read as blanks below
        # their first) holds for the blank Date cells under it; the import says so once.
        day = found.get("date")
        if day is not None and _text(cells[day] if day < len(cells) else None) is None and above is not None:
            cells = [*cells, *[None] * (day + 1 - len(cells))]
            cells[day], carried = above, carried + 1
        elif day is not None and day < len(cells):
            above = cells[day]
        cell = _cells(cells, found)
        title = _text(cell("title"))
        here = where(source, line, title, table.unit)
        same = tuple(_text(c) or "" for c in cells)
        if same in first:
            page.problems.append(
                Problem("repeated row", f"the same as {table.unit} {first[same]}: imported once", here)
            )
            continue
        first[same] = line
        if not title:
            page.problems.append(Problem("no title", "set aside", here))
            continue
        try:
            start, end = _when(cell, found, order)
        except (Unreadable, OverflowError) as exc:  # OverflowError: a day past 9999-12-31
            page.problems.append(Problem("unreadable date or time", f"{exc}; set aside", here))
            continue
        room = _text(cell("room"))
        if "room" in found and not room:
            page.problems.append(Problem("no room", "imported without a room", here))
        page.sessions.append(_session(source, line, title, start, end, room, cell, known))
    page.rooms = [(s.room, None) for s in page.sessions if s.room]
    if carried:
        page.notes.append(
            f"{source}: {carried} row(s) leave the Date blank: each takes the date of the row above"
        )
    return page


def _session(
    source: str,
    line: int,
    title: str,
    start: datetime,
    end: datetime,
    room: str | None,
    cell: Any,
    known: set[str],
) -> RawSession:
    sid = _text(cell("id"))
    description = _text(cell("description"))
    return RawSession(
        source=source,
        title=title,
        start=start,
        end=end,
        room=room,
        track=_text(cell("track")),
        kind=_text(cell("kind")),
        level=_text(cell("level")),
        language=_text(cell("language")),
        url=safe_url(_text(cell("url"))),
        description=tuple(p.strip() for p in re.split(r"\n\s*\n", description or "") if p.strip()),
        speakers=speakers(_text(cell("speakers")), known),
        proposed_id=None if sid is None else sid.lower() if is_id(sid.lower()) else _hash(sid),
        guid=None if sid is None else str(uuid.uuid5(uuid.NAMESPACE_URL, f"spreadsheet-session:{sid}")),
        line=line,
    )


def _when(cell: Any, found: dict[str, int], order: str | None) -> tuple[datetime, datetime]:
    day = None
    if _text(cell("date")) is not None:
        value = moment(cell("date"), order)
        if isinstance(value, time):
            raise Unreadable(f"Date {_shown(cell('date'))} is a time, not a date")
        day = value.date() if isinstance(value, datetime) else value
    span = time_range(cell("time")) if "start" not in found else None
    raw = cell("start") if "start" in found else cell("time")
    if _text(raw) is None:
        raise Unreadable("no start time")
    begun = span[0] if span else moment(raw, order)
    if isinstance(begun, datetime) and begun.time() == time(0) and "time" in found and "start" in found:
        begun = begun.date()  # a date typed in the Start cell, its time in the Time column
    if not isinstance(begun, datetime) and isinstance(begun, date) and "start" in found:
        if _text(cell("time")) is None:
            raise Unreadable(f"Start {_shown(raw)} has no time of day")
        day, begun = begun, moment(cell("time"), order)
    if isinstance(begun, time):
        if day is None:
            raise Unreadable(f"start {_shown(raw)} has no date (and there is no Date)")
        begun = datetime.combine(day, begun)
    if not isinstance(begun, datetime):
        raise Unreadable(f"{_shown(raw)} is a date without a time of day")
    end = _end(cell, begun, span, order)
    if (begun.tzinfo is None) != (end.tzinfo is None):
        raise Unreadable("one of its start and end gives a UTC offset and the other does not")
    for value in (begun, end):
        if not MIN_YEAR <= value.year <= MAX_YEAR:
            raise Unreadable(f"the year {value.year} is out of range ({MIN_YEAR}-{MAX_YEAR})")
    if end <= begun:
        raise Unreadable(f"it ends ({end:%Y-%m-%d %H:%M}) before it starts ({begun:%Y-%m-%d %H:%M})")
    return begun, end


def _end(cell: Any, start: datetime, span: tuple[time, time] | None, order: str | None) -> datetime:
    if _text(cell("end")) is not None:
        value = moment(cell("end"), order)
        if isinstance(value, datetime):
            return value
        if isinstance(value, date):
            raise Unreadable(f"End {_shown(cell('end'))} has no time of day")
        return _after(start, value)
    if _text(cell("duration")) is not None:
        return start + duration(cell("duration"))
    if span:
        return _after(start, span[1])
    raise Unreadable("no end time or duration")


def _after(start: datetime, clock: time) -> datetime:
    """The first `clock` after `start`: an end at 00:30 is past midnight."""
    end = datetime.combine(start.date(), clock, start.tzinfo)
    return end if end > start else end + timedelta(days=1)


def _slashed(table: Table) -> list[tuple[int, int]]:
    pairs = []
    for name in ("date", "start", "end"):
        if name in table.found:
            index = table.found[name]
            for _, cells in table.rows:
                if index < len(cells) and isinstance(cells[index], str):
                    pair = slashes(cells[index])
                    pairs += [pair] if pair else []
    return pairs


def _cells(cells: list[Any], found: dict[str, int]) -> Any:
    def cell(field: str) -> Any:
        index = found.get(field)
        return cells[index] if index is not None and index < len(cells) else None

    return cell


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # an id or a number typed in a sheet: 12, not 12.0
    text = str(value).replace("\r\n", "\n").strip()
    return text or None


def _shown(value: Any) -> str:
    return repr(_text(value) or "")


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]
