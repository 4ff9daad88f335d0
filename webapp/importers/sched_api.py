"""Sched's API export (`/api/session/export?format=json`): a list of sessions with naive local times.

Every value may arrive as a string (`"goers": "83"`, `"custom_order": "0"`); a missing field,
`null` and `""` all mean "not said". `format=csv` gives the same fields as columns
(`sched_csv` reads those rows and hands them here).

The export names neither the event nor its timezone: the name comes from another source given
with it or from `--event-name`; the times are the venue's wall clock, so the zone comes from
another source or from `--timezone` (an import without either stops and says so). Where a
session has `start_time_ts` (its start as a Unix time), the UTC offset it implies is kept
(`--city` can then name the zone) and a `--timezone` that puts the wall clock at another
instant is refused.

Sched lets an event relabel its custom fields, and some do: GraphQLConf 2024 keeps the audience
level in `company` and the format ("Lightning Talks") in `audience`. So the level is whichever
field holds a level word, and a format in `audience` is the kind when the title gives none.

The name is the heading Sched shows ("Keynote: Title - Name, Company; Name, Company"): its
people part is taken off the title as on Sched's pages, so the export merges with them; the
kind a prefix says is kept beside a title left as published. The people are the export's
`speakers`; the heading, typed by hand in styles the heading reader misreads ("; ",
"Role, Company"), names people only where the export lists none.
"""

from __future__ import annotations

import json
import re
import uuid
from datetime import UTC, datetime
from typing import Any

from ..domain import jsontext
from ..domain.model import Link
from ..domain.text import clean
from ..domain.timeutil import localize
from .aside import none_left, set_aside
from .markup import html_paragraphs, one_line, safe_url
from .people import heading_people, reconcile, split_heading
from .problems import Problem
from .raw import RawPage, RawSession, SourceError, is_level, kind_beside
from .sched_speakers import speakers, text_line

REQUIRED = ("name", "event_start", "event_end")
# Custom fields an event may have relabelled, where an audience level or a format can hide.
_CUSTOM = ("audience", "company", "level", "format")
# A session Sched has dated but not timed yet: "2019-05-03 TBA" in event_start or event_end.
_UNTIMED = re.compile(r"\bTB[AD]\b", re.IGNORECASE)
# Words of a format ("Lightning Talks", "Session Presentations"), each without a plural "s".
_FORMAT_WORDS = {"talk", "keynote", "panel", "workshop", "tutorial", "demo", "presentation", "session"}


def looks_like(doc: Any) -> bool:
    return isinstance(doc, list) and any(isinstance(x, dict) and "event_start" in x for x in doc[:5])


def parse(text: str, source: str, timezone: str | None = None) -> RawPage:
    try:
        doc = jsontext.loads(text, strict=False)
    except json.JSONDecodeError as exc:
        raise SourceError(source, f"not valid JSON: {exc.msg}", exc.lineno) from exc
    if not isinstance(doc, list):
        raise SourceError(source, "expected a JSON list of sessions (Sched's session/export)")
    return read(doc, source, timezone)


def read(
    items: list[Any], source: str, timezone: str | None = None, lines: list[int] | None = None
) -> RawPage:
    """The page of a list of Sched sessions (JSON objects or CSV rows as dicts); `lines`: the
    line each item starts on (CSV), for the errors."""
    page = RawPage(source=source, kind="api")
    offsets: list[float] = []
    untimed: list[str] = []
    types = {_type(item) for item in items if isinstance(item, dict)}
    tried = 0
    for n, item in enumerate(items, start=1):
        line = lines[n - 1] if lines else None
        place = f"{source}, line {line}" if line else source
        if not isinstance(item, dict):
            tried += 1
            set_aside(
                page.problems,
                "unreadable session",
                f"not an object but {type(item).__name__}",
                f"{place}, session #{n}",
            )
            continue
        if _text(item.get("active")) in ("N", "n", "0", "false"):
            continue  # hidden in Sched: not part of the public schedule
        if any(_UNTIMED.search(_text(item.get(k)) or "") for k in ("event_start", "event_end")):
            untimed.append(" ".join(str(item.get("name") or f"#{n}").split()))
            continue  # not in the timetable yet, as Sessionize's and Indico's unscheduled ones
        tried += 1
        here = _here(place, n, item)
        try:
            session = _session(item, source, line, types, here, page.problems)
        except SourceError as exc:  # one odd session never refuses the rest
            set_aside(page.problems, "unreadable session", exc, here)
            continue
        offset = _offset(item, session, here, page.problems)
        if offset is not None:
            offsets.append(offset)
            if timezone:
                _check_zone(session, offset, timezone, source)
        page.sessions.append(session)
    if tried and not page.sessions:  # every row set aside: the file is not readable
        raise none_left(source, page.problems, tried)
    page.utc_offset = offsets[0] if offsets else None
    if untimed:
        shown = ", ".join(repr(t) for t in untimed[:5]) + (", ..." if len(untimed) > 5 else "")
        page.notes.append(
            f"{source}: {len(untimed)} session(s) whose time Sched gives as TBA, left out: {shown}"
        )
    return page


