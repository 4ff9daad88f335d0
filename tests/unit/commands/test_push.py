"""`hallway push list | remove | stats`: an organizer sees what the push store holds, by push
service and never by full endpoint, removes subscriptions by id or endpoint, and is told
plainly about an id that is not held."""

from __future__ import annotations

import pytest

from webapp.push.store import PushStore, Subscription
from webapp.serving import runtime

KEY = "B" + "A" * 86
T0 = 1_775_545_200  # 2026-04-07 07:00 UTC


@pytest.fixture
def store(app) -> PushStore:
    push = runtime(app).push_store
    push.put(
        Subscription("https://fcm.googleapis.com/fcm/send/secret-a", KEY, "a" * 22, 10),
        [T0, T0 + 60],
        T0 - 3600,
    )
    push.put(Subscription("https://fcm.googleapis.com/fcm/send/secret-b", KEY, "a" * 22, 5), [T0], T0 - 1800)
    push.put(Subscription("https://web.push.apple.com/secret-c", KEY, "a" * 22, 15), [], T0 - 60)
    push.note_results([], ["https://web.push.apple.com/secret-c"], limit=5)
    return push


def test_list_shows_each_subscription_by_its_push_service_never_its_endpoint(runner, store):
    result = runner.invoke(args=["push", "list"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split()[:4] == ["id", "push", "service", "lead"]
    first = lines[1].split()
    assert first[:4] == ["1", "fcm.googleapis.com", "10", "2"]
    assert first[4:8] == ["2026-04-07", "06:00", "2026-04-07", "06:00"] and first[-1] == "0"
    assert lines[3].split()[1] == "web.push.apple.com" and lines[3].split()[-1] == "1"  # its failure
    assert "secret" not in result.output and lines[-1] == "3 subscription(s)"


def test_remove_takes_ids_and_endpoints_and_names_the_unknown_one(runner, store):
    result = runner.invoke(args=["push", "remove", "1", "https://web.push.apple.com/secret-c", "99"])
    assert result.exit_code == 1
    assert "removed 1" in result.output and "removed the subscription at web.push.apple.com" in result.output
    assert "no subscription 99" in result.output and "hallway push list" in result.output
    assert [s.endpoint for s in store.all()] == ["https://fcm.googleapis.com/fcm/send/secret-b"]
    assert store.wake_count() == 1  # the removed ones' wake-ups went with them


def test_stats_counts_subscriptions_wake_ups_services_and_the_store_against_its_caps(runner, store):
    result = runner.invoke(args=["push", "stats"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "subscriptions: 3 (cap 50000" in out and "wake-ups: 3 (cap 2000000" in out
    assert "MB on disk (cap 256 MB" in out and "failing: 1 subscription(s)" in out
    services = out.split("by push service:\n")[1].split()
    assert services == ["fcm.googleapis.com", "2", "web.push.apple.com", "1"]


def test_with_no_store_yet_the_commands_say_so(runner, data_dir):
    result = runner.invoke(args=["push", "list"])
    assert result.exit_code == 1 and "no push subscriptions" in result.output
    assert not (data_dir / "push.sqlite3").exists()
