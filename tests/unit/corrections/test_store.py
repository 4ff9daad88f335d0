"""The corrections history in SQLite: versions, imports, append-only, durability, concurrent writers."""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from webapp import create_app
from webapp.corrections.apply import Change, CorrectionError
from webapp.corrections.store import HEAD_QUERY, STORE_FILE, Store
from webapp.serving import runtime
from webapp.serving.published import published
from webapp.serving.writes import publish

ROOT = Path(__file__).parents[3]


def move(room: str) -> Change:
    return Change("move", "s1a2b3", {"room": "main"}, {"room": room})


def test_first_import_is_version_zero_and_a_changed_file_is_a_new_version(tmp_path):
    store = Store(tmp_path / STORE_FILE)
    assert store.head().version == 0
    assert store.record_import("aaa", b"{}") == 0
    assert store.record_import("aaa", b"{}") is None  # the same file again: nothing new
    store.append(move("side"))
    assert store.record_import("bbb", b"{1}") == 2
    assert store.record_import("aaa", b"{}") == 3  # going back to an older file is still new
    assert store.head().version == 3
    assert store.snapshot(2) == b"{1}"
    state = store.state()
    assert (state.base_version, state.base_sha256) == (3, "aaa")
    assert [c.version for c in state.corrections] == [1]  # kept on top of every later import


def test_versions_follow_each_other_and_a_refused_change_stores_nothing(tmp_path):
    store = Store(tmp_path / STORE_FILE)
    store.record_import("aaa", b"{}")
    versions = [store.append(move(room)).version for room in ("side", "main", "side")]
    assert versions == [1, 2, 3]

    # A change refused while the write lock is held (a clash found after deciding): the
    # block's append is rolled back with it.
    with pytest.raises(CorrectionError), store.writing() as writer:
        writer.append(move("main"))
        raise CorrectionError("no")
    assert store.head().version == 3
    assert [c.version for c in store.corrections()] == [1, 2, 3]


def test_history_is_append_only(tmp_path):
    store = Store(tmp_path / STORE_FILE)
    store.record_import("aaa", b"{}")
    store.append(move("side"))
    conn = sqlite3.connect(tmp_path / STORE_FILE)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("UPDATE history SET note = 'x' WHERE version = 1")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("DELETE FROM history")


def test_store_runs_in_wal_mode_with_full_sync(tmp_path):
    store = Store(tmp_path / STORE_FILE)
    conn = store._conn()
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_reading_the_current_version_uses_indexes_only(tmp_path):
    store = Store(tmp_path / STORE_FILE)
    plan = store._conn().execute(f"EXPLAIN QUERY PLAN {HEAD_QUERY}").fetchall()
    details = " | ".join(row[-1] for row in plan)
    assert "SEARCH history" in details and "SEARCH meta" in details, details
    assert "SCAN history" not in details and "SCAN meta" not in details, details


def test_lookup_refuses_imports_and_unknown_versions_and_not_versions_before_a_reimport(tmp_path):
    store = Store(tmp_path / STORE_FILE)
    store.record_import("aaa", b"{}")
    store.append(move("side"))
    assert store.lookup(1).change.after == {"room": "side"}
    with pytest.raises(CorrectionError, match="no correction has version 0"):
        store.lookup(0)
    with pytest.raises(CorrectionError, match="no correction has version 9"):
        store.lookup(9)
    store.record_import("bbb", b"{}")
    assert store.lookup(1).change.after == {"room": "side"}  # still on top, so still revertible
    assert [c.version for c in store.state().corrections] == [1]


def test_corrections_survive_a_restart_of_the_server_process(data_dir):
    script = (
        "import sys; from webapp import create_app; from webapp.serving import runtime\n"
        "from webapp.serving.writes import publish\n"
        "app = create_app({'DATA_DIR': sys.argv[1]})\n"
        "with app.app_context():\n"
        "    body = {'kind': 'move', 'session': 's1a2b3', 'room': 'side', 'force': True}\n"
        "    print(publish(runtime(app), body).version)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, str(data_dir)], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "1"
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir)})  # a fresh process's view
    pub = published(runtime(app))
    assert pub.version == 1
    assert pub.schedule.session("s1a2b3").room == "side"


