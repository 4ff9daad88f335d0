"""Sched's API export (`/api/session/export`): a JSON list of sessions with naive local times.

It names neither the event nor its timezone: those come from another source given with it,
or from the command line (`--event-name`, `--timezone`).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from ..domain import jsontext
from .markup import html_paragraphs
from .raw import RawPage, RawSession, RawSpeaker, SourceError, split_kind, strip_read_more

REQUIRED = ("name", "event_start", "event_end")


def looks_like(doc: Any) -> bool:
    return isinstance(doc, list) and any(isinstance(x, dict) and "event_start" in x for x in doc[:5])


def parse(text: str, source: str) -> RawPage:
    try:
        doc = jsontext.loads(text, strict=False)
    except json.JSONDecodeError as exc:
        raise SourceError(source, f"not valid JSON: {exc.msg}", exc.lineno) from exc
    if not isinstance(doc, list):
        raise SourceError(source, "expected a JSON list of sessions (Sched's session/export)")
    page = RawPage(source=source, kind="api")
    for n, item in enumerate(doc, start=1):
        if isinstance(item, dict) and str(item.get("active", "Y")).upper() == "N":
            continue  # hidden in Sched: not part of the public schedule
        page.sessions.append(_session(item, n, source))
    return page


def _session(item: Any, n: int, source: str) -> RawSession:
    where = f"session #{n}"
    if not isinstance(item, dict):
        raise SourceError(source, f"{where}: expected an object, got {type(item).__name__}")
    missing = [k for k in REQUIRED if not isinstance(item.get(k), str) or not item[k].strip()]
    if missing:
        raise SourceError(
            source, f"{where} ({item.get('event_key', '?')}): missing or empty {', '.join(missing)}"
        )
    kind, title = split_kind(item["name"].strip())
    return RawSession(
        source=source,
        title=title,
        kind=kind,
        start=_time(item["event_start"], source, where),
        end=_time(item["event_end"], source, where),
        room=_opt(item.get("venue")),
        track=_opt(item.get("event_type")),
        level=_opt(item.get("audience")),
        description=_html(item.get("description")),
        speakers=[_speaker(p, source, where) for p in _speaker_list(item.get("speakers"))],
    )


def _time(value: str, source: str, where: str) -> datetime:
    try:
        parsed = datetime.fromisoformat(value.strip())
    except ValueError as exc:
        raise SourceError(source, f"{where}: unreadable time {value!r}") from exc
    return parsed.replace(tzinfo=None) if parsed.tzinfo is None else parsed


def _speaker_list(value: Any) -> list[Any]:
    if value is None or value == "":
        return []
    if isinstance(value, str):  # some exports flatten speakers to "A, B"
        return [{"name": name.strip()} for name in value.split(",") if name.strip()]
    return value if isinstance(value, list) else [value]


def _speaker(p: Any, source: str, where: str) -> RawSpeaker:
    if not isinstance(p, dict) or not _opt(p.get("name")):
        raise SourceError(source, f"{where}: a speaker without a name: {p!r}"[:200])
    bio, cut = strip_read_more("\n\n".join(_html(p.get("about") or p.get("bio"))))
    return RawSpeaker(
        name=str(p["name"]).strip(),
        role=_opt(p.get("position") or p.get("role")),
        company=_opt(p.get("company")),
        bio=bio or None,
        bio_truncated=cut,
    )


def _html(value: Any) -> tuple[str, ...]:
    """Sched's texts are HTML by contract (its editor writes "&lt;" for "<"), tags or not."""
    return html_paragraphs(value) if isinstance(value, str) and value.strip() else ()


def _opt(value: Any) -> str | None:
    return value.strip() or None if isinstance(value, str) else None
