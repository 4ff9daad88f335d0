"""The corrections store's SQLite file: its schema, the columns added in place to stores made
by older versions, and one connection per thread and process that notices a replaced file.

`store` says what a version is; this module only keeps the file open and in shape.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS history (
    version INTEGER PRIMARY KEY,
    time TEXT NOT NULL,
    kind TEXT NOT NULL,
    session TEXT,
    before TEXT NOT NULL,
    after TEXT NOT NULL,
    note TEXT,
    reverts INTEGER
);
CREATE INDEX IF NOT EXISTS history_kind ON history (kind, version);
CREATE TABLE IF NOT EXISTS snapshots (
    version INTEGER PRIMARY KEY REFERENCES history (version),
    sha256 TEXT NOT NULL,
    body BLOB NOT NULL
);
CREATE TRIGGER IF NOT EXISTS history_no_update BEFORE UPDATE ON history
    BEGIN SELECT RAISE(ABORT, 'history is append-only'); END;
CREATE TRIGGER IF NOT EXISTS history_no_delete BEFORE DELETE ON history
    BEGIN SELECT RAISE(ABORT, 'history is append-only'); END;
"""
# Added in place to stores made before idempotency keys (ALTER TABLE runs no UPDATE trigger),
# and by the same path to new ones, so the migration is exercised by every store opened.
KEY_COLUMNS = ("idempotency_key", "request_sha256")
# The organizer who published a correction, added the same way (`by` is an SQL keyword).
ADDED_COLUMNS = (*KEY_COLUMNS, "organizer")
KEY_INDEX = "CREATE UNIQUE INDEX IF NOT EXISTS history_idempotency_key ON history (idempotency_key)"


@contextmanager
def write_lock(conn: sqlite3.Connection) -> Iterator[None]:
    """A write transaction that holds the lock from its start, so writers queue, never race."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
        conn.execute("COMMIT")
    except BaseException:
        # SQLite may have rolled back already (a full disk does): a ROLLBACK then fails with
        # "no transaction is active" and would hide what went wrong. A failed COMMIT is rolled
        # back too, so the connection is never left inside a transaction.
        if conn.in_transaction:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # the error being raised says what happened
        raise


FULL = "full"
FAILING = "failing"


def disk_trouble(exc: BaseException) -> str | None:
    """FULL when `exc` says the disk is full (SQLite's SQLITE_FULL, which a store's size cap
    raises too, or ENOSPC / EDQUOT from a file write), FAILING when the disk failed a read or
    write (SQLite's "disk I/O error", EIO), else None: a locked store or a damaged file is no
    disk's fault."""
    name = getattr(exc, "sqlite_errorname", None) or ""
    code = getattr(exc, "errno", None)
    if name == "SQLITE_FULL" or code in (errno.ENOSPC, errno.EDQUOT):
        return FULL
    if name.startswith("SQLITE_IOERR") or code == errno.EIO:
        return FAILING
    return None


def describe(exc: BaseException) -> str:
    """What a store error means, for an organizer reading /healthz, the log or the CLI."""
    text = f"{type(exc).__name__}: {exc}"
    trouble = disk_trouble(exc)
    if trouble == FULL:
        return f"the disk is full ({text})"
    return f"the disk failed ({text})" if trouble == FAILING else text


class Connections:
    """One connection per thread and process: a forked worker must not share its parent's."""

    def __init__(self, path: Path, timeout: float) -> None:
        self.path = path
        self.timeout = timeout
        self._local = threading.local()

    def get(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        # A store replaced on disk (a backup restored, a corrupt file deleted) is another store:
        # a connection to the old file would go on reading it, so the file's identity is checked.
        ident = identity(self.path)
        if conn is not None and self._local.pid == os.getpid():
            if conn.in_transaction or self._local.ident == ident:
                return conn
            conn.close()
            self._local.conn = None
        conn = self._open()
        self._local.conn, self._local.pid, self._local.ident = conn, os.getpid(), identity(self.path)
        return conn

    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False)
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")
            with write_lock(conn):  # not executescript: it would commit outside the lock
                for statement in SCHEMA.split(";\n"):
                    if statement.strip():
                        conn.execute(statement)
                conn.execute("INSERT OR IGNORE INTO meta VALUES ('store_id', ?)", (uuid.uuid4().hex[:12],))
                have = {row[1] for row in conn.execute("PRAGMA table_info(history)")}
                for column in ADDED_COLUMNS:
                    if column not in have:
                        conn.execute(f"ALTER TABLE history ADD COLUMN {column} TEXT")
                conn.execute(KEY_INDEX)  # UNIQUE, and NULLs (no key) never collide
        except BaseException:
            conn.close()  # a damaged file: no connection left open per failed request
            raise
        return conn


def identity(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return st.st_dev, st.st_ino
