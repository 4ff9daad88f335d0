"""The push store's tables, and the move from the first layout (rows keyed by the endpoint).

A subscription is keyed by a small integer: its wake-up rows hold (instant, id), about 20
bytes, not the endpoint (up to 2 KB) once per instant. The endpoint is found through a
16-byte digest, so the file does not hold every endpoint twice (row and unique index).
"""

from __future__ import annotations

import hashlib
import sqlite3

VERSION = 3  # 2: keyed by id; 3: the rows counted by triggers
# In `counter`: the rows of `wakeup` and of `subscriber`, for the caps, read in O(1).
WAKE_ROWS, SUBSCRIBERS = "wake_rows", "subscribers"
TABLES = (
    # 'changes': bumped by each trigger; 'changes_sent': the value the last changes fan-out covered.
    "CREATE TABLE IF NOT EXISTS counter (name TEXT PRIMARY KEY, n INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS subscriber (id INTEGER PRIMARY KEY, ekey BLOB NOT NULL UNIQUE,"
    " endpoint TEXT NOT NULL, p256dh TEXT NOT NULL, auth TEXT NOT NULL, lead INTEGER NOT NULL,"
    " created REAL NOT NULL, updated REAL NOT NULL, expires REAL,"
    " failures INTEGER NOT NULL DEFAULT 0)",
    "CREATE INDEX IF NOT EXISTS subscriber_expires ON subscriber (expires)",
    "CREATE TABLE IF NOT EXISTS wakeup (at INTEGER NOT NULL, id INTEGER NOT NULL"
    " REFERENCES subscriber (id) ON DELETE CASCADE, PRIMARY KEY (at, id)) WITHOUT ROWID",
    "CREATE INDEX IF NOT EXISTS wakeup_id ON wakeup (id)",
    # Counting 2,000,000 rows took 29 ms in each PUT's write transaction; the triggers also
    # see the rows a subscription's deletion takes with it (ON DELETE CASCADE).
    f"CREATE TRIGGER IF NOT EXISTS wakeup_added AFTER INSERT ON wakeup BEGIN"
    f" UPDATE counter SET n = n + 1 WHERE name = '{WAKE_ROWS}'; END",
    f"CREATE TRIGGER IF NOT EXISTS wakeup_taken AFTER DELETE ON wakeup BEGIN"
    f" UPDATE counter SET n = n - 1 WHERE name = '{WAKE_ROWS}'; END",
    f"CREATE TRIGGER IF NOT EXISTS subscriber_added AFTER INSERT ON subscriber BEGIN"
    f" UPDATE counter SET n = n + 1 WHERE name = '{SUBSCRIBERS}'; END",
    f"CREATE TRIGGER IF NOT EXISTS subscriber_taken AFTER DELETE ON subscriber BEGIN"
    f" UPDATE counter SET n = n - 1 WHERE name = '{SUBSCRIBERS}'; END",
)
FROM_FIRST = (
    "INSERT OR IGNORE INTO subscriber (ekey, endpoint, p256dh, auth, lead, created, updated)"
    " SELECT push_key(endpoint), endpoint, p256dh, auth, lead, updated, updated FROM subscription",
    "INSERT OR IGNORE INTO wakeup SELECT w.at, s.id FROM wake w JOIN subscriber s"
    " ON s.ekey = push_key(w.endpoint)",
    "DROP TABLE wake",
    "DROP TABLE subscription",
)


def key(endpoint: str) -> bytes:
    return hashlib.sha256(endpoint.encode()).digest()[:16]


def create(conn: sqlite3.Connection) -> None:
    """Make the tables, moving a first-layout file's rows over (inside the caller's transaction)."""
    if conn.execute("PRAGMA user_version").fetchone()[0] >= VERSION:
        return
    for statement in TABLES:
        conn.execute(statement)
    first = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'subscription'")
    if first.fetchone() is not None:
        conn.create_function("push_key", 1, key, deterministic=True)
        for statement in FROM_FIRST:
            conn.execute(statement)
    for name, table in ((WAKE_ROWS, "wakeup"), (SUBSCRIBERS, "subscriber")):
        conn.execute(
            f"INSERT INTO counter VALUES (?, (SELECT count(*) FROM {table}))"
            " ON CONFLICT (name) DO UPDATE SET n = excluded.n",
            (name,),
        )
    conn.execute(f"PRAGMA user_version = {VERSION}")
