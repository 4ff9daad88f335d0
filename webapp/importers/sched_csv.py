"""Sched's API export as CSV (`/api/session/export?format=csv`): the JSON export's fields as
columns, one session a row, every value a string (`speakers` too: see `sched_speakers`).

Told from other text by its header row, which names Sched's columns; the rows are then read
like the JSON export's objects (`sched_api.read`). A cell may hold commas and line breaks
inside quotes; a row that ends inside an open quote is a truncated file and is refused.
"""

from __future__ import annotations

import csv
import io

from .aside import none_left, set_aside
from .problems import Problem, where
from .raw import RawPage, SourceError
from .sched_api import REQUIRED, read


def _columns(line: str) -> list[str]:
    """The header's names as the JSON export spells its keys ("Event Start" -> event_start)."""
    try:
        cells = next(csv.reader([line]))
    except (csv.Error, StopIteration):
        return []
    return [_name(c) for c in cells]


def _name(cell: str) -> str:
    return "_".join(cell.strip().lower().split())


def looks_like(text: str) -> bool:
    first = text.lstrip().split("\n", 1)[0].rstrip("\r")
    return all(name in _columns(first) for name in REQUIRED)


def parse(text: str, source: str, timezone: str | None = None) -> RawPage:
    body = text.lstrip()
    reader = csv.reader(io.StringIO(body, newline=""), strict=True)
    try:
        header = next(reader)
        columns = [_name(c) for c in header]
        items, lines = [], []
        long: list[Problem] = []
        start = reader.line_num + 1
        for row in reader:
            item = dict(zip(columns, row, strict=False))
            if len(row) > len(columns):  # a cell with an unquoted comma: which is which?
                said = f"{len(row)} cells under a header of {len(columns)}"
                title = " ".join(item.get("name", "").split())[:60] or None
                set_aside(long, "too many cells", said, where(source, start, title))
            elif any(cell.strip() for cell in row):
                items.append(item)
                lines.append(start)
            start = reader.line_num + 1
    except csv.Error as exc:
        raise SourceError(source, f"not valid CSV ({exc}): truncated?", reader.line_num) from exc
    if not items and long:
        raise none_left(source, long, len(long))
    if not items:
        raise SourceError(source, "a Sched CSV export with a header but no sessions")
    page = read(items, source, timezone, lines)
    page.problems[:0] = long
    return page
