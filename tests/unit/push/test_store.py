"""The push store: a device's list replaces its old one, removal takes its wake-ups with it,
and each due wake-up is taken exactly once."""

from __future__ import annotations

import sqlite3

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


def test_wake_ups_are_kept_under_a_small_id_not_the_endpoint(tmp_path):
    store = PushStore(tmp_path / "push.sqlite3")
    long = Subscription("https://push.example/" + "x" * 2000, KEY, "A" * 22, 10)
    ident = store.put(long, list(range(1000, 1200)), now=1)
    found, _ = store.get(long.endpoint)
    assert found.id == ident and found.endpoint == long.endpoint
    # 200 wake-ups of a 2 KB endpoint took 4.5 MB keyed by the endpoint; by id a few pages.
    assert (tmp_path / "push.sqlite3").stat().st_size + (
        tmp_path / "push.sqlite3-wal"
    ).stat().st_size < 200_000


def test_a_failing_endpoint_is_dropped_at_the_limit_and_a_delivery_resets_its_count(tmp_path):
    store = PushStore(tmp_path / "push.sqlite3")
    a, b = sub("a"), sub("b")
    store.put(a, [100], now=1)
    store.put(b, [100], now=1)
    assert store.note_results([], [a.endpoint, b.endpoint], limit=3) == []
    assert store.note_results([b.endpoint], [a.endpoint], limit=3) == []
    assert store.note_results([], [a.endpoint, b.endpoint, "https://push.example/unknown"], limit=3) == [
        a.endpoint
    ]
    assert store.get(a.endpoint) is None
    assert store.get(b.endpoint) is not None  # 1 failure since its delivery
    assert [w.subscription.endpoint for w in store.take_due(100)] == [b.endpoint]


def test_subscriptions_are_removed_by_id_and_unknown_ids_are_said(tmp_path):
    store = PushStore(tmp_path / "push.sqlite3")
    ident = store.put(sub("a"), [100], now=1)
    assert store.remove_ids([ident, 9999]) == [ident]
    assert store.count() == 0 and store.next_due() is None


def test_a_subscription_past_its_event_expires_with_its_wake_ups(tmp_path):
    store = PushStore(tmp_path / "push.sqlite3")
    store.put(sub("old"), [100], now=1, expires=500)
    store.put(sub("new"), [100], now=1, expires=5000)
    assert store.expire(now=1000) == 1
    assert [s.endpoint for s in store.all()] == ["https://push.example/new"]


def test_a_store_of_the_first_layout_is_moved_to_ids_keeping_every_row(tmp_path):
    path = tmp_path / "push.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute(
            "CREATE TABLE subscription (endpoint TEXT PRIMARY KEY, p256dh TEXT NOT NULL,"
            " auth TEXT NOT NULL, lead INTEGER NOT NULL, updated REAL NOT NULL)"
        )
        conn.execute(
            "CREATE TABLE wake (at INTEGER NOT NULL, endpoint TEXT NOT NULL, PRIMARY KEY (at, endpoint))"
        )
        conn.execute("INSERT INTO subscription VALUES ('https://push.example/a', ?, 'auth', 5, 1)", (KEY,))
        conn.executemany("INSERT INTO wake VALUES (?, 'https://push.example/a')", [(100,), (200,)])
    conn.close()
    found, wake = PushStore(path).get("https://push.example/a")
    assert (found.lead, found.id > 0, wake) == (5, True, [100, 200])


def test_the_counts_the_caps_read_follow_every_way_rows_come_and_go(tmp_path):
    store = PushStore(tmp_path / "push.sqlite3")

    def counted() -> tuple[int, int]:
        conn = store._conn()
        real = [conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("subscriber", "wakeup")]
        assert (store.count(), store.wake_count()) == tuple(real)
        return store.count(), store.wake_count()

    store.put(sub("a"), [100, 200, 300], now=1, expires=10_000)
    store.put(sub("b"), [100, 400], now=1, expires=500)
    store.put(sub("c"), [100], now=1)
    assert counted() == (3, 6)
    store.put(sub("a"), [200], now=2, expires=10_000)  # replaced: 3 rows out, 1 in
    assert counted() == (3, 4)
    store.take_due(100)
    assert counted() == (3, 2)
    store.note_results([], [sub("c").endpoint], limit=1)
    assert counted() == (2, 2)
    store.expire(now=1000)  # b, with its 400
    assert counted() == (1, 1)
    store.remove([sub("a").endpoint])
    assert counted() == (0, 0)
