"""The corrections history: an append-only SQLite table in the data directory.

One row per version. Corrections and schedule imports share the version sequence, so a
version names exactly one state of the schedule; an import row keeps a snapshot of the file
it imported. Writers take the write lock first (`BEGIN IMMEDIATE`), so several server
processes can publish at once without losing or repeating a version; `synchronous=FULL` in
WAL mode makes a commit durable before the request is answered.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from ..domain import jsontext
from ..domain.timeutil import parse_iso, to_iso
from .apply import Change, Correction, CorrectionError
from .database import KEY_COLUMNS, Connections, write_lock

STORE_FILE = "corrections.sqlite3"
IMPORT = "import"
# The organizer's repair of a row that no longer reads: it names the row (`reverts`), which is
# then left out of the schedule; reverting the set-aside brings the row back.
SET_ASIDE = "set_aside"

HEAD_QUERY = (
    "SELECT (SELECT max(version) FROM history), (SELECT value FROM meta WHERE key = 'store_id'), "
    "(SELECT CAST(time || kind || coalesce(session, '') || after AS BLOB) FROM history "
    "WHERE version = (SELECT max(version) FROM history))"
)
STAMP_QUERY = (
    "SELECT CAST(time || kind || coalesce(session, '') || after AS BLOB) FROM history WHERE version = ?"
)
COLUMNS = "version, time, kind, session, before, after, note, reverts, organizer"
# Read as bytes: one row whose text is not UTF-8 any more (a flipped bit) would otherwise fail
# the whole query, and with it every route.
READ = (
    "version, CAST(time AS BLOB), CAST(kind AS BLOB), CAST(session AS BLOB), CAST(before AS BLOB), "
    "CAST(after AS BLOB), CAST(note AS BLOB), reverts, CAST(organizer AS BLOB)"
)


@dataclass(frozen=True)
class Head:
    """Identifies a state: the store (a new database is a new store), its newest version, and
    what that version holds (`stamp`): a backup of the same store restored and written again
    reuses version numbers for other edits, which must never be served from a cache as the old."""

    store_id: str
    version: int
    stamp: str = ""


def stamp(row_text: str | bytes | None) -> str:
    """A short name for one stored version's content (its time, kind, session and new values)."""
    if row_text is None:
        return ""
    data = row_text if isinstance(row_text, bytes) else row_text.encode("utf-8", "replace")
    return hashlib.sha256(data).hexdigest()[:12]


@dataclass(frozen=True)
class Damaged:
    """A stored row that no longer reads as a correction (its bytes changed on disk)."""

    version: int
    reason: str


@dataclass(frozen=True)
class State:
    head: Head
    base_version: int  # version of the newest import
    base_sha256: str
    corrections: tuple[Correction, ...]  # every one, oldest first: they stay on top of a re-import
    damaged: tuple[Damaged, ...] = ()  # rows that do not read and are not set aside


class KeyReused(Exception):
    """An idempotency key already stored with a different request."""


def utcnow() -> datetime:
    return datetime.now(UTC)


