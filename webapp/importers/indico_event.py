"""Indico's event export with its contributions (`export/event/<id>.json?detail=contributions`,
or `detail=sessions`, whose contributions sit in session blocks): one event, its timezone
(the venue's), and each contribution with its time, room, session, type and people."""

from __future__ import annotations

import re
from typing import Any

from ..domain.timeutil import zone
from . import indico_fields as f
from .indico_links import links, page
from .problems import Problem
from .raw import RawPage, RawSession, SourceError

_LOCALE = re.compile(r"([a-z]{2,3})(?:[_-]([A-Za-z]{2}))?")


def read(results: list[Any], source: str) -> RawPage:
    if not results:
        raise SourceError(source, "an Indico export with no event in it (a wrong id, or not public?)")
    if len(results) > 1:
        raise SourceError(source, f"an Indico export of {len(results)} events: export one event at a time")
    ev = results[0]
    if not isinstance(ev, dict):
        raise SourceError(source, "an Indico export whose event is not an object")
    where = f.Where(source, f"event {ev.get('id', '?')}")
    page = RawPage(source=source, kind="schedule", event_name=f.title(ev, where))
    page.timezone = _timezone(ev.get("timezone"), where)
    page.venue = f.text(ev.get("location"))
    page.url = _http(ev.get("url"))
    page.language = _language(ev.get("language"))
    items = _contributions(ev, where, page.problems)
    untimed = []
    reason: f.EntryError | None = None  # the first contribution set aside, said if none is read
    for n, (item, block) in enumerate(items, start=1):
        try:
            session = _session(item, n, str(ev.get("id", "")), page.venue, source, page.problems, block)
        except f.EntryError as exc:
            page.problems.append(f.set_aside(exc, item))
            reason = reason or exc
            continue
        if session is None:
            untimed.append(f.text(item.get("title")) or f"#{n}")
        else:
            page.sessions.append(session)
    page.sessions += _empty_blocks(ev, page.venue, source, page.problems)
    if untimed:
        shown = ", ".join(repr(t) for t in untimed[:5]) + (", ..." if len(untimed) > 5 else "")
        page.notes.append(
            f"{source}: {len(untimed)} contribution(s) not in the timetable (no start), left out: {shown}"
        )
    if not page.sessions:
        why = f": {len(page.problems)} set aside, the first: {reason.detail}" if reason else ""
        raise SourceError(source, f"none of the event's {len(items)} contributions is in the timetable{why}")
    return page


def _contributions(
    ev: dict[str, Any], where: f.Where, aside: list[Problem]
) -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
    """(contribution, its session block in a `detail=sessions` export, else None); one that is
    not an object (nor in one) is set aside."""
    if "contributions" not in ev and "sessions" not in ev:
        raise where.error(
            "the export lists no contributions: export it with ?detail=contributions, or the timetable"
        )
    items: list[tuple[Any, dict[str, Any] | None]] = [
        (i, None) for i in _list(ev.get("contributions"), where, "contributions")
    ]
    for block in _list(ev.get("sessions"), where, "sessions"):
        if not isinstance(block, dict):
            aside.append(
                where.problem(
                    f.NOT_AN_OBJECT, f"a session block is not an object: {block!r}"[:200] + "; set aside"
                )
            )
            continue
        items += [
            (i, block) for i in _list(block.get("contributions"), where, "a session block's contributions")
        ]
    for bad, _ in items:
        if not isinstance(bad, dict):
            aside.append(
                where.problem(
                    f.NOT_AN_OBJECT, f"a contribution is not an object: {bad!r}"[:200] + "; set aside"
                )
            )
    return [(i, block) for i, block in items if isinstance(i, dict)]


def _empty_blocks(
    ev: dict[str, Any], venue: str | None, source: str, aside: list[Problem]
) -> list[RawSession]:
    """A session block without contributions (a round table, an opening) is on the timetable
    as itself, led by its conveners, as the timetable export has it (`indico_timetable`)."""
    out = []
    for block in _list(ev.get("sessions"), f.Where(source, "sessions"), "sessions"):
        if not isinstance(block, dict):
            continue  # set aside by `_contributions`
        where = f.Where(source, f"session block {block.get('id', '?')}", f.text(block.get("title")))
        try:
            when = f.times(block, where) if not block.get("contributions") else None
            title = f.title(block, where) if when is not None else ""  # "Session: Block"
        except f.EntryError as exc:
            aside.append(f.set_aside(exc, block))
            continue
        if when is not None:
            session = block.get("session")
            track = f.text(session.get("title")) if isinstance(session, dict) else None
            out.append(
                RawSession(
                    source=source,
                    title=title,
                    start=when[0],
                    end=when[1],
                    room=f.room(block, venue),
                    track=track or title,
                    guid=f.block_guid(ev.get("id"), block.get("id")),
                    description=f.description(block.get("description")),
                    speakers=f.people(block.get("conveners"), where, aside),
                )
            )
    return out


def _list(value: Any, where: f.Where, name: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise where.error(f"{name} is not a list")
    return list(value)


def _session(
    item: dict[str, Any],
    n: int,
    event_id: str,
    venue: str | None,
    source: str,
    aside: list[Problem],
    block: dict[str, Any] | None = None,
) -> RawSession | None:
    """The contribution's session, None when it is not in the timetable; EntryError when it
    cannot be read (set aside by the caller)."""
    what = f"contribution {item.get('friendly_id') or item.get('id') or f'#{n}'}"
    where = f.Where(source, what, f.text(item.get("title")))
    title = f.title(item, where)
    when = f.times(item, where)
    if when is None:
        return None
    session = block.get("session") if block else None
    if isinstance(session, dict) and session.get("isPoster") is True:
        # A poster is on show for its whole poster session, as Indico displays it and as its
        # timetable export writes it (Contribution.start_dt_display): not its own slot.
        when = f.times(block, f.Where(source, f"session block {block.get('id', '?')}")) or when
    proposed, guid, number = f.ids(event_id, item.get("friendly_id", item.get("id")), item.get("db_id"))
    speakers = f.people(item.get("speakers"), where, aside) or f.people(
        item.get("primaryauthors"), where, aside
    )
    return RawSession(
        source=source,
        title=title,
        start=when[0],
        end=when[1],
        kind=f.text(item.get("type")),
        room=f.room(item, venue),
        track=f.text(item.get("session")) or f.text(item.get("track")),
        description=f.description(item.get("description")),
        speakers=speakers,
        proposed_id=proposed,
        guid=guid,
        number=number,
        links=links(item),
        url=page(item),
    )


def _timezone(value: Any, where: f.Where) -> str | None:
    if value is None or value == "":
        return None
    try:
        zone(str(value))
    except ValueError as exc:
        raise where.error(str(exc)) from None
    return str(value)


def _http(value: Any) -> str | None:
    url = f.text(value)
    return url if url and url.lower().startswith(("https://", "http://")) else None


def _language(value: Any) -> str | None:
    """Indico's locale ("en_GB") as a language tag ("en-GB")."""
    found = _LOCALE.fullmatch(value.strip()) if isinstance(value, str) else None
    if not found:
        return None
    return found[1] + (f"-{found[2].upper()}" if found[2] else "")
