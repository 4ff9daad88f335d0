"""What one anonymous client can make the push store hold is bounded (issue 38, finding 1): new
subscriptions per address per hour, caps on subscriptions and wake-ups, a size limit on the
file; every refusal is a JSON answer that says why (429, 507, 503), never a 500, and a full
push store is a /healthz problem that leaves corrections alone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.unit.push.push_service import Device
from webapp import create_app
from webapp.serving import runtime

NOW = datetime(2026, 4, 7, 6, 0, tzinfo=UTC)  # before the fixture's first session (07:00 UTC)
URL = "/api/v1/push/subscription"
TOKEN = "s3cret-Organizer-token"
KEYS = Device("https://push.example/keys").subscription()["keys"]  # making keys is slow: one pair


def make(data_dir: Path, **config):
    base = {"TESTING": True, "DATA_DIR": str(data_dir), "CLOCK": lambda: NOW, "ADMIN_TOKEN": TOKEN}
    return create_app({**base, **config})


def body(endpoint: str, wake: int = 1) -> dict:
    instants = [(NOW + timedelta(hours=1, minutes=i)).isoformat() for i in range(wake)]
    return {"subscription": {"endpoint": endpoint, "keys": KEYS}, "lead": 10, "wake": instants}


def put(client, endpoint: str, wake: int = 1, address: str = "203.0.113.7"):
    return client.put(URL, json=body(endpoint, wake), environ_base={"REMOTE_ADDR": address})


def test_a_flood_of_new_subscriptions_from_one_address_is_refused_but_updates_and_others_are_not(data_dir):
    app = make(data_dir, PUSH_NEW_LIMIT=5)
    client = app.test_client()
    answers = [put(client, f"https://push.example/flood/{i}") for i in range(20)]
    assert [a.status_code for a in answers] == [200] * 5 + [429] * 15
    refused = answers[-1]
    assert "too many new push subscriptions" in refused.get_json()["error"]
    assert 0 < int(refused.headers["Retry-After"]) <= 3600
    assert put(client, "https://push.example/flood/0", wake=3).status_code == 200  # an update is not new
    assert put(client, "https://push.example/other", address="198.51.100.9").status_code == 200
    assert runtime(app).push_store.count() == 6


def test_the_allowance_is_one_for_every_worker_of_the_host(data_dir):
    workers = [make(data_dir, PUSH_NEW_LIMIT=4).test_client() for _ in range(2)]  # two apps: two workers
    answers = [put(workers[i % 2], f"https://push.example/w/{i}").status_code for i in range(6)]
    assert answers == [200, 200, 200, 200, 429, 429]


def test_the_addresses_of_one_ipv6_network_share_one_allowance(data_dir):
    client = make(data_dir, PUSH_NEW_LIMIT=2).test_client()
    addresses = [f"2001:db8:1:2::{i:x}" for i in range(1, 4)]  # one /64: what one subscriber gets
    answers = [
        put(client, f"https://push.example/v6/{i}", address=a).status_code for i, a in enumerate(addresses)
    ]
    assert answers == [200, 200, 429]
    assert put(client, "https://push.example/v6/other", address="2001:db8:1:3::1").status_code == 200


def test_the_limit_on_new_subscriptions_is_on_by_default():
    from webapp import settings

    assert {s.name: s.default for s in settings.SETTINGS}["PUSH_NEW_LIMIT"] > 0


def test_past_the_caps_a_new_subscription_or_a_longer_list_is_a_507_and_nothing_changes(data_dir):
    app = make(data_dir, PUSH_MAX_SUBSCRIPTIONS=2, PUSH_MAX_WAKE_UPS=5)
    client = app.test_client()
    assert [put(client, f"https://push.example/{i}", wake=2).status_code for i in range(2)] == [200, 200]
    third = put(client, "https://push.example/2")
    assert third.status_code == 507 and "push subscriptions" in third.get_json()["error"]
    longer = put(client, "https://push.example/0", wake=4)  # 4 + the other's 2 > 5
    assert longer.status_code == 507 and "wake-ups" in longer.get_json()["error"]
    assert put(client, "https://push.example/0", wake=3).status_code == 200  # 3 + 2 fit
    assert runtime(app).push_store.count() == 2


def test_only_the_soonest_wake_ups_are_kept_and_the_answer_says_how_many_were_not(data_dir):
    app = make(data_dir, PUSH_MAX_WAKE=3)
    resp = put(app.test_client(), "https://push.example/a", wake=5)
    assert resp.get_json() == {"ok": True, "wake": 3, "dropped": 2}
    _, wake = runtime(app).push_store.get("https://push.example/a")
    assert wake == [int((NOW + timedelta(hours=1, minutes=i)).timestamp()) for i in range(3)]


def test_subscriptions_are_deleted_once_the_event_is_over_by_the_keep_days(data_dir):
    clock = {"now": NOW}
    app = make(data_dir, PUSH_KEEP_DAYS=2, CLOCK=lambda: clock["now"])
    client = app.test_client()
    assert put(client, "https://push.example/early").status_code == 200
    # The fixture's last session ends on 2026-04-08; two days later a new device's PUT clears it.
    clock["now"] = datetime(2026, 4, 11, tzinfo=UTC)
    client.put(URL, json={**body("https://push.example/late", 0), "wake": []})
    assert runtime(app).push_store.get("https://push.example/early") is None


def test_a_full_push_store_is_a_503_and_a_health_problem_and_corrections_are_still_taken(data_dir):
    app = make(data_dir, PUSH_STORE_MAX_MB=1, PUSH_NEW_LIMIT=0, PUSH_RATE_LIMIT=0)
    client = app.test_client()
    padding = "x" * 1900  # the attack's 2 KB endpoints, each with 200 wake-ups
    answers = []
    for i in range(400):  # full well before: about 10 KB each
        answers.append(put(client, f"https://push.example/{i:04}/{padding}", wake=200))
        if answers[-1].status_code != 200:
            break
    full = answers[-1]
    assert full.status_code == 503, [a.status_code for a in answers[-3:]]
    assert full.get_json()["error"].startswith("the push store is full (HALLWAY_PUSH_STORE_MAX_MB")
    assert "corrections are not affected" in full.get_json()["error"]
    store = data_dir / "push.sqlite3"
    assert store.stat().st_size <= 1024 * 1024
    organizer = {"Authorization": f"Bearer {TOKEN}"}  # who is shown the problems' texts
    health = client.get("/healthz", headers=organizer).get_json()
    assert health["status"] == "degraded" and "the push store is full" in health["problems"]["push store"]
    correction = {"kind": "cancel", "session": "s1a2b3"}
    resp = client.post("/api/v1/corrections", json=correction, headers=organizer)
    assert resp.status_code == 201, resp.get_json()
    # Another worker sees the full file on /healthz too: it reads the file, not this one's memory.
    other = make(data_dir, PUSH_STORE_MAX_MB=1).test_client().get("/healthz").get_json()
    assert "push store" in other["problems"]
