"""The sanity cap on an import's size in sessions (IMPORT_MAX_SESSIONS): a source that grows
past any real event (a runaway export, a hostile file) is refused before it is merged, and the
last good schedule is kept.

Sessions are counted as each source is parsed. A Sched CSV export is counted row by row first
and refused at the first row over the cap: its parser spends far more per row than the CSV
reader, so a million-row file costs the time of reading the cap's rows, not of parsing them all.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence

from . import sched_csv
from .raw import RawPage, SourceError
from .sources import parse_source


def too_many(source: str, cap: int) -> SourceError:
    return SourceError(
        source, f"more than {cap:,} sessions, the most an import may have (IMPORT_MAX_SESSIONS)"
    )


def parse_pages(
    bodies: Sequence[bytes],
    names: Sequence[str],
    timezone: str | None,
    cap: int,
    parse: Callable[[bytes, str, str | None], RawPage] = parse_source,
) -> list[RawPage]:
    """Each source parsed (by `parse`); SourceError when all together have more than `cap`
    sessions (0: no cap), naming the source that passed it."""
    pages: list[RawPage] = []
    total = 0
    for body, name in zip(bodies, names, strict=True):
        if cap and csv_rows_over(body, cap - total):
            raise too_many(name, cap)
        page = parse(body, name, timezone)
        total += len(page.sessions)
        if cap and total > cap:
            raise too_many(name, cap)
        pages.append(page)
    return pages


def refuse_over(pages: Sequence[RawPage], names: Sequence[str], cap: int) -> None:
    """SourceError naming the source with which `pages` pass `cap` sessions (0: no cap)."""
    total = 0
    for page, name in zip(pages, names, strict=True):
        total += len(page.sessions)
        if cap and total > cap:
            raise too_many(name, cap)


def refuse_long_csv(bodies: Sequence[bytes], names: Sequence[str], cap: int) -> None:
    """SourceError for a Sched CSV export with more than `cap` rows, before any is parsed."""
    for body, name in zip(bodies, names, strict=True):
        if cap and csv_rows_over(body, cap):
            raise too_many(name, cap)


def csv_rows_over(data: bytes, left: int) -> bool:
    """True when `data` is a Sched CSV export with more than `left` rows of sessions; read only
    that far. Anything else (or a CSV that does not read) is the parser's to judge."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return False
    if not sched_csv.looks_like(text):
        return False
    reader = csv.reader(io.StringIO(text.lstrip(), newline=""))
    rows = -1  # the header row
    try:
        for row in reader:
            if any(cell.strip() for cell in row):
                rows += 1
                if rows > left:
                    return True
    except csv.Error:
        return False
    return False
