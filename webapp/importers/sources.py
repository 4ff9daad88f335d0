"""Which format a source is in, told by its content (never by its file name), and the
parser for it. frab schedules arrive complete and are turned into pages so that they merge
and keep their ids like any other source."""

from __future__ import annotations

import importlib
import json
import re
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..domain import jsontext
from ..domain.ids import normalize
from ..domain.model import Schedule
from ..domain.text import clean
from . import ical, indico, sched_api, sched_csv, sched_html, sched_text, sessionize, sheet
from .bounds import check_size
from .problems import Problem
from .raw import RawPage, RawSession, RawSpeaker, SourceError
from .sheet_read import Table, csv_table, is_xlsx, legacy_text, xlsx_table

if TYPE_CHECKING:
    from .merge import Overrides

FORMATS = (
    "Sched page text or HTML, Sched API JSON or CSV, frab schedule.json or schedule.xml, iCalendar, "
    "Indico event (detail=contributions) or timetable JSON, Sessionize All, GridSmart or Sessions JSON, "
    "a spreadsheet (CSV or XLSX) with a header row"
)
# What a file the importer does not read is told, in one sentence with the file's name.
READS = (
    "it reads Sched, frab, pretalx, iCalendar, Indico and Sessionize exports, and CSV or XLSX "
    "spreadsheets with a header row"
)
# `[event]` or `[[sessions]]` alone on the first line: TOML or INI, which JSON never starts with.
TABLE_HEADER = re.compile(r"\[\[?[A-Za-z_][A-Za-z0-9_. \"-]*\]\]?[ \t]*(#.*)?\r?\n")


def parse_source(
    data: bytes, source: str, timezone: str | None = None, given: Overrides | None = None
) -> RawPage:
    """The page a source file says; `timezone` (`--timezone`) is for formats that need it
    while parsing (a frab file that names no zone and gives wall-clock times, a Sched
    calendar, whose zone is always "UTC"; a Sched export, whose wall-clock times it checks
    against the instants the export gives); `given` says a spreadsheet's columns and dates."""
    check_size(data, source)
    columns = given.columns if given else ()
    if is_xlsx(data):
        return _sheet(xlsx_table(data, source, columns), given)
    if ical.looks_like(data):  # decoded property by property: each may name its own CHARSET
        return ical.parse(ical.decode(data, source), source, timezone)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        # Excel saves "CSV" in the Windows code page and "Unicode text" as UTF-16: a sheet's
        # header read that way is a spreadsheet; anything else is still refused as not UTF-8.
        table = csv_table(legacy_text(data), source, columns) if legacy_text(data) else None
        if table is not None:
            return _sheet(table, given)
        raise SourceError(source, f"not UTF-8 text (byte {exc.start}), not a schedule: {READS}") from exc
    if "\x00" in text:
        raise SourceError(source, f"binary data, not a schedule: {READS}")
    stripped = text.strip()
    if not stripped:
        raise SourceError(source, "the file is empty")
    if TABLE_HEADER.match(stripped):
        raise SourceError(source, f"looks like TOML or INI (a [section] line), not a schedule ({FORMATS})")
    # Texts are cleaned in the merged schedule (`merge`), which also catches escaped controls
    # ("\u0001", "&#127;"); JSON parsers take raw ones inside strings (strict=False), but an
    # XML parser refuses them outright, so pages lose theirs before any parser sees them.
    if stripped[0] in "[{":
        return _json(text, source, timezone)
    text = clean(text)
    stripped = text.strip()
    if stripped.startswith("<"):
        head = stripped[:4000].lower()
        if "<schedule" in head and "<html" not in head:
            return _frab("frab_xml", text, source, timezone)
        if sched_html.looks_like(stripped):
            try:
                return sched_html.parse(text, source)
            except sched_html.NotSched:  # another site's page: the one sentence every such file gets
                raise SourceError(source, f"not a schedule this importer reads: {READS}") from None
    elif sched_csv.looks_like(text):  # a header row naming Sched's columns: text, not JSON
        return sched_csv.parse(text, source, timezone)
    elif sched_text.looks_like(text):
        return sched_text.parse(text, source)
    elif (table := csv_table(text, source, columns)) is not None:
        return _sheet(table, given)
    if columns:
        names = ", ".join(f"{f}={n}" for f, n in columns)
        raise SourceError(source, f"no header row in its first lines has the columns --column {names} names")
    raise SourceError(source, f"not a schedule this importer reads: {READS}")


