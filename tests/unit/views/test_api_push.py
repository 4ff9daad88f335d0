"""The push routes: the server's key, a device's subscription stored or forgotten, bad bodies
refused naming the field, the body and rate limits, and all of it gone when push is off."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import jsonschema
import pytest

from tests.unit.push.push_service import Device
from webapp import create_app
from webapp.push.keys import b64url_decode
from webapp.serving import runtime

OPENAPI = json.loads((Path(__file__).parents[3] / "webapp/schemas/openapi.json").read_text(encoding="utf-8"))
NOW = datetime(2026, 4, 7, 6, 0, tzinfo=UTC)  # before the fixture's first session (07:00 UTC)
URL = "/api/v1/push/subscription"


def valid(component: str, doc: object) -> None:
    jsonschema.Draft202012Validator({**OPENAPI, "$ref": f"#/components/schemas/{component}"}).validate(doc)


@pytest.fixture
def app(data_dir: Path):
    return create_app({"TESTING": True, "DATA_DIR": str(data_dir), "CLOCK": lambda: NOW})


def body(device: Device, wake: list[str], lead: int = 10) -> dict:
    return {"subscription": device.subscription(), "lead": lead, "wake": wake}


def test_the_key_is_the_servers_public_point(client):
    resp = client.get("/api/v1/push/key")
    assert resp.status_code == 200
    valid("PushKey", resp.get_json())
    raw = b64url_decode(resp.get_json()["publicKey"])
    assert len(raw) == 65 and raw[0] == 4
    assert client.get("/api/v1/push/key").get_json() == resp.get_json()  # kept, not made again


def test_a_subscription_is_stored_with_its_future_instants_and_replaced_by_the_next(app, client):
    device = Device("https://push.example/send/abc")
    resp = client.put(URL, json=body(device, ["2026-04-07T09:05:00+02:00", "2026-04-07T07:05:00Z"]))
    assert resp.status_code == 200 and resp.get_json() == {"ok": True, "wake": 1}
    valid("PushSubscriptionStored", resp.get_json())
    resp = client.put(URL, json=body(device, ["2026-04-08T09:50:00+02:00", "2026-04-07T05:00:00Z"], lead=5))
    assert resp.get_json() == {"ok": True, "wake": 1}  # 05:00 is past: dropped
    sub, wake = runtime(app).push_store.get(device.endpoint)
    assert (sub.lead, wake) == (5, [int(datetime(2026, 4, 8, 7, 50, tzinfo=UTC).timestamp())])


def test_a_subscription_is_forgotten_and_an_unknown_one_answers_the_same(app, client):
    device = Device("https://push.example/send/abc")
    client.put(URL, json=body(device, ["2026-04-07T09:05:00+02:00"]))
    assert client.delete(URL, json={"endpoint": device.endpoint}).status_code == 204
    assert runtime(app).push_store.get(device.endpoint) is None
    assert client.delete(URL, json={"endpoint": device.endpoint}).status_code == 204


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"{not json", "not valid JSON"),
        (b"[]", "the body must be a JSON object"),
        (json.dumps({"subscription": {"endpoint": "http://push.example/x"}}).encode(), "https://"),
        (json.dumps(body(Device("https://p.example/x"), ["2026-05-01T10:00:00Z"])).encode(), "within a day"),
        (json.dumps(body(Device("https://p.example/x"), [], lead=20)).encode(), "lead must be one of"),
    ],
)
def test_a_bad_body_is_a_400_naming_the_fault_and_nothing_is_stored(app, client, data, message):
    resp = client.put(URL, data=data, content_type="application/json")
    assert resp.status_code == 400
    assert message in resp.get_json()["error"]
    assert runtime(app).push_store.count() == 0


def test_a_body_over_16_kb_is_refused(client):
    doc = body(Device("https://push.example/x"), ["2026-04-07T09:05:00+02:00"])
    doc["padding"] = "x" * 16 * 1024
    resp = client.put(URL, json=doc)
    assert resp.status_code == 413 and "16384" in resp.get_json()["error"]


def test_too_many_changes_from_one_address_are_refused_with_retry_after(data_dir):
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "CLOCK": lambda: NOW, "PUSH_RATE_LIMIT": 2})
    client = app.test_client()
    device = Device("https://push.example/x")
    answers = [client.put(URL, json=body(device, [])).status_code for _ in range(2)]
    resp = client.delete(URL, json={"endpoint": device.endpoint})
    assert answers == [200, 200] and resp.status_code == 429
    assert int(resp.headers["Retry-After"]) > 0


@pytest.mark.parametrize(("method", "path"), [("get", "/api/v1/push/key"), ("put", URL), ("delete", URL)])
def test_every_push_route_answers_404_when_push_is_off(data_dir, method, path):
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "PUSH": False})
    resp = getattr(app.test_client(), method)(path, json={})
    assert resp.status_code == 404 and "HALLWAY_PUSH" in resp.get_json()["error"]
    assert not (data_dir / "push").exists()


@pytest.mark.parametrize(
    "endpoint",
    ["http://127.0.0.1:6379/", "https://169.254.169.254/latest", "https://[::1]/x", "https://2130706433/x"],
)
def test_an_endpoint_inside_is_refused_by_a_server_without_the_test_setting(app, client, endpoint):
    resp = client.put(URL, json=body(Device(endpoint), ["2026-04-07T09:05:00+02:00"]))
    assert resp.status_code == 400 and "subscription.endpoint" in resp.get_json()["error"]
    assert runtime(app).push_store.count() == 0
