"""Production serving: gunicorn with two workers sharing a real redis-server as the feed cache.

A correction published through one worker must be served by both at once: the version is
read from the store on every request and is part of every cache key.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.harness.gunicorn import Gunicorn, Redis
from tests.harness.net import get_json


@pytest.fixture
def redis(tmp_path: Path) -> Iterator[Redis]:
    running = Redis(tmp_path).start()
    yield running
    running.stop()


@pytest.fixture
def server(tmp_path: Path, redis: Redis, serve) -> Gunicorn:
    env = {"HALLWAY_CACHE_TYPE": "RedisCache", "HALLWAY_CACHE_REDIS_URL": redis.url}
    running = serve(Gunicorn(tmp_path, env=env))
    running.wait_for_workers()
    return running


def hammer(server: Gunicorn, n: int) -> list[int]:
    """Versions seen by `n` requests on fresh connections, 8 at a time, to both feeds."""
    paths = [("/api/v1/schedule.json", "/api/v1/changes?since=0")[i % 2] for i in range(n)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        return [doc["version"] for doc in pool.map(lambda p: get_json(server, p), paths)]


def test_a_correction_through_one_worker_is_served_by_both_at_once(server, redis):
    assert set(hammer(server, 80)) == {0}  # warm the shared cache at version 0
    for expected in (1, 2):
        body = {"kind": "edit", "session": "s1a2b3", "title": f"Title {expected}"}
        assert server.publish(body)["version"] == expected
        mark = len(server.log().splitlines())
        seen = hammer(server, 200)
        assert seen == [expected] * 200, f"some answers were stale: {sorted(set(seen))}"
        assert len(server.workers_that_served(mark)) == 2, "only one worker answered; the test proved nothing"
    schedule = get_json(server, "/api/v1/schedule.json")
    assert next(s for s in schedule["sessions"] if s["id"] == "s1a2b3")["title"] == "Title 2"
    # The feed really went through Redis: it holds an entry per version served.
    keys = redis.keys("*hallway/schedule/*")
    # hallway/schedule/<store>/<version>/<stamp>: an entry per version, each with its own stamp
    assert {k.split("hallway/schedule/", 1)[1].split("/")[1] for k in keys} == {"0", "1", "2"}
    assert len({k.rsplit("/", 1)[-1] for k in keys}) == 3
