"""The store's head is asked by every request: it is read from SQLite only when the store's
files changed, and a write from any other connection or process is seen at the next ask."""

from __future__ import annotations

import sqlite3

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
