"""Fixed-window limits on the write path, counted in a small SQLite file next to the
corrections store, so every worker process on the host counts into the same window (the cache
would count per process without Redis).

Two counters that never mix: failed sign-ins per client address, and published corrections per
organizer. A wrong token from a busy venue Wi-Fi therefore never locks an organizer out: a
right token is always checked, and only the organizer's own writes count against them. Tokens
are long random strings, so the failure limit is there to keep the server and its log quiet,
not to stop guessing.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from pathlib import Path

WINDOW = 60  # seconds
LIMIT_FILE = "ratelimit.sqlite3"
COUNT = "INSERT INTO hits VALUES (?, ?, 1) ON CONFLICT (bucket, window) DO UPDATE SET n = n + 1 RETURNING n"
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS hits (bucket TEXT, window INTEGER, n INTEGER, PRIMARY KEY (bucket, window))"
)


class Limiter:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._local = threading.local()

    def _conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is not None and self._local.pid == os.getpid():  # not a forked parent's
            return conn
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, timeout=5.0, isolation_level=None, check_same_thread=False)
        # Two workers opening the file at once: switching to WAL (and creating the table) can be
        # refused as "locked" at once, without the busy timeout. Failing there would let a write
        # through uncounted (the limits fail open), so the set-up is tried again, for 5 s at most.
        deadline = time.monotonic() + 5.0
        while True:
            try:
                conn.execute("PRAGMA journal_mode = WAL")
                conn.execute("PRAGMA synchronous = OFF")  # counters: losing the last second is fine
                conn.execute(SCHEMA)
                break
            except sqlite3.OperationalError:
                if time.monotonic() > deadline:
                    conn.close()
                    raise
                time.sleep(0.01)
        self._local.conn, self._local.pid = conn, os.getpid()
        return conn

    def count(self, bucket: str, now: float, window: int = WINDOW) -> int:
        """Add one to `bucket` in the current `window` (seconds); the count including this one."""
        conn = self._conn()
        row = conn.execute(COUNT, (bucket, ends(now, window))).fetchone()
        if row[0] == 1:  # first in a new window for this bucket: forget windows over a while ago
            conn.execute("DELETE FROM hits WHERE window <= ?", (int(now) - WINDOW,))
        return row[0]

    def peek(self, bucket: str, now: float, window: int = WINDOW) -> int:
        """The count of `bucket` in the current `window`, adding nothing."""
        row = (
            self._conn()
            .execute("SELECT n FROM hits WHERE bucket = ? AND window = ?", (bucket, ends(now, window)))
            .fetchone()
        )
        return 0 if row is None else row[0]

    def uncount(self, bucket: str, now: float, window: int = WINDOW) -> None:
        self._conn().execute(
            "UPDATE hits SET n = n - 1 WHERE bucket = ? AND window = ?", (bucket, ends(now, window))
        )


def ends(now: float, window: int) -> int:
    """When the `window`-second window holding `now` ends: its key, so windows of every length
    share one table and one clean-up (those that ended are deleted, whatever their length)."""
    return (int(now) // window + 1) * window


def wait(now: float, window: int = WINDOW) -> int:
    """Seconds until the current window ends (for Retry-After)."""
    return max(1, window - int(now) % window)


def failed_sign_in(limiter: Limiter, client: str, limit: int, now: float) -> int | None:
    """Count a wrong or missing token from `client`; seconds to wait if over `limit`, else None."""
    if limit <= 0:
        return None
    try:
        n = limiter.count(f"fail/{client}", now)
    except sqlite3.Error:
        return None  # a broken counter must not turn every answer into an error
    return wait(now) if n > limit else None


def over_failed_sign_ins(limiter: Limiter, client: str, limit: int, now: float) -> bool:
    """Whether `client` is past `limit` failed sign-ins this window (counting nothing)."""
    if limit <= 0:
        return False
    try:
        return limiter.peek(f"fail/{client}", now) >= limit
    except sqlite3.Error:
        return False


def reserve_write(limiter: Limiter, organizer: str, limit: int, now: float) -> int | None:
    """Count a write by `organizer` before it is made (so that concurrent workers cannot both take
    the last one); seconds to wait if over `limit`, else None. `release` gives it back when the
    write is not made."""
    if limit <= 0:
        return None
    try:
        n = limiter.count(f"write/{organizer}", now)
        if n > limit:
            limiter.uncount(f"write/{organizer}", now)
            return wait(now)
    except sqlite3.Error:
        return None
    return None


def release_write(limiter: Limiter, organizer: str, limit: int, now: float) -> None:
    if limit <= 0:
        return
    try:
        limiter.uncount(f"write/{organizer}", now)
    except sqlite3.Error:
        pass


def client_write(
    limiter: Limiter, what: str, client: str, limit: int, now: float, window: int = WINDOW
) -> int | None:
    """Count a write of kind `what` (e.g. a push subscription) from `client`, an address, in a
    `window` of seconds; seconds to wait if over `limit`, else None. Its own bucket: it never
    eats an organizer's allowance. One over the limit is not counted (a refused write takes no
    room in the next window's allowance either: windows are fixed)."""
    if limit <= 0:
        return None
    try:
        n = limiter.count(f"{what}/{client}", now, window)
        if n > limit:
            limiter.uncount(f"{what}/{client}", now, window)
    except sqlite3.Error:
        return None
    return wait(now, window) if n > limit else None