class Store:
    def __init__(self, path: Path, *, timeout: float = 30.0, clock: Callable[[], datetime] = utcnow) -> None:
        self.path = path
        self.timeout = timeout
        self.clock = clock
        self._connections = Connections(path, timeout)

    def _conn(self) -> sqlite3.Connection:
        return self._connections.get()

    def _write(self, conn: sqlite3.Connection) -> AbstractContextManager[None]:
        return write_lock(conn)

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """A consistent snapshot for several SELECTs (or the writer's own transaction)."""
        conn = self._conn()
        if conn.in_transaction:
            yield conn
            return
        conn.execute("BEGIN")
        try:
            yield conn
        finally:
            conn.execute("COMMIT")

    def head(self) -> Head:
        """The current version: one indexed query, cheap enough for every request."""
        row = self._conn().execute(HEAD_QUERY).fetchone()
        return Head(store_id=row[1] or "", version=row[0] or 0, stamp=stamp(row[2]))

    def stamp_of(self, version: int) -> str | None:
        """The stamp of `version` in this store (None: no such version)."""
        row = self._conn().execute(STAMP_QUERY, (version,)).fetchone()
        return None if row is None else stamp(row[0])

    def record_import(self, sha256: str, body: bytes) -> int | None:
        """Record an imported schedule file; its version, or None when it is the current one."""
        conn = self._conn()
        with self._write(conn):
            last = self._last_import(conn)
            if last is not None and last[1] == sha256:
                return None
            newest = conn.execute("SELECT max(version) FROM history").fetchone()[0]
            # The first import is version 0: the schedule before any correction.
            version = 0 if newest is None else newest + 1
            conn.execute(
                f"INSERT INTO history ({COLUMNS}) VALUES (?, ?, ?, NULL, '{{}}', '{{}}', NULL, NULL, NULL)",
                (version, to_iso(self.clock()), IMPORT),
            )
            conn.execute("INSERT INTO snapshots VALUES (?, ?, ?)", (version, sha256, body))
            return version

    def _last_import(self, conn: sqlite3.Connection) -> tuple[int, str] | None:
        return conn.execute(
            "SELECT version, sha256 FROM snapshots WHERE version = "
            "(SELECT max(version) FROM history WHERE kind = ?)",
            (IMPORT,),
        ).fetchone()

    def snapshot(self, version: int) -> bytes:
        row = self._conn().execute("SELECT body FROM snapshots WHERE version = ?", (version,)).fetchone()
        if row is None:
            raise LookupError(f"no schedule import at version {version}")
        return bytes(row[0])

    def state(self) -> State | None:
        """Everything needed to build the newest schedule, read in one snapshot; None before any import."""
        with self._read() as conn:
            head = self.head()
            last = self._last_import(conn)
            if last is None:
                return None
            rows = conn.execute(
                f"SELECT {READ} FROM history WHERE kind != ? ORDER BY version", (IMPORT,)
            ).fetchall()
        readable, damaged = sorted_out(_read_row(r) for r in rows)
        return State(head, last[0], last[1], tuple(readable), tuple(damaged))

    def since(self, version: int, limit: int) -> tuple[Head, int, list[Correction]]:
        """(head, newest import version, up to `limit` corrections after `version`), consistently."""
        with self._read() as conn:
            head = self.head()
            last = self._last_import(conn)
            rows = conn.execute(
                f"SELECT {READ} FROM history WHERE version > ? AND kind != ? ORDER BY version LIMIT ?",
                (version, IMPORT, limit),
            ).fetchall()
        read = [c for c in map(_read_row, rows) if isinstance(c, Correction)]
        return head, (last[0] if last else 0), read

    def last_repair(self) -> int:
        """The newest set-aside or revert of one (0: none). It changes what earlier versions
        mean: a phone behind it takes the schedule whole, as after an import it cannot patch."""
        query = (
            "SELECT max(version) FROM history WHERE kind = ? OR reverts IN "
            "(SELECT version FROM history WHERE kind = ?)"
        )
        return self._conn().execute(query, (SET_ASIDE, SET_ASIDE)).fetchone()[0] or 0

    def corrections(self) -> list[Correction]:
        """Every correction that reads and is not set aside, oldest first."""
        rows = self._conn().execute(f"SELECT {READ} FROM history WHERE kind != ? ORDER BY version", (IMPORT,))
        return sorted_out(_read_row(r) for r in rows.fetchall())[0]

    def rows(self) -> list[Correction | Damaged]:
        """Every stored correction as it reads, damaged ones included, for `corrections list`."""
        rows = self._conn().execute(f"SELECT {READ} FROM history WHERE kind != ? ORDER BY version", (IMPORT,))
        return [_read_row(r) for r in rows.fetchall()]

    def lookup(self, version: int) -> Correction:
        """The correction at `version`, if it can still be reverted; CorrectionError otherwise."""
        conn = self._conn()
        row = conn.execute(f"SELECT {READ} FROM history WHERE version = ?", (version,)).fetchone()
        if row is None or row[2] == IMPORT.encode():
            raise CorrectionError(f"no correction has version {version}")
        found = _read_row(row)
        if isinstance(found, Damaged):
            raise CorrectionError(f"version {version} is damaged ({found.reason}); set it aside instead")
        return found

    def imports(self) -> list[int]:
        """Versions of every schedule import, oldest first."""
        return [version for version, _ in self.imported()]

    def imported(self) -> list[tuple[int, datetime]]:
        """(version, time recorded) of every schedule import, oldest first."""
        query = "SELECT version, time FROM history WHERE kind = ? ORDER BY version"
        return [(row[0], parse_iso(row[1])) for row in self._conn().execute(query, (IMPORT,))]

    def reverted_by(self, version: int) -> int | None:
        """The newest correction that reverted `version`, if any."""
        query = "SELECT max(version) FROM history WHERE reverts = ?"
        return self._conn().execute(query, (version,)).fetchone()[0]

    def append(self, make: Callable[[], Change], by: str | None = None) -> Correction:
        """Store the change `make()` returns under the next version, holding the write lock while
        `make` reads the current state, so two writers never decide on the same state."""
        return self.append_once(make, None, None, by)[0]

    def append_once(
        self, make: Callable[[], Change], key: str | None, request_sha256: str | None, by: str | None = None
    ) -> tuple[Correction, bool]:
        """Like `append`, stored with its idempotency `key`: (correction, True) when stored now;
        (the stored one, False) when `key` came before with the same request; KeyReused when
        with another. The key is looked up under the write lock and before `make` runs: a
        retried edit that was stored would otherwise be refused as changing nothing."""
        conn = self._conn()
        with self._write(conn):
            if key is not None:
                row = conn.execute(
                    f"SELECT {COLUMNS}, request_sha256 FROM history WHERE idempotency_key = ?", (key,)
                ).fetchone()
                if row is not None:
                    if row[-1] != request_sha256:
                        raise KeyReused(
                            f"the Idempotency-Key {key!r} was used for another request "
                            f"(version {row[0]}); use a new key for a new correction"
                        )
                    return _correction(row[:-1]), False
            change = make()
            version = (conn.execute("SELECT max(version) FROM history").fetchone()[0] or 0) + 1
            correction = Correction(version, self.clock(), change, by)
            conn.execute(
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
        return correction, True


def _correction(row: tuple) -> Correction:
    version, time, kind, session, before, after, note, reverts, by = row
    change = Change(kind, session, jsontext.loads(before), jsontext.loads(after), note, reverts)
    return Correction(version, parse_iso(time), change, by)


def _read_row(row: tuple) -> Correction | Damaged:
    """A row read as bytes (READ): the correction, or what is wrong with it."""
    version = row[0]
    try:
        texts = [None if v is None else bytes(v).decode("utf-8") for v in row[1:7]]
        by = None if row[8] is None else bytes(row[8]).decode("utf-8")
        time, kind, session, before, after, note = texts
        if not isinstance(time, str) or not isinstance(kind, str) or not kind:
            raise ValueError("no time or kind")
        correction = _correction((version, time, kind, session, before, after, note, row[7], by))
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
