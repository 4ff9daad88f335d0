"""Push subscriptions in DATA_DIR/push.sqlite3: each device's endpoint and keys, its lead time
and the wake-up instants it asked for (never a session id), and two counters that carry the
"a correction was published" signal from any process to the one that sends.

The file is bounded three ways (issue 38): caps on subscriptions and wake-up rows checked in
the writing transaction, expiry after the event, and SQLite's own page limit, so that even a
bug cannot grow it past `max_bytes`. A write it refuses raises `Refused` or `StoreFull`.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ..corrections.database import write_lock
from . import schema
from .schema import key

STORE_FILE = "push.sqlite3"
JOURNAL_LIMIT = 4 * 1024 * 1024  # the WAL is cut back to this after a checkpoint
COLUMNS = "s.endpoint, s.p256dh, s.auth, s.lead, s.id"


@dataclass(frozen=True)
class Subscription:
    endpoint: str
    p256dh: str  # base64url, as the browser gives it
    auth: str
    lead: int  # minutes
    id: int = 0  # the store's; 0 before it is stored


@dataclass(frozen=True)
class Wake:
    subscription: Subscription
    at: int  # the instant registered, seconds since the epoch


@dataclass(frozen=True)
class Listed:
    id: int
    endpoint: str
    lead: int
    wake: int  # wake-ups held
    created: float
    updated: float  # the device's last PUT
    failures: int  # consecutive failed sends


@dataclass(frozen=True)
class Caps:
    """What one store may hold; 0: no cap."""

    subscriptions: int = 0
    wake_ups: int = 0  # rows over all subscriptions


class Refused(Exception):
    """A cap is reached: nothing was written; the message says which."""


class StoreFull(Exception):
    """The file reached its size limit or the disk is full: nothing was written."""


def full(exc: BaseException) -> bool:
    name = getattr(exc, "sqlite_errorname", "") or ""
    return (
        name == "SQLITE_FULL" or name.startswith("SQLITE_IOERR") or getattr(exc, "errno", 0) == errno.ENOSPC
    )


class PushStore:
    def __init__(self, path: Path, timeout: float = 10.0, max_bytes: int = 0) -> None:
        self.path = Path(path)
        self.timeout = timeout
        self.max_bytes = max_bytes  # 0: no limit but the disk's
        self._local = threading.local()

    def _conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is not None and self._local.pid == os.getpid():  # never a forked parent's
            return conn
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False)
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")  # a device re-sends its list; a lost second is fine
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute(f"PRAGMA journal_size_limit = {JOURNAL_LIMIT}")
            if self.max_bytes:
                pages = max(1, self.max_bytes // conn.execute("PRAGMA page_size").fetchone()[0])
                conn.execute(f"PRAGMA max_page_count = {pages}")
            with write_lock(conn):
                schema.create(conn)
        except BaseException as exc:
            conn.close()
            if full(exc):
                raise StoreFull(f"the push store is full ({exc})") from exc
            raise
        self._local.conn, self._local.pid = conn, os.getpid()
        return conn

    def _write(self, statements: list[tuple[str, tuple]]) -> None:
        conn = self._conn()
        with writing(conn):
            for sql, args in statements:
                conn.execute(sql, args)

    def known(self, endpoint: str) -> bool:
        row = self._conn().execute("SELECT 1 FROM subscriber WHERE ekey = ?", (key(endpoint),)).fetchone()
        return row is not None

    def put(
        self,
        sub: Subscription,
        wake: list[int],
        now: float,
        *,
        expires: float | None = None,
        caps: Caps = Caps(),
    ) -> int:
        """Store `sub` with exactly the instants `wake` (its old list replaced, in one transaction);
        its id. Raises Refused when a cap would be passed, StoreFull when the file cannot grow."""
        conn = self._conn()
        with writing(conn):
            conn.execute("DELETE FROM subscriber WHERE expires < ?", (now,))  # an index seek, mostly
            row = conn.execute("SELECT id FROM subscriber WHERE ekey = ?", (key(sub.endpoint),)).fetchone()
            if row is None and caps.subscriptions:
                held = conn.execute("SELECT n FROM counter WHERE name = ?", (schema.SUBSCRIBERS,)).fetchone()[
                    0
                ]
                if held >= caps.subscriptions:
                    raise Refused(f"the server holds as many push subscriptions as it may ({held})")
            if caps.wake_ups:
                others = conn.execute(
                    "SELECT (SELECT n FROM counter WHERE name = ?)"
                    " - (SELECT count(*) FROM wakeup WHERE id = ?)",
                    (schema.WAKE_ROWS, row[0] if row else -1),
                ).fetchone()[0]
                if others + len(wake) > caps.wake_ups:
                    raise Refused(f"the server holds as many wake-ups as it may ({caps.wake_ups})")
            ident = conn.execute(
                "INSERT INTO subscriber (ekey, endpoint, p256dh, auth, lead, created, updated, expires)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (ekey) DO UPDATE SET p256dh = excluded.p256dh,"
                " auth = excluded.auth, lead = excluded.lead, updated = excluded.updated,"
                " expires = excluded.expires RETURNING id",
                (key(sub.endpoint), sub.endpoint, sub.p256dh, sub.auth, sub.lead, now, now, expires),
            ).fetchone()[0]
            conn.execute("DELETE FROM wakeup WHERE id = ?", (ident,))
            conn.executemany("INSERT INTO wakeup VALUES (?, ?)", [(at, ident) for at in wake])
        return ident

    def remove(self, endpoints: list[str]) -> None:
        """Forget these subscriptions and their wake-ups (unknown ones are ignored)."""
        self._write([("DELETE FROM subscriber WHERE ekey = ?", (key(e),)) for e in endpoints])

    def remove_ids(self, ids: list[int]) -> list[int]:
        """Forget the subscriptions of these ids; the ids that were there."""
        conn = self._conn()
        with writing(conn):
            return [
                i
                for i in ids
                if conn.execute("DELETE FROM subscriber WHERE id = ? RETURNING id", (i,)).fetchall()
            ]

    def expire(self, now: float) -> int:
        """Forget the subscriptions whose event is over (one indexed delete); how many."""
        conn = self._conn()
        with writing(conn):
            return conn.execute("DELETE FROM subscriber WHERE expires < ?", (now,)).rowcount

    def note_results(self, delivered: list[str], failed: list[str], limit: int) -> list[str]:
        """Count a fan-out's outcomes per endpoint: a delivery resets its consecutive failures,
        a failure adds one; endpoints reaching `limit` failures in a row (0: never) are removed
        with their wake-ups and returned."""
        conn = self._conn()
        dropped: list[str] = []
        with writing(conn):
            conn.executemany(
                "UPDATE subscriber SET failures = 0 WHERE ekey = ? AND failures != 0",
                [(key(e),) for e in delivered],
            )
            for endpoint in failed:
                row = conn.execute(
                    "UPDATE subscriber SET failures = failures + 1 WHERE ekey = ? RETURNING id, failures",
                    (key(endpoint),),
                ).fetchone()
                if row is not None and limit > 0 and row[1] >= limit:
                    conn.execute("DELETE FROM subscriber WHERE id = ?", (row[0],))
                    dropped.append(endpoint)
        return dropped

    def get(self, endpoint: str) -> tuple[Subscription, list[int]] | None:
        conn = self._conn()
        row = conn.execute(f"SELECT {COLUMNS} FROM subscriber s WHERE ekey = ?", (key(endpoint),)).fetchone()
        if row is None:
            return None
        wake = [r[0] for r in conn.execute("SELECT at FROM wakeup WHERE id = ? ORDER BY at", (row[4],))]
        return Subscription(*row), wake

    def fullness(self) -> float | None:
        """The share of `max_bytes` in use (None: no limit), from SQLite's page counts."""
        if not self.max_bytes:
            return None
        conn = self._conn()
        used = (
            conn.execute("PRAGMA page_count").fetchone()[0]
            - conn.execute("PRAGMA freelist_count").fetchone()[0]
        )
        return used / conn.execute("PRAGMA max_page_count").fetchone()[0]

    def listing(self) -> list[Listed]:
        """Every subscription with its wake-up count, oldest first (for `hallway push list`)."""
        rows = self._conn().execute(
            "SELECT s.id, s.endpoint, s.lead, (SELECT count(*) FROM wakeup w WHERE w.id = s.id),"
            " s.created, s.updated, s.failures FROM subscriber s ORDER BY s.id"
        )
        return [Listed(*row) for row in rows]

    def wake_count(self) -> int:
        return self.counter(schema.WAKE_ROWS)

    def count(self) -> int:
        return self.counter(schema.SUBSCRIBERS)

    def all(self, batch: int = 1000) -> Iterator[Subscription]:
        """Every subscription, read in batches so a fan-out never holds a read open for long."""
        last = 0
        while True:
            rows = (
                self._conn()
                .execute(
                    f"SELECT {COLUMNS} FROM subscriber s WHERE id > ? ORDER BY id LIMIT ?", (last, batch)
                )
                .fetchall()
            )
            if not rows:
                return
            yield from (Subscription(*row) for row in rows)
            last = rows[-1][4]

    def take_due(self, now: int) -> list[Wake]:
        """The wake-ups at or before `now`, removed in the same transaction: each is taken once.
        Subscriptions whose event is over go too (the sending loop calls this every tick)."""
        conn = self._conn()
        with writing(conn):
            conn.execute("DELETE FROM subscriber WHERE expires < ?", (now,))
            rows = conn.execute(
                f"SELECT {COLUMNS}, w.at FROM wakeup w JOIN subscriber s USING (id)"
                " WHERE w.at <= ? ORDER BY w.at",
                (now,),
            ).fetchall()
            conn.execute("DELETE FROM wakeup WHERE at <= ?", (now,))
        return [Wake(Subscription(*row[:5]), row[5]) for row in rows]

    def next_due(self) -> int | None:
        return self._conn().execute("SELECT min(at) FROM wakeup").fetchone()[0]

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


@contextmanager
def writing(conn: sqlite3.Connection) -> Iterator[None]:
    """write_lock, with a full file or disk raised as StoreFull."""
    try:
        with write_lock(conn):
            yield
    except (sqlite3.Error, OSError) as exc:
        if full(exc):
            raise StoreFull(f"the push store is full ({exc})") from exc
        raise
