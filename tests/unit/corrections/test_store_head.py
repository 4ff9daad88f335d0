"""The store's head is asked by every request: it is read from SQLite only when the store's
files changed, and a write from any other connection or process is seen at the next ask."""

from __future__ import annotations

import os
import sqlite3
import time

from webapp.corrections import store as store_module
from webapp.corrections.apply import Change
from webapp.corrections.store import HEAD_QUERY, STORE_FILE, Store


def move(room: str) -> Change:
    return Change("move", "s1a2b3", {"room": "main"}, {"room": room})


def counted_queries(monkeypatch) -> list[int]:
    queries: list[int] = []
    real = Store._head

    def counted(self, conn):
        queries.append(1)
        return real(self, conn)

    monkeypatch.setattr(Store, "_head", counted)
    return queries


def settled_clock(monkeypatch) -> None:
    """Every look at the files is long after their last change: the stats are trusted."""
    monkeypatch.setattr(store_module.time, "time_ns", lambda: 2**62)


def test_an_unchanged_store_is_not_queried_again(tmp_path, monkeypatch):
    settled_clock(monkeypatch)
    store = Store(tmp_path / STORE_FILE)
    store.record_import("aaa", b"{}")
    first = store.head()
    queries = counted_queries(monkeypatch)
    assert [store.head() for _ in range(5)] == [first] * 5
    assert queries == []


def test_a_write_by_another_connection_is_seen_at_the_next_ask(tmp_path, monkeypatch):
    settled_clock(monkeypatch)
    reader, writer = Store(tmp_path / STORE_FILE), Store(tmp_path / STORE_FILE)
    writer.record_import("aaa", b"{}")
    assert reader.head().version == 0 and reader.head().version == 0  # the second from the files
    for n in range(1, 6):
        writer.append(move(f"room{n}"))
        assert reader.head().version == n


def test_files_that_changed_within_the_clock_tick_are_not_trusted(tmp_path, monkeypatch):
    # A write in the same tick as the last look can leave the same times and sizes: simulated by
    # files that always look the same, changed "just now".
    reader, writer = Store(tmp_path / STORE_FILE), Store(tmp_path / STORE_FILE)
    writer.record_import("aaa", b"{}")
    monkeypatch.setattr(store_module, "_files", lambda paths: (10**18,) * 7)
    monkeypatch.setattr(store_module.time, "time_ns", lambda: 10**18 + store_module.SETTLED_NS // 2)
    assert reader.head().version == 0
    writer.append(move("side"))
    assert reader.head().version == 1


def test_a_store_written_by_plain_sqlite_is_seen_too(tmp_path, monkeypatch):
    settled_clock(monkeypatch)
    path = tmp_path / STORE_FILE
    store = Store(path)
    store.record_import("aaa", b"{}")
    assert store.head().version == 0
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(
        "INSERT INTO history (version, time, kind, session, before, after) "
        "VALUES (1, '2026-01-01T00:00:00Z', 'cancel', 's1', '{}', '{}')"
    )
    conn.close()
    row = sqlite3.connect(path).execute(HEAD_QUERY).fetchone()
    assert (store.head().version, store.head().store_id) == (1, row[1])


def test_a_look_between_the_log_written_and_the_commit_published_is_not_kept(tmp_path, monkeypatch):
    # SQLite writes the log, syncs it, then publishes the commit in its index: a reader looking in
    # between sees the new files and the old version. Reproduced with a reader whose snapshot is
    # older than the files it sees, and a log written long enough ago that the look is trusted.
    path = tmp_path / STORE_FILE
    reader, writer = Store(path), Store(path)
    writer.record_import("aaa", b"{}")
    assert reader.head().version == 0
    pinned = reader._conn()
    pinned.execute("BEGIN")
    pinned.execute("SELECT max(version) FROM history").fetchone()  # the snapshot starts here
    looked: list[int] = []
    publish = Store._committed

    def slow_sync(self):
        if self is writer:
            old = time.time_ns() - 10 * store_module.SETTLED_NS
            for written in (path, f"{path}-wal"):  # a while ago: the fsync is slow
                os.utime(written, ns=(old, old))
            looked.append(reader.head().version)  # what a request asked meanwhile
            pinned.execute("COMMIT")
        publish(self)

    monkeypatch.setattr(Store, "_committed", slow_sync)
    writer.append(move("side"))
    assert looked == [0]
    assert reader.head().version == 1


def test_a_held_head_is_read_again_after_a_while_however_the_files_look(tmp_path, monkeypatch):
    # A writer killed between its commit and marking the log: the files never change again.
    reader, writer = Store(tmp_path / STORE_FILE), Store(tmp_path / STORE_FILE)
    writer.record_import("aaa", b"{}")
    now = [10**18]
    monkeypatch.setattr(store_module, "_files", lambda paths: (0,) * 7)
    monkeypatch.setattr(store_module.time, "time_ns", lambda: now[0])
    monkeypatch.setattr(Store, "_committed", lambda self: None)
    assert reader.head().version == 0
    writer.append(move("side"))
    assert reader.head().version == 0  # held: the files look the same
    now[0] += store_module.HELD_NS
    assert reader.head().version == 1