def _session(
    item: dict[str, Any],
    source: str,
    line: int | None,
    types: set[str | None],
    here: str,
    problems: list[Problem],
) -> RawSession:
    missing = [k for k in REQUIRED if not _text(item.get(k))]
    if missing:
        raise SourceError(source, f"missing or empty {', '.join(missing)}", line)
    start, end = _time(item["event_start"], source, line), _time(item["event_end"], source, line)
    nameless: list[Any] = []
    people = speakers(item.get("speakers"), nameless)
    # Sched's other roles on a session: a panel's moderators, a show's artists are its people too.
    for role in ("moderators", "artists"):
        seen = {p.name for p in people}
        people += [p for p in speakers(item.get(role), nameless) if p.name not in seen]
    for p in nameless:
        problems.append(
            Problem(
                "speaker without a name",
                f"{p!r}"[:120] + " has no name; the session is imported without them",
                here,
            )
        )
    heading, named = split_heading(one_line(str(item["name"])), [p.name for p in people])
    if not people:  # as on Sched's pages, the heading names who the export does not list
        people = reconcile(heading_people(named, []), [])
    kind, title = kind_beside(heading)
    custom = [text_line(item.get(k)) for k in _CUSTOM]
    level = next((v for v in custom if v and is_level(v)), None)
    fmt = text_line(item.get("audience"))
    if (
        kind is None
        and fmt
        and not is_level(fmt)
        and _FORMAT_WORDS & {w.rstrip("s") for w in fmt.lower().split()}
    ):
        kind = fmt
    key = _text(item.get("event_key"))
    key = clean(key) if key else None  # the guid hashes it: a lone surrogate cannot be encoded
    links = _files(item.get("files"))
    video = safe_url(_text(item.get("video_stream")))
    return RawSession(
        source=source,
        title=title,
        kind=kind,
        start=start,
        end=end,
        room=text_line(item.get("venue")),
        track=_track(_type(item), types),
        level=level,
        slides=True if links else None,
        description=_description(item.get("description")),
        speakers=people,
        proposed_id=_proposed_id(key),
        # Other apps key favourites on a guid; the event_key is Sched's stable key of a session.
        guid=str(uuid.uuid5(uuid.NAMESPACE_URL, f"sched-event-key:{key}")) if key else None,
        number=int(key) if key and key.isascii() and key.isdigit() and int(key) < 2**31 else None,
        line=line,
        links=links + ((Link(video, "Video"),) if video else ()),
    )


def _here(place: str, n: int, item: dict[str, Any]) -> str:
    """ "export.csv, line 12, session #11 (a3f, 'Title')": what finds a session in the file."""
    key, name = _text(item.get("event_key")), text_line(item.get("name"))
    known = ", ".join(filter(None, [key, repr(name[:60]) if name else None]))
    return f"{place}, session #{n}" + (f" ({known})" if known else "")


def _type(item: dict[str, Any]) -> str | None:
    return text_line(item.get("event_type")) or text_line(item.get("type"))


def _track(value: str | None, types: set[str | None]) -> str | None:
    """A session of several types has them joined by ", " ("Gaming, After Dark"); when each is
    a type of the export's own, the first is its track, as on Sched's pages. A type whose name
    holds a comma ("Food, Drink") stays whole."""
    parts = [p.strip() for p in value.split(", ")] if value else []
    if len(parts) > 1 and all(p in types for p in parts):
        return parts[0]
    return value


def _time(value: Any, source: str, line: int | None) -> datetime:
    try:
        parsed = datetime.fromisoformat(str(value).strip())
    except ValueError as exc:
        raise SourceError(source, f"unreadable time {value!r}", line) from exc
    return parsed


def _offset(item: dict[str, Any], session: RawSession, here: str, problems: list[Problem]) -> float | None:
    """Hours east of UTC that `start_time_ts` says the wall clock is at; None when it is absent
    or unreadable (said as a problem: the session is imported, its wall clock as written)."""
    stamp = _text(item.get("start_time_ts"))
    if stamp is None or session.start is None or session.start.tzinfo is not None:
        return None
    try:
        instant = datetime.fromtimestamp(int(stamp), UTC).replace(tzinfo=None)
    except (ValueError, OverflowError, OSError):
        problems.append(
            Problem(
                "unreadable start_time_ts",
                f"{stamp[:40]!r}: imported at its event_start, without the UTC offset the stamp would say",
                here,
            )
        )
        return None
    return (session.start - instant).total_seconds() / 3600


def _check_zone(session: RawSession, offset: float, timezone: str, source: str) -> None:
    assert session.start is not None
    given = localize(session.start, timezone).utcoffset()
    if given is not None and given.total_seconds() / 3600 != offset:
        raise SourceError(
            source,
            f"session {session.title!r} starts at {session.start:%Y-%m-%d %H:%M} on the venue's clock, "
            f"which its start_time_ts says is UTC{offset:+g}, but --timezone {timezone} is "
            f"UTC{given.total_seconds() / 3600:+g} then: pass the venue's zone",
            session.line,
        )


def _description(value: Any) -> tuple[str, ...]:
    """Sched's description is HTML by contract (its editor writes "&lt;" for "<"), tags or
    not; a line break typed in the editor shows as one, so it is one here too."""
    text = _text(value)
    if text is None:
        return ()
    return html_paragraphs(text.replace("\r\n", "\n").replace("\n", "<br>"))


def _files(value: Any) -> tuple[Link, ...]:
    """Uploaded files (slides): their addresses may hold raw spaces, which are escaped."""
    out = []
    for f in value if isinstance(value, list) else ():
        url = safe_url(_text(f.get("path"))) if isinstance(f, dict) else None
        if url:
            out.append(Link(url, _text(f.get("name")), "attachment"))
    return tuple(out)


def _is_format(value: str) -> bool:
    return bool(_FORMAT_WORDS & {w.rstrip("s") for w in value.lower().split()})


def _proposed_id(key: str | None) -> str | None:
    return key.lower() if key else None


def _text(value: Any) -> str | None:
    """A field's value as stripped text; None for null, "" and what is not a scalar."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return None
    return str(value).strip() or None
