"""A clock the push tests set by hand: the app's CLOCK setting and the runner read it."""

from __future__ import annotations

from datetime import datetime


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now
