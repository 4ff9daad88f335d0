"""The push store: a device's list replaces its old one, removal takes its wake-ups with it,
and each due wake-up is taken exactly once."""

from __future__ import annotations

from webapp.push.store import PushStore, Subscription

KEY = "B" + "A" * 86  # the store does not check keys (the route does)


def sub(name: str, lead: int = 10) -> Subscription:
    return Subscription(f"https://push.example/{name}", KEY, "A" * 22, lead)


def test_a_new_list_of_instants_replaces_the_old_one(tmp_path):
    store = PushStore(tmp_path / "push.sqlite3")
    store.put(sub("a"), [100, 200, 300], now=1)
    store.put(sub("a", lead=5), [250], now=2)
    found, wake = store.get("https://push.example/a")
    assert (found.lead, wake) == (5, [250])
    assert store.count() == 1


def test_removing_a_subscription_removes_its_wake_ups(tmp_path):
    store = PushStore(tmp_path / "push.sqlite3")
    store.put(sub("a"), [100], now=1)
    store.put(sub("b"), [100], now=1)
    store.remove(["https://push.example/a", "https://push.example/unknown"])
    assert store.get("https://push.example/a") is None
    assert [w.subscription.endpoint for w in store.take_due(100)] == ["https://push.example/b"]


def test_a_due_wake_up_is_taken_once_and_later_ones_stay(tmp_path):
    store = PushStore(tmp_path / "push.sqlite3")
    store.put(sub("a"), [100, 200], now=1)
    assert store.take_due(99) == []
    assert [w.at for w in store.take_due(150)] == [100]
    assert store.take_due(150) == []
    assert store.next_due() == 200


def test_every_subscription_is_listed_across_batches(tmp_path):
    store = PushStore(tmp_path / "push.sqlite3")
    for i in range(25):
        store.put(sub(f"{i:03}"), [], now=1)
    assert len({s.endpoint for s in store.all(batch=7)}) == 25


def test_the_changes_counter_is_shared_by_every_connection(tmp_path):
    one, other = PushStore(tmp_path / "push.sqlite3"), PushStore(tmp_path / "push.sqlite3")
    one.bump("changes")
    one.bump("changes")
    assert other.counter("changes") == 2
    other.set_counter("changes_sent", 2)
    assert one.counter("changes_sent") == 2
