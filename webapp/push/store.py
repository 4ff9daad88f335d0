"""Push subscriptions in DATA_DIR/push.sqlite3: each device's endpoint and keys, its lead time
and the wake-up instants it asked for (never a session id), and two counters that carry the
"a correction was published" signal from any process to the one that sends.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..corrections.database import write_lock

STORE_FILE = "push.sqlite3"
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS subscription (endpoint TEXT PRIMARY KEY, p256dh TEXT NOT NULL,"
    " auth TEXT NOT NULL, lead INTEGER NOT NULL, updated REAL NOT NULL)",
    "CREATE TABLE IF NOT EXISTS wake (at INTEGER NOT NULL, endpoint TEXT NOT NULL"
    " REFERENCES subscription (endpoint) ON DELETE CASCADE, PRIMARY KEY (at, endpoint)) WITHOUT ROWID",
    "CREATE INDEX IF NOT EXISTS wake_endpoint ON wake (endpoint)",
    # 'changes': bumped by each trigger; 'changes_sent': the value the last changes fan-out covered.
    "CREATE TABLE IF NOT EXISTS counter (name TEXT PRIMARY KEY, n INTEGER NOT NULL)",
)


@dataclass(frozen=True)
class Subscription:
    endpoint: str
    p256dh: str  # base64url, as the browser gives it
    auth: str
    lead: int  # minutes


@dataclass(frozen=True)
class Wake:
    subscription: Subscription
    at: int  # the instant registered, seconds since the epoch


class PushStore:
    def __init__(self, path: Path, timeout: float = 10.0) -> None:
        self.path = Path(path)
        self.timeout = timeout
        self._local = threading.local()

    def _conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is not None and self._local.pid == os.getpid():  # never a forked parent's
            return conn
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")  # a device re-sends its list; a lost second is fine
        conn.execute("PRAGMA foreign_keys = ON")
        try:
            with write_lock(conn):
                for statement in SCHEMA:
                    conn.execute(statement)
        except BaseException:
            conn.close()
            raise
        self._local.conn, self._local.pid = conn, os.getpid()
        return conn

    def _write(self, statements: list[tuple[str, tuple]]) -> None:
        conn = self._conn()
        with write_lock(conn):
            for sql, args in statements:
                conn.execute(sql, args)

    def put(self, sub: Subscription, wake: list[int], now: float) -> None:
        """Store `sub` with exactly the instants `wake` (its old list replaced, in one transaction)."""
        conn = self._conn()
        with write_lock(conn):
            conn.execute(
                "INSERT INTO subscription VALUES (?, ?, ?, ?, ?) ON CONFLICT (endpoint) DO UPDATE SET"
                " p256dh = excluded.p256dh, auth = excluded.auth, lead = excluded.lead,"
                " updated = excluded.updated",
                (sub.endpoint, sub.p256dh, sub.auth, sub.lead, now),
            )
            conn.execute("DELETE FROM wake WHERE endpoint = ?", (sub.endpoint,))
            conn.executemany("INSERT INTO wake VALUES (?, ?)", [(at, sub.endpoint) for at in wake])

    def remove(self, endpoints: list[str]) -> None:
        """Forget these subscriptions and their wake-ups (unknown ones are ignored)."""
        self._write([("DELETE FROM subscription WHERE endpoint = ?", (e,)) for e in endpoints])

    def get(self, endpoint: str) -> tuple[Subscription, list[int]] | None:
        conn = self._conn()
        row = conn.execute("SELECT * FROM subscription WHERE endpoint = ?", (endpoint,)).fetchone()
        if row is None:
            return None
        wake = [r[0] for r in conn.execute("SELECT at FROM wake WHERE endpoint = ? ORDER BY at", (endpoint,))]
        return Subscription(*row[:4]), wake

    def count(self) -> int:
        return self._conn().execute("SELECT count(*) FROM subscription").fetchone()[0]

    def all(self, batch: int = 1000) -> Iterator[Subscription]:
        """Every subscription, read in batches so a fan-out never holds a read open for long."""
        last = ""
        while True:
            rows = (
                self._conn()
                .execute(
                    "SELECT endpoint, p256dh, auth, lead FROM subscription WHERE endpoint > ?"
                    " ORDER BY endpoint LIMIT ?",
                    (last, batch),
                )
                .fetchall()
            )
            if not rows:
                return
            yield from (Subscription(*row) for row in rows)
            last = rows[-1][0]

    def take_due(self, now: int) -> list[Wake]:
        """The wake-ups at or before `now`, removed in the same transaction: each is taken once."""
        conn = self._conn()
        with write_lock(conn):
            rows = conn.execute(
                "SELECT s.endpoint, s.p256dh, s.auth, s.lead, w.at FROM wake w"
                " JOIN subscription s USING (endpoint) WHERE w.at <= ? ORDER BY w.at",
                (now,),
            ).fetchall()
            conn.execute("DELETE FROM wake WHERE at <= ?", (now,))
        return [Wake(Subscription(*row[:4]), row[4]) for row in rows]

    def next_due(self) -> int | None:
        return self._conn().execute("SELECT min(at) FROM wake").fetchone()[0]

    def counter(self, name: str) -> int:
        row = self._conn().execute("SELECT n FROM counter WHERE name = ?", (name,)).fetchone()
        return 0 if row is None else row[0]

    def bump(self, name: str) -> None:
        self._write(
            [("INSERT INTO counter VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET n = n + 1", (name,))]
        )

    def set_counter(self, name: str, n: int) -> None:
        self._write(
            [("INSERT INTO counter VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET n = excluded.n", (name, n))]
        )
