"""Checking the fields of a correction request: shapes and types, before any schedule is looked at.

Names and shapes are those of a session in /api/v1/schedule.json, except that a session's own
kind is sent as `session_kind` (the request's `kind` names the correction).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..domain.text import clean
from ..domain.timeutil import check_readable, parse_iso, to_iso

ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
# The ISO 8601 times both Python and every browser's Date read the same way (a date, "T", a
# time, an offset in hours and minutes or Z); Python alone accepts more (week dates, compact
# forms, offsets with seconds), which would reach phones as invalid dates.
TIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})")
# JSON numbers are read as Python ints of any size; a version beyond what SQLite stores (and
# what JavaScript counts exactly) is no version.
MAX_VERSION = 2**53 - 1
MAX_TEXT = 2000
MAX_NOTE = 500
MAX_ITEMS = 100

# Fields each kind may carry besides `kind` and `note`, in the request's names.
EDIT_FIELDS = ("title", "session_kind", "track", "level", "slides", "description", "speakers")
ALLOWED: dict[str, tuple[str, ...]] = {
    "move": ("session", "room"),
    "retime": ("session", "start", "end"),
    "cancel": ("session",),
    "restore": ("session",),
    "edit": ("session", *EDIT_FIELDS),
    "add": ("title", "start", "end", "room", *EDIT_FIELDS[1:]),
    "revert": ("reverts",),
    "room_status": ("room", "status"),
    "announce": ("text", "session", "room"),
}
REQUIRED: dict[str, tuple[str, ...]] = {
    "move": ("session", "room"),
    "retime": ("session",),
    "cancel": ("session",),
    "restore": ("session",),
    "edit": ("session",),
    "add": ("title", "start", "end"),
    "revert": ("reverts",),
    "room_status": ("room", "status"),
    "announce": ("text",),
}
KINDS = tuple(ALLOWED)


class CorrectionError(ValueError):
    """A correction that cannot be accepted; the message says what is wrong."""


def _id(name: str, value: Any) -> str:
    if not isinstance(value, str) or not ID.fullmatch(value):
        raise CorrectionError(f"{name} must be an id (1-64 letters, digits, '-' or '_'), got {value!r}")
    return value


def _opt_id(name: str, value: Any) -> str | None:
    return None if value is None else _id(name, value)


def _text(name: str, value: Any, *, limit: int = MAX_TEXT) -> str:
    # Typed text stays literal (never read as markup); only the schedule's cleaning rule applies.
    if isinstance(value, str):
        value = clean(value)
    if not isinstance(value, str) or not value.strip():
        raise CorrectionError(f"{name} must be a non-empty string, got {value!r}")
    if len(value) > limit:
        raise CorrectionError(f"{name} is longer than {limit} characters")
    return value


def _opt_text(name: str, value: Any) -> str | None:
    return None if value is None else _text(name, value)


def _time(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise CorrectionError(f"{name} must be an ISO 8601 time with a UTC offset, got {value!r}")
    try:
        parsed = parse_iso(value)
        check_readable(parsed)
    except ValueError as exc:
        raise CorrectionError(f"{name}: {exc} (expected e.g. 2026-04-07T09:00:00+02:00)") from None
    if not TIME.fullmatch(value):
        raise CorrectionError(
            f"{name}: {value!r} is not in the form every browser reads: "
            "YYYY-MM-DDTHH:MM[:SS] and Z or an offset like +02:00"
        )
    return to_iso(parsed)


def _opt_bool(name: str, value: Any) -> bool | None:
    if value is not None and not isinstance(value, bool):
        raise CorrectionError(f"{name} must be true, false or null, got {value!r}")
    return value


def _list(name: str, value: Any, item: Callable[[str, Any], Any]) -> list[Any]:
    if not isinstance(value, list):
        raise CorrectionError(f"{name} must be a list, got {value!r}")
    if len(value) > MAX_ITEMS:
        raise CorrectionError(f"{name} has more than {MAX_ITEMS} items")
    return [item(f"{name}[{i}]", v) for i, v in enumerate(value)]


def _paragraph(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise CorrectionError(f"{name} must be a string, got {value!r}")
    return clean(value)


def _speakers(name: str, value: Any) -> list[str]:
    ids = _list(name, value, _id)
    if len(set(ids)) != len(ids):
        raise CorrectionError(f"{name} lists a speaker twice")
    return ids


def _reverts(name: str, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_VERSION:
        raise CorrectionError(f"{name} must be a version number (an integer >= 1), got {value!r}")
    return value


def _room_status(name: str, value: Any) -> str:
    if value not in ("open", "full", "closed"):
        raise CorrectionError(f"{name} must be open, full or closed, got {value!r}")
    return value


CHECKS: dict[str, Callable[[str, Any], Any]] = {
    "session": _id,
    "room": _opt_id,
    "start": _time,
    "end": _time,
    "title": _text,
    "session_kind": _opt_text,
    "track": _opt_id,
    "level": _opt_text,
    "slides": _opt_bool,
    "description": lambda n, v: _list(n, v, _paragraph),
    "speakers": _speakers,
    "reverts": _reverts,
    "status": _room_status,
    "text": lambda n, v: _text(n, v, limit=MAX_NOTE),
}


def _no_surrogates(body: dict[str, Any]) -> None:
    """A lone surrogate (JSON "\\ud800", or bytes that are not UTF-8 on a command line) is no
    text: it cannot be stored as UTF-8 nor shown, so the whole request is refused. Walked with
    a stack, not recursion: the JSON reader allows nesting deeper than the frames left here."""
    stack: list[tuple[str, Any]] = [("the body", body)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, str):
            bad = next((c for c in value if "\ud800" <= c <= "\udfff"), None)
            if bad is not None:
                raise CorrectionError(f"{where} holds a lone surrogate (U+{ord(bad):04X}), which is not text")
        elif isinstance(value, dict):
            for k, v in value.items():
                stack.append((f"a field name in {where}", k))
                stack.append((k if value is body else where, v))
        elif isinstance(value, list):
            stack.extend((where, v) for v in value)


def parse_request(body: Any) -> tuple[str, dict[str, Any], str | None]:
    """(kind, fields in schedule.json names and shapes, note) from a request body, or CorrectionError."""
    if not isinstance(body, dict):
        raise CorrectionError("the body must be one JSON object")
    _no_surrogates(body)
    kind = body.get("kind")
    if not isinstance(kind, str) or kind not in ALLOWED:
        raise CorrectionError(f"kind must be one of {', '.join(KINDS)}; got {kind!r}")
    allowed = ALLOWED[kind]
    unknown = sorted(set(body) - set(allowed) - {"kind", "note"})
    if unknown:
        hint = "; an added session gets its id from the server" if "session" in unknown else ""
        listed = ", ".join(allowed)
        raise CorrectionError(
            f"unknown field(s) for kind {kind}: {', '.join(unknown)} (allowed: {listed}, note){hint}"
        )
    missing = [f for f in REQUIRED[kind] if f not in body]
    if missing:
        raise CorrectionError(f"kind {kind} needs {', '.join(missing)}")
    if kind in ("move", "room_status") and body["room"] is None:
        raise CorrectionError("room must be a room id, got None")
    if kind == "retime" and "start" not in body and "end" not in body:
        raise CorrectionError("kind retime needs start, end or both")
    if kind == "edit" and len(set(body) - {"kind", "note", "session"}) == 0:
        raise CorrectionError(f"kind edit needs at least one of {', '.join(EDIT_FIELDS)}")
    # In a session (schedule.json, before/after) the session's own kind is called `kind`.
    fields = {
        ("kind" if k == "session_kind" else k): CHECKS[k](k, v) for k, v in body.items() if k in allowed
    }
    note = body.get("note")
    if note is not None:
        note = _text("note", note, limit=MAX_NOTE)
    return kind, fields, note
