"""What is due to be sent, as plain functions of the store and `now`: the wake-ups whose
instant has come, and the changes message once a burst of corrections has gone quiet."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from .send import Message, payload
from .store import PushStore, Subscription

CHANGES_TTL = 86400  # a day: a phone switched off overnight still learns of the changes
CHANGES_TOPIC = "changes"  # the push service keeps only the newest undelivered one


def wake_messages(store: PushStore, now: datetime) -> tuple[list[Message], int]:
    """(the wake-ups due at `now`, taken from the store so no other pass sends them again;
    how many were dropped as too late). A wake-up more than its lead late would remind of a
    session already started: it is not sent."""
    epoch = int(now.timestamp())
    out, late = [], 0
    for wake in store.take_due(epoch):
        ttl = wake.subscription.lead * 60
        if epoch - wake.at > ttl:
            late += 1
            continue
        at = datetime.fromtimestamp(wake.at, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        doc = payload({"kind": "wake", "at": at})
        out.append(Message(wake.subscription, doc, ttl - (epoch - wake.at), urgency="high"))
    return out, late


def changes_message(subscription: Subscription, version: int) -> Message:
    doc = payload({"kind": "changes", "version": version})
    return Message(subscription, doc, CHANGES_TTL, topic=CHANGES_TOPIC)


@dataclass
class Debounce:
    """A burst of signals is one send: due once `quiet` seconds pass without a new signal, or
    `most` seconds after the first unsent one however busy the burst (so a long series of
    corrections still reaches phones). Times are monotonic seconds, given by the caller."""

    quiet: float = 2.0
    most: float = 10.0
    first: float | None = None
    last: float | None = None

    def signal(self, now: float) -> None:
        if self.first is None:
            self.first = now
        self.last = now

    def due(self, now: float) -> bool:
        if self.first is None or self.last is None:
            return False
        return now - self.last >= self.quiet or now - self.first >= self.most

    def done(self) -> None:
        self.first = self.last = None
