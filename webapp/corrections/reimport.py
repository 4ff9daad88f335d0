"""Corrections on top of a schedule import, including one made after they were published.

Every correction is re-applied, in order, to the newest import. Most apply as they did. Some
the new data already contains (redundant: the sources caught up); some it contradicts (the
session is gone, or the field now holds a third value): those are named, so the organizer can
keep or revert each. A contradicted change to a field still wins over the import (the organizer
decided it later than the sources); a change to a session that is gone cannot apply.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..domain.model import Schedule, Session
from ..domain.serialize import session_from_dict, session_to_dict
from ..domain.text import clean_record
from .apply import Correction, with_fields

REDUNDANT = "redundant"
CONTRADICTED = "contradicted"
# A stored correction whose content no longer applies (a damaged row that still reads as JSON):
# left out, named, never a reason to stop serving.
UNREADABLE = "unreadable"


@dataclass(frozen=True)
class Finding:
    correction: Correction
    status: str  # REDUNDANT or CONTRADICTED
    reason: str
    applied: bool  # False: the correction could not apply (its session is gone)


def reapply(base: Schedule, corrections: Iterable[Correction]) -> tuple[Schedule, list[Finding]]:
    """`base` with every correction re-applied, and what the import made of each that it touched.

    One pass over a list of sessions (like `apply`): this runs for every new version."""
    sessions = list(base.sessions)
    index = {s.id: i for i, s in enumerate(sessions)}
    findings: list[Finding] = []
    for c in corrections:
        try:
            _reapply_one(base, c, sessions, index, findings)
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            findings.append(Finding(c, UNREADABLE, f"cannot be applied: {type(exc).__name__}: {exc}", False))
    return base.with_sessions(tuple(sessions)), findings


def _reapply_one(
    base: Schedule, c: Correction, sessions: list[Any], index: dict[str, int], findings: list[Finding]
) -> None:
    # Every new value is made before anything is recorded: one that fails leaves no trace.
    change = c.change
    if change.session is None:
        return  # room status, announcements: no session involved
    i = index.get(change.session)
    if change.kind == "add":
        if i is not None:
            reason = f"the import now has a session with id {change.session!r}; the added one is left out"
            findings.append(Finding(c, CONTRADICTED, reason, False))
        else:
            added = clean_record(session_from_dict(change.after))
            index[change.session] = len(sessions)
            sessions.append(added)
        return
    if i is None:
        reason = f"session {change.session!r} is not in the imported schedule"
        findings.append(Finding(c, CONTRADICTED, reason, False))
        return
    now = session_to_dict(sessions[i])
    if all(now.get(k) == v for k, v in change.after.items()):
        findings.append(Finding(c, REDUNDANT, f"the import already has {_fields(change.after)}", True))
        return
    updated = _well_typed(clean_record(with_fields(sessions[i], change.after)))  # as `apply` does
    old = change.before
    differ = {k: now.get(k) for k in change.after if now.get(k) not in (old.get(k), change.after[k])}
    if differ:
        was = _fields({k: change.before.get(k) for k in differ})
        keeps = _fields({k: change.after[k] for k in differ})
        reason = f"the import has {_fields(differ)} (it was {was} when corrected); it keeps {keeps}"
        findings.append(Finding(c, CONTRADICTED, reason, True))
    sessions[i] = updated


_TEXT = ("title",)
_OPTIONAL_TEXT = ("kind", "room", "track", "level", "guid", "language", "subtitle")


def _well_typed(session: Session) -> Session:
    """`session` when its fields have their types: a stored row whose bytes changed may still
    be JSON, with a title that is a number, which every export would then fail on."""
    wrong = [f for f in _TEXT if not isinstance(getattr(session, f), str)]
    wrong += [f for f in _OPTIONAL_TEXT if not isinstance(getattr(session, f), str | None)]
    listed = ("description", "speakers")
    wrong += [f for f in listed if not all(isinstance(x, str) for x in getattr(session, f))]
    if not isinstance(session.status, str) or not isinstance(session.slides, bool | None):
        wrong.append("status or slides")
    if wrong:
        raise TypeError(f"session {session.id}: {', '.join(wrong)} of the wrong type")
    return session


def _fields(values: dict[str, Any]) -> str:
    return ", ".join(f"{k} {_short(v)}" for k, v in values.items())


def _short(value: Any) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:39] + "…"