def parser_for(given: Overrides) -> Callable[[bytes, str, str | None], RawPage]:
    """`parse_source` with the import's own options bound (a spreadsheet's `--column` and
    `--date-format`), for the follower, which parses as `schedule import` does."""
    return lambda data, source, timezone: parse_source(data, source, timezone, given)


def _sheet(table: Table, given: Overrides | None) -> RawPage:
    return sheet.parse(table, given.date_format if given else None, given.language if given else None)


def _json(text: str, source: str, timezone: str | None) -> RawPage:
    try:
        doc = jsontext.loads(text, strict=False)
    except json.JSONDecodeError as exc:
        raise SourceError(
            source, f"not valid JSON ({exc.msg}, column {exc.colno}): truncated?", exc.lineno
        ) from exc
    if sched_api.looks_like(doc):
        return sched_api.parse(text, source, timezone)
    if isinstance(doc, dict) and "schedule" in doc:
        page = _frab("frab_json", text, source, timezone)
        page.calendar_days = importlib.import_module(f"{__package__}.frab_json").says_calendar_days(doc)
        return page
    if indico.looks_like(doc):
        return indico.read(doc, source)
    if sessionize.looks_like(doc):
        return sessionize.read(doc, source)
    if isinstance(doc, dict) and {"talks", "rooms", "speakers"} <= doc.keys():
        raise SourceError(
            source,
            "this is pretalx's schedule widget data (schedule/widgets/schedule.json), which this "
            "importer does not read: export the event's schedule/export/schedule.json instead",
        )
    raise SourceError(source, f"JSON of an unknown shape, not a schedule: {READS}")


def _frab(module: str, text: str, source: str, timezone: str | None) -> RawPage:
    try:
        parser: Callable[..., Schedule] = importlib.import_module(f"{__package__}.{module}").parse
    except ModuleNotFoundError as exc:
        raise SourceError(source, f"this version cannot read frab files yet ({module} is missing)") from exc
    notes: list[str] = []
    problems: list[Problem] = []
    try:
        schedule = parser(text, source, timezone, notes, problems)
    except ValueError as exc:
        if str(exc).startswith(source):  # already says which file (and line)
            raise
        raise SourceError(source, f"not a valid frab schedule: {exc}") from exc
    except (KeyError, TypeError) as exc:
        raise SourceError(source, f"not a valid frab schedule: {exc}") from exc
    page = schedule_page(schedule, source)
    page.notes.extend(notes)
    page.problems.extend(problems)
    return page


def schedule_page(schedule: Schedule, source: str) -> RawPage:
    """A complete schedule as a page, so it merges like the others; its ids are proposals."""
    ev = schedule.event
    page = RawPage(source=source, kind="schedule", event_name=ev.name, city=ev.city, venue=ev.venue)
    page.timezone = ev.timezone
    page.url, page.language, page.day_ranges, page.event_id = ev.url, ev.language, ev.day_ranges, ev.id
    page.rooms = [(r.name, r.guid) for r in schedule.rooms]
    page.track_colors = {t.name: t.color for t in schedule.tracks if t.color}
    # Two people of one name are told apart by the id the frab importer gave each.
    names = Counter(normalize(p.name) for p in schedule.speakers)
    rooms = {r.id: r.name for r in schedule.rooms}
    tracks = {t.id: t.name for t in schedule.tracks}
    for s in schedule.sessions:
        speakers = [schedule.speaker(pid) for pid in s.speakers]
        page.sessions.append(
            RawSession(
                source=source,
                title=s.title,
                start=s.start,
                end=s.end,
                kind=s.kind,
                room=rooms.get(s.room or ""),
                track=tracks.get(s.track or ""),
                level=s.level,
                slides=s.slides,
                description=s.description,
                speakers=[
                    RawSpeaker(
                        p.name,
                        p.role,
                        p.company,
                        p.bio,
                        p.bio_truncated,
                        guid=p.guid,
                        identity=f"guid:{p.guid}"
                        if p.guid
                        else f"{source}#{p.id}"
                        if names[normalize(p.name)] > 1
                        else None,
                    )
                    for p in speakers
                    if p is not None
                ],
                proposed_id=s.id,
                guid=s.guid,
                number=s.number,
                language=s.language,
                subtitle=s.subtitle,
                links=s.links,
                url=s.url,
            )
        )
    return page
