"""The sender against a push service on 127.0.0.1 that checks what a real one checks: the VAPID
JWT's signature, aud, exp and sub, and a body it decrypts with the keys the test made as a
browser would. 404/410 remove the subscription; 429 and 5xx are retried with backoff."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from tests.unit.push.push_service import Device, PushService, decrypt
from webapp.push.keys import VapidKey, load_or_create
from webapp.push.send import Message, Sender
from webapp.push.store import Subscription
from webapp.push.vapid import Vapid

NOW = datetime(2026, 4, 7, 7, 0, tzinfo=UTC)


@pytest.fixture
def service():
    s = PushService(now=lambda: NOW)
    yield s
    s.stop()


@pytest.fixture
def key(tmp_path) -> VapidKey:
    return load_or_create(tmp_path)


def sender(key: VapidKey, **kwargs) -> Sender:
    return Sender(Vapid(key, "mailto:ops@example.org", lambda: NOW), loopback=True, **kwargs)


def message(service: PushService, name: str, doc: dict, **kwargs) -> Message:
    sub = service.device(name).subscription()
    subscription = Subscription(sub["endpoint"], sub["keys"]["p256dh"], sub["keys"]["auth"], 10)
    return Message(subscription, json.dumps(doc).encode(), 600, **kwargs)


def test_a_message_arrives_signed_and_decrypts_to_its_payload(service, key):
    s = sender(key)
    outcome = s.send_all([message(service, "a", {"kind": "changes", "version": 3}, topic="changes")])
    assert (outcome.delivered, outcome.failed, outcome.gone) == (1, 0, [])
    (got,) = service.received
    assert service.errors == []
    assert got.payload == {"kind": "changes", "version": 3}
    assert got.claims["aud"] == service.origin and got.claims["sub"] == "mailto:ops@example.org"
    assert got.claims["k"] == key.public_b64  # the key the browser subscribed with
    assert got.headers["Topic"] == "changes" and got.headers["TTL"] == "600"
    s.close()


def test_a_jwt_signed_by_another_key_than_it_names_is_refused_by_the_service(service, key, tmp_path):
    other = load_or_create(tmp_path / "other")
    s = Sender(Vapid(other, "mailto:ops@example.org", lambda: NOW), loopback=True)
    signed_by_other = s.vapid.header
    s.vapid.header = lambda aud: signed_by_other(aud).replace(other.public_b64, key.public_b64)
    outcome = s.send_all([message(service, "a", {"kind": "wake"})])
    assert outcome.failed == 1 and service.received == []
    assert "signature" in service.errors[0]
    s.close()


def test_one_jwt_is_signed_per_push_service_and_connections_are_kept_open(service, key):
    s = sender(key, workers=4)
    signed = []
    real = s.vapid._sign
    s.vapid._sign = lambda aud, exp: signed.append(aud) or real(aud, exp)
    outcome = s.send_all([message(service, f"d{i}", {"kind": "changes", "version": 1}) for i in range(200)])
    assert outcome.delivered == 200 and len(service.received) == 200
    assert signed == [service.origin]
    assert service.connections <= 4, f"{service.connections} connections for 200 messages on 4 workers"
    s.close()


@pytest.mark.parametrize("status", [404, 410])
def test_a_gone_subscription_is_reported_gone_and_not_retried(service, key, status):
    m = message(service, "gone", {"kind": "wake"})
    service.gone["/push/gone"] = status
    outcome = sender(key, backoff=0.01).send_all([m])
    assert outcome.gone == [m.subscription.endpoint] and outcome.retries == 0
    assert len(service.attempts["/push/gone"]) == 1


@pytest.mark.parametrize("statuses", [[429, 201], [500, 503, 201], [429, 502, 500, 201]])
def test_a_busy_or_failing_service_is_retried_with_growing_waits_then_delivers(service, key, statuses):
    service.script["/push/busy"] = list(statuses)
    m = message(service, "busy", {"kind": "wake", "at": "2026-04-07T07:05:00Z"})
    outcome = sender(key, backoff=0.05, attempts=4).send_all([m])
    assert outcome.delivered == 1 and outcome.retries == len(statuses) - 1
    times = service.attempts["/push/busy"]
    gaps = [b - a for a, b in zip(times, times[1:], strict=False)]
    for i, gap in enumerate(gaps):
        assert gap >= 0.05 * 2**i * 0.9, f"retry {i + 1} came after {gap:.3f} s"
    assert service.received[0].payload == {"kind": "wake", "at": "2026-04-07T07:05:00Z"}


def test_retry_after_from_the_service_is_obeyed_over_a_shorter_backoff(service, key):
    service.script["/push/slow"] = [429, 201]
    service.retry_after["/push/slow"] = "1"
    assert sender(key, backoff=0.01).send_all([message(service, "slow", {"kind": "wake"})]).delivered == 1
    first, second = service.attempts["/push/slow"]
    assert second - first >= 0.95


def test_a_service_that_keeps_failing_is_given_up_after_the_last_attempt(service, key):
    service.script["/push/down"] = [500] * 10
    outcome = sender(key, backoff=0.01, attempts=3).send_all([message(service, "down", {"kind": "wake"})])
    assert (outcome.delivered, outcome.failed) == (0, 1)
    assert len(service.attempts["/push/down"]) == 3


def test_an_unreachable_service_is_a_failure_not_a_crash(key):
    keys = Device("http://127.0.0.1:9/push/x").subscription()["keys"]
    sub = Subscription("http://127.0.0.1:9/push/x", keys["p256dh"], keys["auth"], 5)
    outcome = sender(key, backoff=0.01, attempts=2).send_all([Message(sub, b"{}", 60)])
    assert (outcome.failed, outcome.retries) == (1, 1)


def test_the_largest_payload_makes_a_4096_byte_body_and_a_larger_one_is_refused():
    from webapp.push import ece

    device = Device("https://push.example/x")
    body = ece.encrypt(b"x" * ece.MAX_PAYLOAD, device.public, device.auth)
    assert len(body) == 4096
    assert decrypt(body, device) == b"x" * ece.MAX_PAYLOAD
    with pytest.raises(ValueError, match="over"):
        ece.encrypt(b"x" * (ece.MAX_PAYLOAD + 1), device.public, device.auth)
