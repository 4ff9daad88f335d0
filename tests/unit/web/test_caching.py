"""flask-caching in front of the feed: it is used, keyed by version, and never hides a new version."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from webapp import create_app
from webapp.corrections.published import publish, store_for
from webapp.web import caching


@pytest.fixture
def app(data_dir: Path):
    return create_app({"TESTING": True, "DATA_DIR": str(data_dir), "CACHE_TYPE": "SimpleCache"})


def key(app, kind: str, *rest: object) -> str:
    head = store_for(app).head()
    return "/".join(("hallway", kind, head.store_id, str(head.version), *map(str, rest)))


def test_feed_answers_come_from_the_cache_under_their_version(app, client):
    client.get("/api/v1/schedule.json")
    with app.app_context():
        caching.set(key(app, "schedule"), ('"v0-planted"', b'{"planted": true}'))
        caching.set(key(app, "changes", 0), b'{"planted": "changes"}')
    assert client.get("/api/v1/schedule.json").get_json() == {"planted": True}
    assert client.get("/api/v1/changes?since=0").get_json() == {"planted": "changes"}


def test_a_new_version_is_never_hidden_behind_a_cached_old_one(app, client):
    old = client.get("/api/v1/schedule.json")
    client.get("/api/v1/changes?since=0")
    with app.app_context():
        publish(app, {"kind": "cancel", "session": "s1a2b3"})
    new = client.get("/api/v1/schedule.json")
    assert new.get_json()["version"] == 1 and new.headers["ETag"] != old.headers["ETag"]
    assert [c["version"] for c in client.get("/api/v1/changes?since=0").get_json()["changes"]] == [1]


def test_two_workers_sharing_a_cache_agree_on_the_newest_version(data_dir):
    # Two apps on one data directory and one cache backend stand in for two gunicorn workers.
    first = create_app({"TESTING": True, "DATA_DIR": str(data_dir)})
    second = create_app({"TESTING": True, "DATA_DIR": str(data_dir)})
    with first.app_context():
        shared = caching.cache.cache
    second.extensions["cache"][caching.cache] = shared
    a, b = first.test_client(), second.test_client()
    assert a.get("/api/v1/schedule.json").get_json()["version"] == 0
    assert b.get("/api/v1/schedule.json").get_json()["version"] == 0
    with first.app_context():
        publish(first, {"kind": "move", "session": "s1a2b3", "room": "side", "force": True})
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
        assert [caching.count("hallway/test", 60) for _ in range(3)] == [1, 2, 3]
