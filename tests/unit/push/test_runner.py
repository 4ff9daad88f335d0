"""The sending pass, driven by hand with a set clock: wake-ups go out at their instant, one
changes message per device after a burst of corrections (debounced), gone devices are removed,
and a push store that cannot be written never costs a correction."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.unit.push.clock import Clock
from tests.unit.push.push_service import PushService
from webapp import create_app
from webapp.serving import push, runtime

TOKEN = "push-runner-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
URL = "/api/v1/push/subscription"


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 4, 7, 6, 0, tzinfo=UTC))


@pytest.fixture
def app(data_dir: Path, clock: Clock):
    # PUSH_LOOPBACK: the push service stand-in listens on http://127.0.0.1.
    config = {"DATA_DIR": str(data_dir), "CLOCK": clock, "ADMIN_TOKEN": TOKEN, "PUSH_LOOPBACK": True}
    return create_app({"TESTING": True, **config})


@pytest.fixture
def service(clock: Clock):
    s = PushService(now=clock)
    yield s
    s.stop()


@pytest.fixture
def ticks():
    return [0.0]


@pytest.fixture
def run(app, ticks):
    r = push.runner(runtime(app), monotonic=lambda: ticks[0], backoff=0.01)
    yield r
    r.stop()


def subscribe(app, service: PushService, name: str, wake: list[str], lead: int = 10):
    device = service.device(name)
    resp = app.test_client().put(
        URL, json={"subscription": device.subscription(), "lead": lead, "wake": wake}
    )
    assert resp.status_code == 200, resp.get_json()
    return device


def correct(app, title: str) -> int:
    body = {"kind": "edit", "session": "s1a2b3", "title": title}
    resp = app.test_client().post("/api/v1/corrections", json=body, headers=AUTH)
    assert resp.status_code == 201
    return resp.get_json()["version"]


def test_a_wake_up_goes_out_at_its_instant_and_only_then(app, service, clock, run):
    subscribe(app, service, "a", ["2026-04-07T08:50:00+02:00"])
    subscribe(app, service, "b", ["2026-04-07T08:50:00+02:00", "2026-04-07T09:05:00+02:00"], lead=5)
    clock.now = datetime(2026, 4, 7, 6, 49, 59, tzinfo=UTC)
    assert run.step(wait=10).delivered == 0
    clock.now += timedelta(seconds=1)
    assert run.step(wait=10).delivered == 2
    assert sorted((r.path, r.payload["at"]) for r in service.received) == [
        ("/push/a", "2026-04-07T06:50:00Z"),
        ("/push/b", "2026-04-07T06:50:00Z"),
    ]
    assert {r.headers["Urgency"] for r in service.received} == {"high"}
    assert {r.path: r.headers["TTL"] for r in service.received} == {"/push/a": "600", "/push/b": "300"}
    assert run.step(wait=10).delivered == 0  # sent once
    clock.now = datetime(2026, 4, 7, 7, 5, tzinfo=UTC)
    assert run.step(wait=10).delivered == 1 and service.received[-1].payload == {
        "kind": "wake",
        "at": "2026-04-07T07:05:00Z",
    }


def test_a_burst_of_corrections_is_one_changes_message_per_device_two_seconds_after(app, service, run, ticks):
    subscribe(app, service, "a", [])
    subscribe(app, service, "b", [])
    correct(app, "First")
    assert run.step(wait=10).delivered == 0  # the burst may go on
    ticks[0] = 1.5
    newest = correct(app, "Second")
    assert run.step(wait=10).delivered == 0  # the loop looks every TICK: it sees the second one now
    ticks[0] = 3.4
    assert run.step(wait=10).delivered == 0
    ticks[0] = 3.5
    assert run.step(wait=10).delivered == 2
    assert sorted(r.path for r in service.received) == ["/push/a", "/push/b"]
    assert {r.payload["version"] for r in service.received} == {newest}
    assert {r.headers["Topic"] for r in service.received} == {"changes"}
    ticks[0] = 100.0
    assert run.step(wait=10).delivered == 0


def test_changes_noted_before_a_restart_are_sent_by_the_next_sender(app, service, ticks):
    subscribe(app, service, "a", [])
    version = correct(app, "While no process sent")
    first = push.runner(runtime(app), monotonic=lambda: ticks[0])
    ticks[0] = 5.0
    assert first.step(wait=10).delivered == 0  # seen now: the quiet time starts now
    first.stop()
    second = push.runner(runtime(app), monotonic=lambda: ticks[0])
    second.step(wait=10)
    ticks[0] = 7.0
    assert second.step(wait=10).delivered == 1 and service.received[0].payload["version"] == version
    second.stop()


@pytest.mark.parametrize("status", [404, 410])
def test_a_device_its_push_service_calls_gone_is_removed(app, service, run, ticks, status):
    gone = subscribe(app, service, "gone", [])
    subscribe(app, service, "kept", [])
    service.gone["/push/gone"] = status
    correct(app, "Moved")
    run.step(wait=10)
    ticks[0] = 2.0
    outcome = run.step(wait=10)
    assert outcome.gone == [gone.endpoint] and outcome.delivered == 1
    assert runtime(app).push_store.get(gone.endpoint) is None
    assert runtime(app).push_store.count() == 1


def test_a_correction_is_stored_even_when_the_push_store_cannot_be_written(app, data_dir):
    (data_dir / "push.sqlite3").mkdir()  # a directory where the file should be
    version = correct(app, "Still published")
    assert app.test_client().get("/api/v1/schedule.json").get_json()["version"] == version


def test_a_new_import_noticed_by_any_request_is_one_changes_message(app, service, run, ticks, data_dir):
    subscribe(app, service, "a", [])
    assert run.step(wait=10).delivered == 0  # the first import is no change
    path = data_dir / "schedule.json"
    path.write_text(path.read_text().replace("Compiling Things", "Compiling More Things"))
    app.test_client().get("/api/v1/outline.json")  # a phone's request records the new import
    run.step(wait=10)
    ticks[0] = 2.0
    assert run.step(wait=10).delivered == 1 and service.received[0].payload == {
        "kind": "changes",
        "version": 1,
    }


def test_a_correction_from_the_command_line_is_one_changes_message(app, service, run, ticks):
    from webapp.serving.writes import publish

    subscribe(app, service, "a", [])
    with app.app_context():
        version = publish(runtime(app), {"kind": "cancel", "session": "k9x8y7"}, "cli").version
    run.step(wait=10)
    ticks[0] = 2.0
    assert run.step(wait=10).delivered == 1 and service.received[0].payload == {
        "kind": "changes",
        "version": version,
    }


def test_only_one_process_holds_the_right_to_send(app, data_dir):
    from webapp.importers.follow_state import Lead

    first, second = Lead(data_dir, "push"), Lead(data_dir, "push")
    assert first.acquire() and not second.acquire()
    first.release()
    assert second.acquire()
    second.release()
