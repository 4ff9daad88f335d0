"""Web Push from a real deployment: gunicorn with two workers, each running the sending loop,
against a push service on 127.0.0.1 that checks the VAPID JWT and decrypts every message with
the keys the test made for each device. One correction is exactly one changes message per
device (never one per worker), and a wake-up arrives at its instant."""

from __future__ import annotations

import json
import os
import subprocess
import time
import urllib.request
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.e2e.test_serving_gunicorn_redis import (
    GUNICORN,
    ROOT,
    TOKEN,
    free_port,
    get,
    hammer,
    poll,
    post,
    stop,
    workers_that_served,
)
from tests.unit.push.push_service import PushService

EVENT_NOW = datetime(2026, 4, 7, 6, 0, tzinfo=UTC)  # an hour before the fixture's first session
OFFSET = (EVENT_NOW - datetime.now(UTC)).total_seconds()


def event_now() -> datetime:
    return datetime.now(UTC) + timedelta(seconds=OFFSET)


@pytest.fixture
def service():
    s = PushService(now=event_now)
    yield s
    s.stop()


@pytest.fixture
def server(tmp_path: Path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "schedule.json").write_bytes((ROOT / "tests/fixtures/mini_schedule.json").read_bytes())
    port = free_port()
    env = {
        **os.environ,
        "HALLWAY_DATA_DIR": str(data),
        "HALLWAY_ADMIN_TOKEN": TOKEN,
        "HALLWAY_TEST_CLOCK_OFFSET": str(OFFSET),
        "HALLWAY_PUSH_SUBJECT": "mailto:ops@example.org",
    }
    log, access = tmp_path / "gunicorn.log", tmp_path / "access.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [str(GUNICORN), "--workers", "2", "--bind", f"127.0.0.1:{port}", "--access-logfile", str(access),
             "--access-logformat", "%(p)s %(U)s%(q)s %(s)s", "tests.e2e.push_clock:create()"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        poll(lambda: get(url, "/api/v1/schedule.json")[0] == 200, 30, "gunicorn")
        # Both workers booted (each forks its sending loop as it boots; one holds the lead).
        poll(lambda: bool(hammer(url, 16)) and len(workers_that_served(access, 0)) == 2, 30, "both workers")
        yield url, data
    finally:
        stop(proc)


def put(url: str, body: dict) -> dict:
    req = urllib.request.Request(
        url + "/api/v1/push/subscription", data=json.dumps(body).encode(), method="PUT",
        headers={"Content-Type": "application/json"},
    )  # fmt: skip
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read())


def test_one_correction_is_one_changes_message_per_device_and_a_wake_up_comes_at_its_time(server, service):
    url, _ = server
    key = get(url, "/api/v1/push/key")[1]["publicKey"]
    wake_at = (event_now() + timedelta(seconds=8)).replace(microsecond=0)
    wake_mono = time.monotonic() + (wake_at - event_now()).total_seconds()
    iso = wake_at.strftime("%Y-%m-%dT%H:%M:%SZ")
    names = ["a", "b", "c"]
    for name in names:
        doc = {"subscription": service.device(name).subscription(), "lead": 10, "wake": [iso]}
        assert put(url, doc) == {"ok": True, "wake": 1}

    version = post(url, {"kind": "edit", "session": "s1a2b3", "title": "Moved on"})["version"]
    # Three changes messages, then three wake-ups 8 s after registering: by then any second
    # changes message (from the other worker, or a repeated pass) would have come too.
    got = service.wait_for(6, timeout=30)
    assert service.errors == []
    kinds = Counter((r.path, r.payload["kind"]) for r in got)
    assert kinds == {(f"/push/{n}", k): 1 for n in names for k in ("changes", "wake")}
    changes = [r for r in got if r.payload["kind"] == "changes"]
    wakes = [r for r in got if r.payload["kind"] == "wake"]
    assert {r.payload["version"] for r in changes} == {version}
    assert {r.claims["k"] for r in got} == {key}  # signed with the key the devices were given
    assert {r.payload["at"] for r in wakes} == {iso}
    for r in wakes:
        assert wake_mono - 0.5 <= r.at <= wake_mono + 3.0, f"a wake-up came {r.at - wake_mono:+.2f} s off"
