"""Corrections described in one line, for the command line and the log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # apply.py imports this module: only the types come from there
    from ..domain.model import Schedule
    from .apply import Change


def describe(change: Change, schedule: Schedule) -> str:
    """One line for people: 'Compiling Things: room side -> main (moved to the larger room)'."""
    if change.session is None:
        return _describe_notice(change)
    session = schedule.session(change.session)
    title = session.title if session else change.after.get("title", change.session)
    if change.kind == "add":
        parts = [f"added, {change.after['start']} in {change.after.get('room') or 'no room'}"]
    else:
        parts = [f"{k} {_short(change.before[k])} -> {_short(v)}" for k, v in change.after.items()]
    text = f"{title}: {'; '.join(parts)}"
    if change.reverts is not None:
        text += f" (reverts version {change.reverts})"
    return text + (f" ({change.note})" if change.note else "")


def _describe_notice(change: Change) -> str:
    if change.kind == "room_status":
        text = f"room {change.after['room']} is {change.after['status']}"
    elif change.kind == "announce":
        text = f"announcement: {_short(change.after['text'])}"
    else:
        what = "announcement" if "text" in change.before else "room status"
        text = f"{what} withdrawn"
    if change.reverts is not None:
        text += f" (reverts version {change.reverts})"
    return text + (f" ({change.note})" if change.note else "")


def _short(value: Any) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:39] + "…"
