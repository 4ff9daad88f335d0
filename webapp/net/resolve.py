"""Name resolution bounded by a deadline, few lookups at a time, answers kept a while.

getaddrinfo has no timeout to give, and 96 lookups at once of names that do not exist took
10 s here (1.5 ms each one after the other): a flood of hostile names must not make a push
service's own name late. So a lookup runs in a daemon thread the caller waits for only until
its deadline; at most PARALLEL run at once; one name is looked up once however many callers
ask together; answers are kept TTL seconds (a failure NEGATIVE_TTL), so the names that work
are rarely looked up at all. Kept answers are checked by the policy at each use, as new ones."""

from __future__ import annotations

import ipaddress
import os
import socket
import threading
import time

from .deadline import Deadline

PARALLEL = 8
TTL = 300.0
NEGATIVE_TTL = 30.0
MAX_NAMES = 10000  # kept answers; expired ones are swept past this


class _Lookup:
    def __init__(self) -> None:
        self.done = threading.Event()
        self.result: list[tuple] | OSError | None = None


class Resolver:
    def __init__(self, parallel: int = PARALLEL) -> None:
        self.parallel = parallel
        self._reset()
        os.register_at_fork(after_in_child=self._reset)

    def _reset(self) -> None:
        self._slots = threading.BoundedSemaphore(self.parallel)
        self._lock = threading.Lock()
        self._cache: dict[tuple[str, int], tuple[float, list[tuple] | OSError]] = {}
        self._inflight: dict[tuple[str, int], _Lookup] = {}

    def resolve(self, host: str, port: int, deadline: Deadline) -> list[tuple]:
        """getaddrinfo's answers for (host, port) over TCP; OSError naming the host, or
        TimeoutError when the deadline passes first."""
        try:
            ipaddress.ip_address(host)
            return socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)  # a literal: no lookup
        except ValueError:
            pass
        key = (host, port)
        with self._lock:
            kept = self._cache.get(key)
            if kept is not None and kept[0] > time.monotonic():
                return _answer(kept[1])
            lookup = self._inflight.get(key)
            first = lookup is None
            if lookup is None:
                lookup = self._inflight[key] = _Lookup()
        if first:
            self._begin(key, lookup, deadline)
        if not lookup.done.wait(deadline.remaining()):
            raise TimeoutError(f"{host}: the name did not resolve within {deadline.seconds:g} s")
        return _answer(lookup.result)  # type: ignore[arg-type]

    def _begin(self, key: tuple[str, int], lookup: _Lookup, deadline: Deadline) -> None:
        if not self._slots.acquire(timeout=max(0.0, deadline.remaining())):
            self._settle(key, lookup, TimeoutError(f"{key[0]}: too many names being looked up"), keep=False)
            return

        def run() -> None:
            try:
                result: list[tuple] | OSError = socket.getaddrinfo(*key, type=socket.SOCK_STREAM)
            except OSError as exc:
                result = OSError(f"{key[0]}: cannot resolve: {exc}")
            finally:
                self._slots.release()  # held while the lookup runs, even past its caller's deadline
            self._settle(key, lookup, result, keep=True)

        threading.Thread(target=run, name="hallway-net-resolve", daemon=True).start()

    def _settle(
        self, key: tuple[str, int], lookup: _Lookup, result: list[tuple] | OSError, keep: bool
    ) -> None:
        with self._lock:
            if keep:
                if len(self._cache) >= MAX_NAMES:
                    now = time.monotonic()
                    self._cache = {k: v for k, v in self._cache.items() if v[0] > now}
                ttl = NEGATIVE_TTL if isinstance(result, OSError) else TTL
                self._cache[key] = (time.monotonic() + ttl, result)
            self._inflight.pop(key, None)
        lookup.result = result
        lookup.done.set()

    def forget(self) -> None:
        """Drop every kept answer (tests)."""
        with self._lock:
            self._cache.clear()


def _answer(result: list[tuple] | OSError) -> list[tuple]:
    if isinstance(result, OSError):
        raise type(result)(*result.args)  # a new exception each time: never one shared traceback
    return result


RESOLVER = Resolver()
