"""Setting one unreadable session aside in the JSON and page importers (Sessionize, Sched):
the `Problem` that says it, and the refusal when nothing was left to import.

A parser's checks raise `SourceError`, which names the file (and line) first; set aside, the
message is said once, after a locator that names the file, the session's place in it and,
when known, its id and title.
"""

from __future__ import annotations

from .problems import Problem
from .raw import SourceError


def locate(source: str, place: str, sid: str | None = None, title: str | None = None) -> str:
    """ "export.json, sessions[2] (session 502, 'Fast Tables')": file, place, id and title."""
    said = [f"session {sid}" if sid else None, repr(title[:60]) if title else None]
    known = ", ".join(s for s in said if s)
    return f"{source}, {place} ({known})" if known else f"{source}, {place}"


def message(exc: SourceError, place: str = "") -> str:
    """What a `SourceError` says after its file and line, and after `place` when it names that
    first (the problem's locator says those): "sessions[0].roomId: room 999 ..." becomes
    "roomId: room 999 ..."."""
    head = f"{exc.source}, line {exc.line}: " if exc.line else f"{exc.source}: "
    text = str(exc).removeprefix(head)
    if place and text.startswith(place):
        text = text.removeprefix(place).lstrip(".")
        if not text[:1].isalnum():  # " (id 5, 'Title'): ..." or ": ...": the place again
            text = text.partition(": ")[2] or text
    return text


def set_aside(
    problems: list[Problem], kind: str, what: str | SourceError, here: str, place: str = ""
) -> None:
    said = message(what, place) if isinstance(what, SourceError) else what
    problems.append(Problem(kind, f"{said}; set aside", here))


def none_left(source: str, problems: list[Problem], total: int) -> SourceError:
    """The refusal of a file none of whose `total` sessions could be read."""
    first = problems[0]
    return SourceError(
        source,
        f"none of its {total} session(s) could be read; the first: {first.where}: {first.message}",
    )
