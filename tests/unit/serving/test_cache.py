"""The shared cache in front of the feed: workers share what they built, keyed by version;
a new version is never hidden behind an old one."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from webapp import create_app
from webapp.serving import cache, runtime
from webapp.serving.writes import publish


@pytest.fixture
def app(data_dir: Path):
    return create_app({"TESTING": True, "DATA_DIR": str(data_dir), "CACHE_TYPE": "SimpleCache"})


def key(app, kind: str, *rest: object) -> str:
    head = runtime(app).store.head()
    return "/".join(("hallway", kind, head.store_id, str(head.version), head.stamp, *map(str, rest)))


def test_a_worker_takes_what_the_cache_holds_under_the_version_instead_of_building_it(data_dir):
    first, second = two_workers(data_dir)
    first.test_client().get("/api/v1/schedule.json")  # the import is recorded: version 0
    with first.app_context():
        for kind in ("schedule", "outline", "texts"):
            cache.set(
                runtime(first), key(first, kind), ('"v0-planted"', b'{"planted": "%s"}' % kind.encode())
            )
        venue = 0  # the venue's version, part of every changes answer: no venue described yet
        cache.set(runtime(first), key(first, "changes", 0, venue), b'{"planted": "changes"}')
    b = second.test_client()  # has built nothing yet
    for kind in ("schedule", "outline", "texts"):
        assert b.get(f"/api/v1/{kind}.json").get_json() == {"planted": kind}
    assert b.get("/api/v1/changes?since=0").get_json() == {"planted": "changes"}


def test_what_a_worker_built_is_put_in_the_shared_cache_under_its_version(data_dir):
    first, second = two_workers(data_dir)
    served = {
        kind: first.test_client().get(f"/api/v1/{kind}.json") for kind in ("schedule", "outline", "texts")
    }
    with second.app_context():
        for kind, resp in served.items():
            assert cache.get(runtime(second), key(second, kind)) == (resp.headers["ETag"], resp.get_data())


def test_a_new_version_is_never_hidden_behind_a_cached_old_one(app, client):
    old = client.get("/api/v1/schedule.json")
    client.get("/api/v1/changes?since=0")
    with app.app_context():
        publish(runtime(app), {"kind": "cancel", "session": "s1a2b3"})
    new = client.get("/api/v1/schedule.json")
    assert new.get_json()["version"] == 1 and new.headers["ETag"] != old.headers["ETag"]
    assert [c["version"] for c in client.get("/api/v1/changes?since=0").get_json()["changes"]] == [1]


def two_workers(data_dir: Path):
    """Two apps on one data directory and one cache backend: two gunicorn workers' stand-ins."""
    first = create_app({"TESTING": True, "DATA_DIR": str(data_dir)})
    second = create_app({"TESTING": True, "DATA_DIR": str(data_dir)})
    with first.app_context():
        shared = cache.cache.cache
    second.extensions["cache"][cache.cache] = shared
    return first, second


def test_two_workers_sharing_a_cache_agree_on_the_newest_version(data_dir):
    first, second = two_workers(data_dir)
    a, b = first.test_client(), second.test_client()
    assert a.get("/api/v1/schedule.json").get_json()["version"] == 0
    assert b.get("/api/v1/schedule.json").get_json()["version"] == 0
    with first.app_context():
        publish(runtime(first), {"kind": "move", "session": "s1a2b3", "room": "side", "force": True})
    assert b.get("/api/v1/schedule.json").get_json()["version"] == 1
    assert b.get("/api/v1/changes?since=0").get_json()["version"] == 1


def test_a_cache_that_is_down_does_not_take_the_feed_down(data_dir):
    app = create_app(
        {"TESTING": True, "DATA_DIR": str(data_dir), "CACHE_TYPE": "RedisCache",
         "CACHE_REDIS_URL": "redis://127.0.0.1:9/0", "ADMIN_TOKEN": "t"}
    )  # fmt: skip
    client = app.test_client()
    started = time.monotonic()
    assert client.get("/api/v1/schedule.json").status_code == 200
    assert client.get("/api/v1/changes?since=0").status_code == 200
    post = client.post("/api/v1/corrections", json={"kind": "cancel", "session": "s1a2b3"},
                       headers={"Authorization": "Bearer t"})  # fmt: skip
    assert post.status_code == 201  # the rate limit fails open rather than locking organizers out
    assert time.monotonic() - started < 10


def test_counter_counts_within_its_window(app):
    with app.app_context():
        assert [cache.count("hallway/test", 60) for _ in range(3)] == [1, 2, 3]


def test_a_restored_backup_written_again_never_serves_the_lost_edits(data_dir):
    # Two workers sharing one cache; a backup of the store at version 1 is restored after
    # versions 2 and 3 were published, then two other corrections are published (2 and 3 again).
    import shutil
    import sqlite3

    from webapp.corrections.store import STORE_FILE

    first, second = two_workers(data_dir)
    a, b = first.test_client(), second.test_client()
    store = data_dir / STORE_FILE
    with first.app_context():
        publish(runtime(first), {"kind": "move", "session": "s1a2b3", "room": "side", "force": True})
    conn = sqlite3.connect(store)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    backup = data_dir.parent / "backup.sqlite3"
    shutil.copy(store, backup)
    with first.app_context():
        publish(runtime(first), {"kind": "edit", "session": "q4w5e6", "title": "Lost edit"})
        publish(runtime(first), {"kind": "cancel", "session": "k9x8y7"})
    lost = b.get("/api/v1/schedule.json").get_json()  # cached by both workers' shared cache
    assert lost["version"] == 3 and b.get("/api/v1/changes?since=1").get_json()["version"] == 3
    for suffix in ("", "-wal", "-shm"):  # restored as a new file, as `cp` to a new name and `mv` do
        (data_dir / (STORE_FILE + suffix)).unlink(missing_ok=True)
    shutil.copy(backup, store)
    with second.app_context():
        publish(runtime(second), {"kind": "edit", "session": "q4w5e6", "title": "Kept edit"})
        publish(runtime(second), {"kind": "edit", "session": "s1a2b3", "title": "Another"})
    for client in (a, b):
        doc = client.get("/api/v1/schedule.json").get_json()
        titles = {s["id"]: s["title"] for s in doc["sessions"]}
        assert doc["version"] == 3 and titles["q4w5e6"] == "Kept edit", titles
        assert doc["stamp"] != lost["stamp"]
        feed = client.get("/api/v1/changes?since=1").get_json()
        assert [c["after"].get("title") for c in feed["changes"]] == ["Kept edit", "Another"]
        # A phone that saw the lost version 3 is told its history went back.
        told = client.get(f"/api/v1/changes?since=3&stamp={lost['stamp']}").get_json()
        assert told["reload"] is True and told["rewound"] is True
        assert client.get(f"/api/v1/changes?since=3&stamp={doc['stamp']}").get_json()["reload"] is False


def test_a_sweep_of_every_since_caches_only_answers_near_the_newest_version(app, client):
    # Sweeping since=0..head after each version grew Redis by ~540 MB a version.
    from webapp.serving import changes

    with app.app_context():
        for n in range(45):
            room = "side" if n % 2 == 0 else "main"
            publish(runtime(app), {"kind": "move", "session": "s1a2b3", "room": room, "force": True})
        backend = cache.cache.cache
    for since in range(46):
        assert client.get(f"/api/v1/changes?since={since}").status_code == 200
    cached = [k for k in backend._cache if "/changes/" in k]
    assert len(cached) == changes.CACHED_BEHIND + 1, len(cached)
