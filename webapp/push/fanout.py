"""One fan-out's bookkeeping: what became of each message, how many retries it may still spend,
and a way to wait for its end. Kept apart from the sending so that the sender's threads only
post, and a fan-out ends in bounded time whatever its endpoints do (issue 38, finding 2)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .store import Subscription


@dataclass
class Outcome:
    delivered: int = 0
    gone: list[str] = field(default_factory=list)
    failed: int = 0
    retries: int = 0
    seconds: float = 0.0  # from the first message handed out to the last one settled
    delivered_to: list[str] = field(default_factory=list)  # endpoints, for the failure counts
    failed_to: list[str] = field(default_factory=list)

    def add(self, other: Outcome) -> None:
        self.delivered += other.delivered
        self.failed += other.failed
        self.retries += other.retries
        self.gone.extend(other.gone)
        self.delivered_to.extend(other.delivered_to)
        self.failed_to.extend(other.failed_to)
        self.seconds = max(self.seconds, other.seconds)


class Fanout:
    """Messages in flight: settled one by one by the sender's threads; `wait` for the last."""

    def __init__(self, count: int, retries: int, on_done: Callable[[Outcome], None] | None = None) -> None:
        self.outcome = Outcome()
        self.pending = count
        self.retries_left = retries  # the budget: a fan-out where every endpoint asks to be tried
        # again later must still end soon, so retries are shared, not granted per message
        self.on_done = on_done
        self.started = time.monotonic()
        self._lock = threading.Lock()
        self._done = threading.Event()
        if count == 0:
            self._finish()

    def take_retry(self) -> bool:
        with self._lock:
            if self.retries_left <= 0:
                return False
            self.retries_left -= 1
            self.outcome.retries += 1
            return True

    def settle(self, subscription: Subscription, status: str) -> None:
        """Record the end of one message: 'delivered', 'gone' or 'failed'."""
        with self._lock:
            if status == "delivered":
                self.outcome.delivered += 1
                self.outcome.delivered_to.append(subscription.endpoint)
            elif status == "gone":
                self.outcome.gone.append(subscription.endpoint)
            else:
                self.outcome.failed += 1
                self.outcome.failed_to.append(subscription.endpoint)
            self.pending -= 1
            last = self.pending == 0
        if last:
            self._finish()

    def _finish(self) -> None:
        self.outcome.seconds = time.monotonic() - self.started
        try:
            if self.on_done is not None:
                self.on_done(self.outcome)
        finally:
            self._done.set()

    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> Outcome:
        """The outcome once every message settled (TimeoutError if not within `timeout`)."""
        if not self._done.wait(timeout):
            raise TimeoutError(f"{self.pending} push messages still in flight after {timeout} s")
        return self.outcome
