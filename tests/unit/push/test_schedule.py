"""What is due: wake-ups at their instant by the clock given (not before, not twice, not when
too late to be of use), and one changes message per burst of signals (debounced)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from webapp.push.schedule import Debounce, changes_message, wake_messages
from webapp.push.store import PushStore, Subscription

T = datetime(2026, 4, 7, 7, 5, tzinfo=UTC)


def test_a_wake_up_is_due_at_its_instant_with_its_lead_as_ttl(tmp_path):
    store = PushStore(tmp_path / "push.sqlite3")
    store.put(Subscription("https://p.example/a", "k", "a", 10), [int(T.timestamp())], now=0)
    assert wake_messages(store, T - timedelta(seconds=1)) == ([], 0)
    (message,), late = wake_messages(store, T)
    assert json.loads(message.payload) == {"kind": "wake", "at": "2026-04-07T07:05:00Z"}
    assert (message.ttl, message.urgency, late) == (600, "high", 0)
    assert wake_messages(store, T + timedelta(seconds=1)) == ([], 0)


def test_a_wake_up_found_late_keeps_only_the_time_left_and_one_too_late_is_dropped(tmp_path):
    store = PushStore(tmp_path / "push.sqlite3")
    store.put(Subscription("https://p.example/a", "k", "a", 5), [int(T.timestamp())], now=0)
    store.put(Subscription("https://p.example/b", "k", "a", 5), [int(T.timestamp()) - 400], now=0)
    messages, late = wake_messages(store, T + timedelta(seconds=60))
    assert [(m.subscription.endpoint, m.ttl) for m in messages] == [("https://p.example/a", 240)]
    assert late == 1


def test_a_changes_message_names_the_version_and_the_topic():
    message = changes_message(Subscription("https://p.example/a", "k", "a", 5), 42)
    assert json.loads(message.payload) == {"kind": "changes", "version": 42}
    assert (message.topic, message.ttl) == ("changes", 86400)


def test_a_burst_of_signals_is_due_once_two_quiet_seconds_after_the_last():
    d = Debounce(quiet=2.0, most=10.0)
    assert not d.due(0.0)
    for t in (0.0, 0.5, 1.2, 1.9):
        d.signal(t)
        assert not d.due(t)
    assert not d.due(3.8)
    assert d.due(3.9)
    d.done()
    assert not d.due(100.0)


def test_an_endless_burst_is_still_sent_after_the_longest_wait():
    d = Debounce(quiet=2.0, most=10.0)
    t = 0.0
    while not d.due(t):
        d.signal(t)
        t += 1.0
        assert t < 20, "never due"
    assert t == 10.0
