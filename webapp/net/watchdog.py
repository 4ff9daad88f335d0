"""One thread per process that calls a function when its time comes: how a deadline stops a
read that a peer keeps alive one byte at a time (a socket timeout restarts with each byte).
One thread and a heap rather than a timer thread per message: a fan-out sends thousands."""

from __future__ import annotations

import heapq
import itertools
import os
import threading
import time
from collections.abc import Callable


class Watchdog:
    def __init__(self) -> None:
        self._reset()
        os.register_at_fork(after_in_child=self._reset)  # a forked sender starts with no thread

    def _reset(self) -> None:
        self._cond = threading.Condition()
        self._heap: list[list] = []  # [when, seq, fire or None once cancelled]
        self._seq = itertools.count()
        self._thread: threading.Thread | None = None

    def watch(self, seconds: float, fire: Callable[[], None]) -> list:
        """Call `fire` in `seconds` unless cancelled first; the handle to cancel it by."""
        entry = [time.monotonic() + seconds, next(self._seq), fire]
        with self._cond:
            heapq.heappush(self._heap, entry)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="hallway-net-watchdog", daemon=True)
                self._thread.start()
            if self._heap[0] is entry:
                self._cond.notify()
        return entry

    @staticmethod
    def cancel(entry: list) -> None:
        entry[2] = None  # left in the heap; dropped when its time comes

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._heap or self._heap[0][0] > time.monotonic():
                    self._cond.wait(self._heap[0][0] - time.monotonic() if self._heap else None)
                fire = heapq.heappop(self._heap)[2]
            if fire is not None:
                try:
                    fire()
                except Exception:  # noqa: BLE001, S110 - the watchdog must outlive any one callback
                    pass


WATCHDOG = Watchdog()
