"""Name resolution under a flood of hostile names: bounded by the deadline, few lookups at a
time, one lookup per name however many ask, answers (and failures) kept a while."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from webapp.net import Deadline
from webapp.net.resolve import PARALLEL, Resolver


class SlowDNS:
    """A getaddrinfo that takes `seconds` and counts calls and the most running at once."""

    def __init__(self, seconds: float, fail: bool = False) -> None:
        self.seconds, self.fail = seconds, fail
        self.calls: list[str] = []
        self.running = self.most = 0
        self.lock = threading.Lock()

    def __call__(self, host: str, port: int, *args: object, **kwargs: object) -> list[tuple]:
        with self.lock:
            self.calls.append(host)
            self.running += 1
            self.most = max(self.most, self.running)
        threading.Event().wait(self.seconds)  # the resolver's own time, not the test's
        with self.lock:
            self.running -= 1
        if self.fail:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("192.0.2.1", port))]


def in_threads(count: int, work) -> list[object]:
    results: list[object] = [None] * count

    def one(i: int) -> None:
        try:
            results[i] = work(i)
        except OSError as exc:
            results[i] = exc

    threads = [threading.Thread(target=one, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return results


def test_many_callers_asking_one_name_make_one_lookup(monkeypatch) -> None:
    dns = SlowDNS(0.2)
    monkeypatch.setattr(socket, "getaddrinfo", dns)
    resolver = Resolver()
    results = in_threads(20, lambda i: resolver.resolve("push.example.test", 443, Deadline(5)))
    assert dns.calls == ["push.example.test"]
    assert all(r[0][4][0] == "192.0.2.1" for r in results)  # type: ignore[index]


def test_at_most_a_few_lookups_run_at_once(monkeypatch) -> None:
    dns = SlowDNS(0.1)
    monkeypatch.setattr(socket, "getaddrinfo", dns)
    resolver = Resolver()
    in_threads(40, lambda i: resolver.resolve(f"h{i}.example.test", 443, Deadline(10)))
    assert len(dns.calls) == 40 and dns.most <= PARALLEL


def test_a_name_that_failed_is_not_looked_up_again_at_once(monkeypatch) -> None:
    dns = SlowDNS(0.0, fail=True)
    monkeypatch.setattr(socket, "getaddrinfo", dns)
    resolver = Resolver()
    for _ in range(5):
        with pytest.raises(OSError, match="nowhere.invalid: cannot resolve"):
            resolver.resolve("nowhere.invalid", 443, Deadline(5))
    assert dns.calls == ["nowhere.invalid"]


def test_a_lookup_slower_than_the_deadline_is_given_up_and_its_answer_kept(monkeypatch) -> None:
    dns = SlowDNS(1.0)
    monkeypatch.setattr(socket, "getaddrinfo", dns)
    resolver = Resolver()
    started = time.monotonic()
    with pytest.raises(TimeoutError, match="slow.example.test"):
        resolver.resolve("slow.example.test", 443, Deadline(0.3))
    assert time.monotonic() - started < 0.8
    deadline = time.monotonic() + 5
    while dns.running and time.monotonic() < deadline:  # the lookup goes on in its thread
        time.sleep(0.05)
    assert resolver.resolve("slow.example.test", 443, Deadline(0.3))[0][4][0] == "192.0.2.1"
    assert dns.calls == ["slow.example.test"]


def test_slow_hostile_names_hold_the_slots_only_until_a_callers_deadline(monkeypatch) -> None:
    dns = SlowDNS(2.0)
    monkeypatch.setattr(socket, "getaddrinfo", dns)
    resolver = Resolver(parallel=2)
    started = time.monotonic()
    results = in_threads(6, lambda i: resolver.resolve(f"evil{i}.example.test", 443, Deadline(0.5)))
    assert all(isinstance(r, TimeoutError) for r in results)
    assert time.monotonic() - started < 1.5
