"""One row of the corrections history: how a correction is written into it and read back.

Rows are read as bytes (`READ`): one row whose text is not UTF-8 any more (a flipped bit) would
otherwise fail the whole query, and with it every route. A row that does not read comes back
as `Damaged`, never as an exception.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime

from ..domain import jsontext
from ..domain.timeutil import parse_iso, to_iso
from .apply import Change, Correction
from .database import KEY_COLUMNS
from .fields import KINDS

COLUMNS = "version, time, kind, session, before, after, note, reverts, organizer"
READ = (
    "version, CAST(time AS BLOB), CAST(kind AS BLOB), CAST(session AS BLOB), CAST(before AS BLOB), "
    "CAST(after AS BLOB), CAST(note AS BLOB), reverts, CAST(organizer AS BLOB)"
)
# The organizer's repair of a row that no longer reads: it names the row (`reverts`), which is
# then left out of the schedule; reverting the set-aside brings the row back.
SET_ASIDE = "set_aside"
# What a stored correction's kind can be: one a request may name, or the organizer's repair.
# Any other (a flipped byte: "retime" read back as "xetime") is a damaged row, never served.
STORED_KINDS = frozenset((*KINDS, SET_ASIDE))


@dataclass(frozen=True)
class Damaged:
    """A stored row that no longer reads as a correction (its bytes changed on disk)."""

    version: int
    reason: str


class KeyReused(Exception):
    """An idempotency key already stored with a different request."""


def stamp(row_text: str | bytes | None) -> str:
    """A short name for one stored version's content (its time, kind, session and new values)."""
    if row_text is None:
        return ""
    data = row_text if isinstance(row_text, bytes) else row_text.encode("utf-8", "replace")
    return hashlib.sha256(data).hexdigest()[:12]


class Writer:
    """The store's write transaction, held from its start (`Store.writing`): what is read through
    the store while it is open is the newest state, and no other writer decides on it meanwhile."""

    def __init__(self, conn: sqlite3.Connection, clock: Callable[[], datetime]) -> None:
        self._conn = conn
        self._clock = clock

    def stored(self, key: str, request_sha256: str) -> Correction | None:
        """The correction stored before under the idempotency `key`; KeyReused when it came with
        another request. Looked up before the change is decided: a retried edit that was stored
        would otherwise be refused as changing nothing."""
        row = self._conn.execute(
            f"SELECT {COLUMNS}, request_sha256 FROM history WHERE idempotency_key = ?", (key,)
        ).fetchone()
        if row is None:
            return None
        if row[-1] != request_sha256:
            raise KeyReused(
                f"the Idempotency-Key {key!r} was used for another request "
                f"(version {row[0]}); use a new key for a new correction"
            )
        return correction_of(row[:-1])

    def append(
        self, change: Change, by: str | None = None, key: str | None = None, request_sha256: str | None = None
    ) -> Correction:
        """Store `change` under the next version (with its idempotency key, if any)."""
        version = (self._conn.execute("SELECT max(version) FROM history").fetchone()[0] or 0) + 1
        correction = Correction(version, self._clock(), change, by)
        self._conn.execute(
            f"INSERT INTO history ({COLUMNS}, {', '.join(KEY_COLUMNS)}) VALUES ({', '.join('?' * 11)})",
            (
                version,
                to_iso(correction.time),
                change.kind,
                change.session,
                json.dumps(change.before, ensure_ascii=False),
                json.dumps(change.after, ensure_ascii=False),
                change.note,
                change.reverts,
                by,
                key,
                request_sha256,
            ),
        )
        return correction


def correction_of(row: tuple) -> Correction:
    version, time, kind, session, before, after, note, reverts, by = row
    change = Change(kind, session, jsontext.loads(before), jsontext.loads(after), note, reverts)
    return Correction(version, parse_iso(time), change, by)


def read_row(row: tuple) -> Correction | Damaged:
    """A row read as bytes (READ): the correction, or what is wrong with it."""
    version = row[0]
    try:
        texts = [None if v is None else bytes(v).decode("utf-8") for v in row[1:7]]
        by = None if row[8] is None else bytes(row[8]).decode("utf-8")
        time, kind, session, before, after, note = texts
        if not isinstance(time, str) or not isinstance(kind, str) or not kind:
            raise ValueError("no time or kind")
        if kind not in STORED_KINDS:
            raise ValueError(f"unknown kind {kind[:40]!r}")
        correction = correction_of((version, time, kind, session, before, after, note, row[7], by))
        c = correction.change
        if not isinstance(c.before, dict) or not isinstance(c.after, dict):
            raise ValueError("its before or after is not an object")
    except (ValueError, TypeError, UnicodeDecodeError) as exc:  # JSONDecodeError is a ValueError
        return Damaged(version, f"{type(exc).__name__}: {str(exc)[:160]}")
    return correction


def sorted_out(rows: Iterable[Correction | Damaged]) -> tuple[list[Correction], list[Damaged]]:
    """(corrections that read and are not set aside, damaged rows not set aside)."""
    rows = list(rows)
    read = [r for r in rows if isinstance(r, Correction)]
    withdrawn = {c.change.reverts for c in read if c.change.kind == "revert"}
    aside = {c.change.reverts for c in read if c.change.kind == SET_ASIDE and c.version not in withdrawn}
    # Set-asides stay listed (they name no session: nothing to apply); what they name does not.
    kept = [c for c in read if c.version not in aside]
    damaged = [r for r in rows if isinstance(r, Damaged) and r.version not in aside]
    return kept, damaged
