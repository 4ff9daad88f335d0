"""One total time for a whole exchange (resolve, connect, TLS, headers, body), instead of a
socket timeout that each dripped byte would reset."""

from __future__ import annotations

import time
from collections.abc import Callable


class Deadline:
    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self.clock = clock
        self.at = clock() + seconds

    def remaining(self) -> float:
        """Seconds left (> 0); TimeoutError once the deadline has passed."""
        left = self.at - self.clock()
        if left <= 0:
            raise TimeoutError(f"the deadline of {self.seconds:g} s passed")
        return left

    def passed(self) -> bool:
        return self.at - self.clock() <= 0
