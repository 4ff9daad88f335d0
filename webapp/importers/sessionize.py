"""Sessionize's API exports: "All", "GridSmart" and "Sessions" JSON (`sessionize_shapes`,
`sessionize_all`), turned into one page of sessions.

Sessionize names neither the event nor its timezone, and writes times as the venue's wall
clock: `--event-name` and `--timezone` say them (merge stops and asks when they are missing).
Sessions not on the schedule yet (no time) are left out, and the import summary says which.
Categories fill the fields their titles name (`sessionize_fields.plan`); each session's id
proposes Hallway's id and gives its guid, so a later import keeps every id.
"""

from __future__ import annotations

import json
from typing import Any

from ..domain import jsontext
from .aside import locate, none_left, set_aside
from .raw import RawPage, RawSession, SourceError
from .sessionize_all import read as read_all
from .sessionize_fields import categorize, links, plan, session_ids, text, text_paragraphs, when
from .sessionize_shapes import Export, Item, grid, grouped, shape

_SHOWN = 5  # titles the summary names of the sessions left out


def looks_like(doc: Any) -> bool:
    return shape(doc) is not None


def parse(text_: str, source: str) -> RawPage:
    try:
        doc = jsontext.loads(text_.removeprefix("\ufeff"), strict=False)
    except json.JSONDecodeError as exc:
        raise SourceError(source, f"not valid JSON: {exc.msg}", exc.lineno) from exc
    return read(doc, source)


def read(doc: Any, source: str) -> RawPage:
    """The page a parsed Sessionize export says."""
    export = _export(doc, source)
    page = RawPage(source=source, kind="api", rooms=[(name, None) for name in export.rooms])
    page.notes.extend(export.notes)
    page.problems.extend(export.problems)
    scheduled: list[tuple[Item, str]] = []
    waiting: list[str] = []
    for item in export.items:
        title = text(item.doc.get("title"))
        if title is None:
            set_aside(
                page.problems, "session without a title", "no title", locate(source, item.where, item.sid)
            )
        elif item.doc.get("startsAt") is None or item.doc.get("endsAt") is None:
            waiting.append(title)
        else:
            scheduled.append((item, title))
    if not scheduled and page.problems and not waiting:
        raise none_left(source, page.problems, len(page.problems))
    if not scheduled:
        raise SourceError(
            source,
            f"none of its {len(waiting)} sessions is on the schedule yet (no start time in Sessionize)"
            if waiting
            else "the export lists no sessions",
        )
    how = plan(c for item, _ in scheduled for c in item.categories)
    for item, title in scheduled:
        fields, extra = categorize(item.categories, how)
        try:
            page.sessions.append(_session(item, title, fields, extra, source))
        except SourceError as exc:  # one odd session never refuses the rest
            set_aside(page.problems, "unreadable time", exc, locate(source, item.where, item.sid, title))
    if not page.sessions:
        raise none_left(source, page.problems, len(scheduled))
    page.notes.extend(_notes(source, waiting, how.fallback, how.extra))
    return page


def _export(doc: Any, source: str) -> Export:
    kind = shape(doc)
    if kind == "All":
        return read_all(doc, source)
    if kind == "GridSmart":
        return grid(doc, source)
    if kind == "Sessions":
        return grouped(doc, source)
    if kind == "Speakers":
        raise SourceError(
            source, "a Sessionize list of speakers, which has no times: export All, GridSmart or Sessions"
        )
    raise SourceError(source, "not a Sessionize export (All, GridSmart or Sessions JSON)")


def _session(
    item: Item, title: str, fields: dict[str, str], extra: tuple[str, ...], source: str
) -> RawSession:
    start = when(item.doc["startsAt"], "startsAt", source)
    end = when(item.doc["endsAt"], "endsAt", source)
    if (start.tzinfo is None) != (end.tzinfo is None):
        raise SourceError(source, "one of its times has a UTC offset and the other none")
    if end < start:
        raise SourceError(source, f"ends ({item.doc['endsAt']}) before it starts")
    proposed, guid, number = session_ids(item.sid)
    return RawSession(
        source=source,
        title=title,
        start=start,
        end=end,
        kind=fields.get("kind"),
        room=item.room,
        track=fields.get("track"),
        level=fields.get("level"),
        # Service sessions (breaks, registration) have a GUID for an id, no speakers and a
        # null description: nothing of that needs a case of its own.
        description=text_paragraphs(item.doc.get("description")) + extra,
        speakers=item.speakers,
        proposed_id=proposed,
        guid=guid,
        number=number,
        language=fields.get("language"),
        links=links(item.doc, item.answers),
    )


def _notes(source: str, waiting: list[str], fallback: str | None, extra: list[str]) -> list[str]:
    out = []
    if waiting:
        named = ", ".join(repr(t) for t in waiting[:_SHOWN])
        more = f" and {len(waiting) - _SHOWN} more" if len(waiting) > _SHOWN else ""
        out.append(
            f"{source}: {len(waiting)} session(s) not on the schedule yet (no time in Sessionize) "
            f"were left out: {named}{more}"
        )
    if fallback:
        out.append(f"{source}: no category is titled Track or Topic; {fallback!r} is taken as the track")
    if extra:
        names = ", ".join(repr(t) for t in extra)
        out.append(
            f"{source}: Hallway has no field for the categories {names}: a session's are the last "
            f'paragraph of its description ("{extra[0]}: …")'
        )
    return out