def _writer(data_dir: str, worker: int, count: int, queue: multiprocessing.Queue) -> None:
    app = create_app({"DATA_DIR": data_dir})
    acked = []
    for i in range(count):
        body = {"kind": "edit", "session": "s1a2b3", "title": f"w{worker}-{i}"}
        acked.append((publish(runtime(app), body).version, body["title"]))
    queue.put(acked)


def test_concurrent_writers_lose_nothing_and_never_repeat_a_version(data_dir):
    workers, each = 4, 25
    published(runtime(create_app({"DATA_DIR": str(data_dir)})))  # the import, as a running server would
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    procs = [ctx.Process(target=_writer, args=(str(data_dir), w, each, queue)) for w in range(workers)]
    for p in procs:
        p.start()
    acked = [entry for _ in procs for entry in queue.get(timeout=120)]
    for p in procs:
        p.join(timeout=30)
        assert p.exitcode == 0
    stored = runtime(create_app({"DATA_DIR": str(data_dir)})).store.corrections()
    assert [c.version for c in stored] == list(range(1, workers * each + 1))  # gapless, no duplicate
    assert sorted(acked) == sorted((c.version, c.change.after["title"]) for c in stored)
    # Each writer saw its own corrections in the order it made them.
    for w in range(workers):
        mine = [c.change.after["title"] for c in stored if c.change.after["title"].startswith(f"w{w}-")]
        assert mine == [f"w{w}-{i}" for i in range(each)]
    # Each correction's `before` is the previous one's `after`: every writer saw the newest state.
    titles = [c.change.before["title"] for c in stored[1:]]
    assert titles == [c.change.after["title"] for c in stored[:-1]]


def test_a_broken_schedule_file_keeps_the_last_import_served(data_dir):
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir)})
    first = published(runtime(app))
    (data_dir / "schedule.json").write_text('{"event": "half a fi', encoding="utf-8")
    again = published(runtime(create_app({"TESTING": True, "DATA_DIR": str(data_dir)})))
    assert (again.version, again.etag) == (first.version, first.etag)


def test_a_reimported_schedule_is_a_new_version_and_keeps_the_corrections_on_top(data_dir):
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir)})
    publish(runtime(app), {"kind": "move", "session": "s1a2b3", "room": "side", "force": True})
    doc = json.loads((data_dir / "schedule.json").read_text(encoding="utf-8"))
    doc["sessions"][1]["title"] = "Renamed at the source"
    (data_dir / "schedule.json").write_text(json.dumps(doc), encoding="utf-8")
    pub = published(runtime(create_app({"TESTING": True, "DATA_DIR": str(data_dir)})))
    assert pub.version == 2
    assert pub.schedule.session("k9x8y7").title == "Renamed at the source"
    assert pub.schedule.session("s1a2b3").room == "side"  # the correction survives the re-import


def test_a_full_disk_is_said_as_such_and_leaves_the_store_usable(tmp_path):
    from webapp.corrections.database import describe

    store = Store(tmp_path / STORE_FILE)
    assert store.record_import("aaa", b"{}") == 0
    conn = store._conn()  # the store's own connection in this thread: the limit applies to it
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")  # as full as a full disk
    with pytest.raises(sqlite3.Error) as caught:
        store.record_import("bbb", b"x" * 200_000)
    # The error is the disk's, not "cannot rollback - no transaction is active".
    assert "full" in str(caught.value)
    assert describe(caught.value).startswith("the disk is full")
    assert not conn.in_transaction
    conn.execute("PRAGMA max_page_count = 1073741823")  # space again: nothing was half-written
    assert store.record_import("bbb", b"x" * 200_000) == 1
    assert store.snapshot(0) == b"{}"
