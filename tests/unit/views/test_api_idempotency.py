"""POST /api/v1/corrections with an Idempotency-Key: a retry stores nothing and answers the stored
correction, another body under the same key is a 409, a malformed key a 400; old stores gain the
key column in place and stay append-only; retries racing from several processes store one."""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
from pathlib import Path

import pytest

from webapp import create_app
from webapp.corrections.apply import Change
from webapp.corrections.store import STORE_FILE, KeyReused, Store
from webapp.serving import runtime
from webapp.serving.writes import publish_once

TOKEN = "idem-Organizer-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
EDIT = {"kind": "edit", "session": "s1a2b3", "title": "Retried title"}


@pytest.fixture
def app(data_dir: Path):
    config = {"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": TOKEN, "WRITE_RATE_LIMIT": 0}
    return create_app(config)


def post(client, body, key: str | None = None, raw: bytes | None = None):
    headers = {**AUTH, **({"Idempotency-Key": key} if key is not None else {})}
    data = raw if raw is not None else json.dumps(body)
    return client.post("/api/v1/corrections", data=data, headers=headers, content_type="application/json")


def versions(app) -> list[int]:
    return [c.version for c in runtime(app).store.corrections()]


def test_a_retry_with_the_same_key_answers_the_stored_correction_and_stores_nothing(app, client):
    first = post(client, EDIT, "k-1")
    assert first.status_code == 201
    # The same JSON with other spacing and key order is the same request.
    raw = b'{ "title": "Retried title", "session": "s1a2b3", "kind": "edit" }'
    again = post(client, None, "k-1", raw=raw)
    assert again.status_code == 200, again.data
    assert again.get_json() == first.get_json()
    assert again.headers["Hallway-Version"] == "1"
    assert versions(app) == [1]


def test_a_retry_after_later_corrections_answers_the_old_one_and_the_current_version(app, client):
    assert post(client, EDIT, "k-1").status_code == 201
    assert post(client, {**EDIT, "title": "Later"}, "k-2").status_code == 201
    again = post(client, EDIT, "k-1")
    assert again.status_code == 200
    assert (again.get_json()["version"], again.headers["Hallway-Version"]) == (1, "2")
    assert versions(app) == [1, 2]
    assert client.get("/api/v1/schedule.json").get_json()["version"] == 2


def test_the_same_key_with_another_body_is_409_and_stores_nothing(app, client):
    assert post(client, EDIT, "k-1").status_code == 201
    resp = post(client, {**EDIT, "title": "Something else"}, "k-1")
    assert resp.status_code == 409
    assert "k-1" in resp.get_json()["error"] and "new key" in resp.get_json()["error"]
    assert versions(app) == [1]


@pytest.mark.parametrize(
    "key",
    ["", "x" * 129, "clé", "tab\there", "del\x7f"],
    ids=["empty", "too long", "non-ascii", "tab", "del"],
)
def test_a_malformed_key_is_400_and_stores_nothing(app, client, key):
    resp = post(client, EDIT, key)
    assert resp.status_code == 400
    assert "Idempotency-Key" in resp.get_json()["error"]
    assert versions(app) == []


def test_keys_of_128_printable_characters_are_accepted(app, client):
    assert post(client, EDIT, "~ !" + "a" * 125).status_code == 201


def test_a_refused_correction_does_not_use_up_its_key(app, client):
    assert post(client, {**EDIT, "session": "nope"}, "k-1").status_code == 400
    assert post(client, EDIT, "k-1").status_code == 201
    assert versions(app) == [1]


def test_without_a_key_every_accepted_request_is_a_new_correction(app, client):
    move = {"kind": "move", "session": "s1a2b3", "force": True}  # side is taken at that time
    statuses = [post(client, {**move, "room": room}).status_code for room in ("side", "main", "side")]
    assert statuses == [201, 201, 201]
    assert versions(app) == [1, 2, 3]


def old_store(path: Path) -> None:
    """A store as made before idempotency keys: no key columns, one import and one correction."""
    old = Store(path)
    old.record_import("aaa", b"{}")
    old.append(Change("move", "s1a2b3", {"room": "main"}, {"room": "side"}))
    conn = old._conn()
    conn.execute("DROP INDEX history_idempotency_key")
    conn.execute("ALTER TABLE history DROP COLUMN request_sha256")
    conn.execute("ALTER TABLE history DROP COLUMN idempotency_key")
    conn.close()


def test_an_old_store_gains_the_key_column_in_place_and_stays_append_only(tmp_path):
    path = tmp_path / STORE_FILE
    old_store(path)
    with sqlite3.connect(path) as db:
        assert "idempotency_key" not in {r[1] for r in db.execute("PRAGMA table_info(history)")}
    store = Store(path)
    assert [c.version for c in store.corrections()] == [1]  # old rows kept, key NULL
    change = Change("move", "s1a2b3", {"room": "side"}, {"room": "main"})
    with store.writing() as writer:
        assert writer.stored("k-1", "sha") is None
        writer.append(change, None, "k-1", "sha")
    with store.writing() as writer:
        assert writer.stored("k-1", "sha").version == 2
        with pytest.raises(KeyReused):
            writer.stored("k-1", "other")
    assert store.head().version == 2
    db = sqlite3.connect(path)
    with pytest.raises(sqlite3.IntegrityError):  # the UNIQUE index, below the lookup
        db.execute("INSERT INTO history (version, time, kind, before, after, idempotency_key) "
                   "VALUES (9, 't', 'edit', '{}', '{}', 'k-1')")  # fmt: skip
    for statement in ("UPDATE history SET idempotency_key = 'x'", "DELETE FROM history"):
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            db.execute(statement)


def _retrier(data_dir: str, start, queue) -> None:
    app = create_app({"DATA_DIR": data_dir})
    start.wait(60)
    results = []
    for _ in range(5):
        correction, stored_now = publish_once(runtime(app), EDIT, "same-key")
        results.append((correction.version, stored_now))
    queue.put(results)


def test_concurrent_retries_of_one_key_from_several_processes_store_it_exactly_once(data_dir):
    create_app({"DATA_DIR": str(data_dir)}).test_client().get("/api/v1/schedule.json")  # the import
    ctx = multiprocessing.get_context("spawn")
    queue, start = ctx.Queue(), ctx.Event()
    procs = [ctx.Process(target=_retrier, args=(str(data_dir), start, queue)) for _ in range(4)]
    for p in procs:
        p.start()
    start.set()
    results = [r for _ in procs for r in queue.get(timeout=120)]
    for p in procs:
        p.join(timeout=30)
        assert p.exitcode == 0
    assert len(results) == 20
    assert {version for version, _ in results} == {1}
    assert sum(stored_now for _, stored_now in results) == 1
    assert versions(create_app({"DATA_DIR": str(data_dir)})) == [1]
