"""Web Push from a real deployment: gunicorn with two workers, each running the sending loop,
against a push service on 127.0.0.1 that checks the VAPID JWT and decrypts every message with
the keys the test made for each device. One correction is exactly one changes message per
device (never one per worker), and a wake-up arrives at its instant."""

from __future__ import annotations

import json
import time
import urllib.request
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.harness.gunicorn import Gunicorn
from tests.harness.net import get_json
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
def server(tmp_path: Path, serve) -> Gunicorn:
    env = {
        "HALLWAY_TEST_CLOCK_OFFSET": str(OFFSET),
        "HALLWAY_PUSH_SUBJECT": "mailto:ops@example.org",
        "HALLWAY_PUSH_LOOPBACK": "1",  # the push service stand-in listens on http://127.0.0.1
    }
    running = serve(Gunicorn(tmp_path, env=env, app="tests.harness.push_clock:create()"))
    running.wait_for_workers()  # each forks its sending loop as it boots; one holds the lead
    return running


def put(server: Gunicorn, body: dict) -> dict:
    req = urllib.request.Request(
        server.url + "/api/v1/push/subscription", data=json.dumps(body).encode(), method="PUT",
        headers={"Content-Type": "application/json"},
    )  # fmt: skip
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read())


def test_one_correction_is_one_changes_message_per_device_and_a_wake_up_comes_at_its_time(server, service):
    key = get_json(server, "/api/v1/push/key")["publicKey"]
    wake_at = (event_now() + timedelta(seconds=8)).replace(microsecond=0)
    wake_mono = time.monotonic() + (wake_at - event_now()).total_seconds()
    iso = wake_at.strftime("%Y-%m-%dT%H:%M:%SZ")
    names = ["a", "b", "c"]
    for name in names:
        doc = {"subscription": service.device(name).subscription(), "lead": 10, "wake": [iso]}
        assert put(server, doc) == {"ok": True, "wake": 1}

    version = server.publish({"kind": "edit", "session": "s1a2b3", "title": "Moved on"})["version"]
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
