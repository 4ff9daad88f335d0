"""An honest phone's reminder goes out on time while the same store holds dozens of hostile
subscriptions (issue 38, finding 2): push services that drip, never answer, answer 503 with
Retry-After: 60, answer 256 MB, or whose names do not resolve. The sending pass runs with a
pinned clock; the honest push service stand-in notes when the wake-up arrived."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.unit.push.clock import Clock
from tests.unit.push.push_service import Device, PushService, Received
from webapp import create_app
from webapp.push.store import Subscription
from webapp.serving import push, runtime

TOKEN = "push-attack-token"
AT = datetime(2026, 4, 7, 7, 0, tzinfo=UTC)  # the honest phone's wake-up, and the attackers'
PER_KIND = 8
BOUND = 2.5  # seconds: half of one attempt's deadline (5 s), so a wake-up that waited behind
# even one hostile attempt fails; measured about 0.02 s on a quiet machine


@pytest.fixture
def clock() -> Clock:
    return Clock(AT - timedelta(minutes=5))


@pytest.fixture
def app(data_dir: Path, clock: Clock):
    config = {"DATA_DIR": str(data_dir), "CLOCK": clock, "ADMIN_TOKEN": TOKEN, "PUSH_LOOPBACK": True}
    return create_app({"TESTING": True, **config})


@pytest.fixture
def services(clock: Clock):
    made: dict[str, PushService] = {}
    for name in ("honest", "drip", "hang", "503", "big"):  # an origin each, as an attacker's own
        made[name] = PushService(now=clock)
    yield made
    for s in made.values():
        s.stop()


@pytest.fixture
def run(app):
    r = push.runner(runtime(app))
    yield r
    r.stop()


def store(app, device: Device, wake: list[datetime], now: datetime) -> None:
    keys = device.subscription()["keys"]
    sub = Subscription(device.endpoint, keys["p256dh"], keys["auth"], 10)
    runtime(app).push_store.put(sub, [int(w.timestamp()) for w in wake], now.timestamp())


def attackers(app, services: dict[str, PushService], wake: list[datetime], now: datetime) -> int:
    """Hostile subscriptions stored before the honest one (first in the store's order)."""
    count = 0
    for kind in ("drip", "hang", "503", "big"):
        for i in range(PER_KIND):
            store(app, services[kind].hostile(f"{kind}{i}", kind), wake, now)
            count += 1
    for i in range(PER_KIND * 2):
        store(app, Device(f"https://p{i}.push.hallway.invalid/push/x"), wake, now)
        count += 1
    return count


def wake_up(service: PushService, timeout: float) -> Received:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = [r for r in list(service.received) if r.payload and r.payload.get("kind") == "wake"]
        if got:
            return got[0]
        time.sleep(0.01)
    raise AssertionError(f"no wake-up reached the honest push service within {timeout} s")


def test_the_honest_wake_up_goes_out_on_time_among_48_hostile_ones_due_at_the_same_instant(
    app, services, clock, run
):
    hostile = attackers(app, services, [AT], clock.now)
    assert hostile >= 32
    store(app, services["honest"].device("phone"), [AT], clock.now)
    clock.now = AT
    started = time.monotonic()
    run.step()
    delay = wake_up(services["honest"], timeout=30).at - started
    assert delay < BOUND, f"the honest wake-up left {delay:.2f} s after its instant"
    assert services["hang"].attempts and services["drip"].attempts, "the attackers were sent to as well"


def test_a_changes_fan_out_to_slow_push_services_does_not_delay_a_due_wake_up(app, services, clock, run):
    attackers(app, services, [], clock.now)
    store(app, services["honest"].device("phone"), [AT], clock.now)
    run.thread.start()  # the real loop, a pass every TICK
    body = {"kind": "edit", "session": "s1a2b3", "title": "Moved"}
    headers = {"Authorization": f"Bearer {TOKEN}"}
    assert app.test_client().post("/api/v1/corrections", json=body, headers=headers).status_code == 201
    end = time.monotonic() + 30
    while not services["hang"].attempts and time.monotonic() < end:  # the fan-out is under way
        time.sleep(0.05)
    assert services["hang"].attempts, "the changes fan-out did not start"
    clock.now = AT
    started = time.monotonic()
    delay = wake_up(services["honest"], timeout=30).at - started
    assert run.changes is not None and not run.changes.done(), "the fan-out was still going on"
    assert delay < BOUND, f"the wake-up waited {delay:.2f} s for the changes fan-out"


def test_a_subscription_whose_push_service_keeps_failing_is_dropped_after_five_in_a_row(
    app, services, clock, run
):
    instants = [AT + timedelta(minutes=m) for m in range(6)]
    bad = services["503"].hostile("bad", "503")
    store(app, bad, instants, clock.now)
    store(app, services["honest"].device("phone"), instants, clock.now)
    push_store = runtime(app).push_store
    for m in range(5):
        assert push_store.get(bad.endpoint) is not None, f"dropped after {m} failures"
        clock.now = instants[m]
        outcome = run.step(wait=30)
        assert outcome.failed == 1 and outcome.delivered == 1
    assert push_store.get(bad.endpoint) is None, "five failures in a row: dropped, wake-ups and all"
    assert push_store.get(services["honest"].device("phone").endpoint) is not None
