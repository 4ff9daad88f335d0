"""The corrections history: an append-only SQLite table in the data directory.

One row per version. Corrections and schedule imports share the version sequence, so a
version names exactly one state of the schedule; an import row keeps a snapshot of the file
it imported. Writers take the write lock first (`BEGIN IMMEDIATE`), so several server
processes can publish at once without losing or repeating a version; `synchronous=FULL` in
WAL mode makes a commit durable before the request is answered.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from ..domain.timeutil import parse_iso, to_iso
from .apply import Change, Correction, CorrectionError
from .database import Connections, write_lock
from .rows import COLUMNS, READ, SET_ASIDE, Damaged, Writer, read_row, sorted_out, stamp
from .rows import KeyReused as KeyReused  # what a writer's callers catch

STORE_FILE = "corrections.sqlite3"
# Files changed this recently may be written again within the same tick of the kernel's file
# clock (a few ms) without their time changing: until then the head is read from the store.
SETTLED_NS = 50_000_000
# However the files look, a head is read again after this long: a writer that died between its
# commit and marking the log (`Store._committed`) leaves the others at most this far behind.
HELD_NS = 1_000_000_000
IMPORT = "import"
HEAD_QUERY = (
    "SELECT (SELECT max(version) FROM history), (SELECT value FROM meta WHERE key = 'store_id'), "
    "(SELECT CAST(time || kind || coalesce(session, '') || after AS BLOB) FROM history "
    "WHERE version = (SELECT max(version) FROM history))"
)
STAMP_QUERY = (
    "SELECT CAST(time || kind || coalesce(session, '') || after AS BLOB) FROM history WHERE version = ?"
)


@dataclass(frozen=True)
class Head:
    """Identifies a state: the store (a new database is a new store), its newest version, and
    what that version holds (`stamp`): a backup of the same store restored and written again
    reuses version numbers for other edits, which must never be served from a cache as the old."""

    store_id: str
    version: int
    stamp: str = ""


@dataclass(frozen=True)
class State:
    head: Head
    base_version: int  # version of the newest import
    base_sha256: str
    corrections: tuple[Correction, ...]  # every one, oldest first: they stay on top of a re-import
    damaged: tuple[Damaged, ...] = ()  # rows that do not read and are not set aside


def _files(paths: tuple[str, str]) -> tuple[int, ...] | None:
    """What the store's file and its write-ahead log look like now: (their modification times,
    sizes, inodes, the device); None without a log (not in WAL mode, or no connection open).

    In WAL mode every commit, from any process, writes the log, which changes its time or size,
    and a replaced store is another inode. The log is written before the commit is visible
    (SQLite publishes it in the -shm index after an fsync that can take longer than SETTLED_NS
    on a loaded disk), so a look in between shows new files and the old head: the writer marks
    the log again once its commit is visible (`Store._committed`). SQLite's own check (PRAGMA
    data_version or the head query) costs ~80-200 us of CPU with cold caches, as a loaded
    server has them; two stats cost ~60 (docs/benchmarks.md, issue 28)."""
    try:
        db, wal = os.stat(paths[0]), os.stat(paths[1])
    except OSError:
        return None
    return (db.st_mtime_ns, wal.st_mtime_ns, db.st_size, wal.st_size, db.st_ino, wal.st_ino, db.st_dev)


def utcnow() -> datetime:
    return datetime.now(UTC)


class Store:
    def __init__(self, path: Path, *, timeout: float = 30.0, clock: Callable[[], datetime] = utcnow) -> None:
        self.path = path
        self.timeout = timeout
        self.clock = clock
        self._connections = Connections(path, timeout)
        self._paths = (str(path), f"{path}-wal")
        # The head, the files it was read with, and when.
        self._held: tuple[tuple[int, ...], Head, int] | None = None

    def _conn(self) -> sqlite3.Connection:
        return self._connections.get()

    @contextmanager
    def _write(self, conn: sqlite3.Connection) -> Iterator[None]:
        with write_lock(conn):
            yield
        self._committed()

    def _committed(self) -> None:
        """Touch the log once a commit is visible, so that a look taken while it was written but
        not yet published (`_files`) is not trusted after it. By path: opening one of SQLite's
        files beside it and closing it would drop SQLite's own locks in this process."""
        try:
            os.utime(self._paths[1])
        except OSError:
            pass  # no log (not in WAL mode) or not ours to touch: HELD_NS bounds the wait

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
        """The current version, asked by every request: the store's files looked at, and one
        indexed query only when they changed since the last (`_files`)."""
        now = time.time_ns()  # before the look and the query: see _files
        files = _files(self._paths)
        held = self._held
        if files is not None and held is not None and held[0] == files and now - held[2] < HELD_NS:
            return held[1]
        head = self._head(self._conn())
        # A write in the clock tick of the last change could leave the files' times and sizes
        # as they were: such a look is not trusted, and the next request queries again.
        settled = files is not None and now - max(files[0], files[1]) > SETTLED_NS
        self._held = (files, head, now) if settled else None
        return head

    def _head(self, conn: sqlite3.Connection) -> Head:
        """The current version by one indexed query: within a read, the snapshot's."""
        row = conn.execute(HEAD_QUERY).fetchone()
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

    def import_size(self) -> int:
        """Bytes of the newest import (0 before any): what building its schedule costs grows with.
        SQLite reads a blob's length from its row's header, not the blob."""
        query = (
            "SELECT length(body) FROM snapshots WHERE version = "
            "(SELECT max(version) FROM history WHERE kind = ?)"
        )
        row = self._conn().execute(query, (IMPORT,)).fetchone()
        return 0 if row is None or row[0] is None else int(row[0])

    def snapshot(self, version: int) -> bytes:
        row = self._conn().execute("SELECT body FROM snapshots WHERE version = ?", (version,)).fetchone()
        if row is None:
            raise LookupError(f"no schedule import at version {version}")
        return bytes(row[0])

    def state(self) -> State | None:
        """Everything needed to build the newest schedule, read in one snapshot; None before any import."""
        with self._read() as conn:
            head = self._head(conn)
            last = self._last_import(conn)
            if last is None:
                return None
            rows = conn.execute(
                f"SELECT {READ} FROM history WHERE kind != ? ORDER BY version", (IMPORT,)
            ).fetchall()
        readable, damaged = sorted_out(read_row(r) for r in rows)
        return State(head, last[0], last[1], tuple(readable), tuple(damaged))

    def since(self, version: int, limit: int) -> tuple[Head, int, list[Correction]]:
        """(head, newest import version, up to `limit` corrections after `version`), consistently."""
        with self._read() as conn:
            head = self._head(conn)
            last = self._last_import(conn)
            rows = conn.execute(
                f"SELECT {READ} FROM history WHERE version > ? AND kind != ? ORDER BY version LIMIT ?",
                (version, IMPORT, limit),
            ).fetchall()
        read = [c for c in map(read_row, rows) if isinstance(c, Correction)]
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
        return sorted_out(read_row(r) for r in rows.fetchall())[0]

    def rows(self) -> list[Correction | Damaged]:
        """Every stored correction as it reads, damaged ones included, for `corrections list`."""
        rows = self._conn().execute(f"SELECT {READ} FROM history WHERE kind != ? ORDER BY version", (IMPORT,))
        return [read_row(r) for r in rows.fetchall()]

    def lookup(self, version: int) -> Correction:
        """The correction at `version`, if it can still be reverted; CorrectionError otherwise."""
        conn = self._conn()
        row = conn.execute(f"SELECT {READ} FROM history WHERE version = ?", (version,)).fetchone()
        if row is None or row[2] == IMPORT.encode():
            raise CorrectionError(f"no correction has version {version}")
        found = read_row(row)
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

    @contextmanager
    def writing(self) -> Iterator[Writer]:
        """The write lock, held until the block ends: what the block reads through this store is
        the newest state, and no other writer decides on it meanwhile. An exception rolls back."""
        conn = self._conn()
        with self._write(conn):
            yield Writer(conn, self.clock)

    def append(self, change: Change, by: str | None = None) -> Correction:
        """Store a change decided beforehand (a set-aside) under the next version."""
        with self.writing() as writer:
            return writer.append(change, by)
