"""Sending push messages: encrypt (ece), sign (vapid), POST to each subscription's push
service, in two lanes of threads (wake-ups, changes) so a changes fan-out never holds up a
reminder. Each thread keeps one open connection per push-service origin, so a fan-out to
10,000 devices on one service reuses a handful of connections instead of making 10,000.

Bounded whatever an endpoint does (issue 38): connections go only to public addresses checked
after DNS (webapp/net); each attempt has ONE total deadline for resolve, connect, TLS, headers
and answer; an answer is read up to a few KB; 429, 5xx, timeouts and dropped connections are
retried after a backoff or the service's Retry-After, but never one longer than MAX_WAIT and
never more retries than the fan-out's budget; origins that failed lately are served last.
404 and 410 mean the subscription is gone.
"""

from __future__ import annotations

import http.client
import itertools
import json
import logging
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from urllib.parse import urlsplit

from ..net import AddressPolicy, Connection, Deadline, Refused, connect, read_at_most
from .ece import encrypt
from .fanout import Fanout, Outcome
from .keys import b64url_decode
from .store import Subscription
from .vapid import Vapid

__all__ = ["Fanout", "Message", "Outcome", "Sender", "payload"]

LOG = logging.getLogger(__name__)
# Threads. A wake-up batch is what cannot wait: its lane is wide enough that 96 hostile
# subscriptions due at the same instant as a phone's do not make it queue (bench/push_attack.py).
LANES = {"wake": 128, "changes": 32}
# One attempt's whole time. Push services answer in a fraction of a second (FCM, autopush);
# 5 s still allows a slow TLS handshake, and is all a hostile endpoint can hold a thread for.
TIMEOUT = 5.0
ANSWER_LIMIT = 4096  # push services answer with an empty body or a line of JSON
ATTEMPTS = 3  # the first and two retries, if the fan-out's budget has them
BACKOFF = 1.0  # seconds before the first retry, doubled for the next
MAX_WAIT = 10.0  # a service asking for a longer Retry-After is not retried in this fan-out
RETRY_SHARE, RETRY_FLOOR = 0.1, 16  # a fan-out retries at most max(16, 10 % of its messages)
GONE = (404, 410)


@dataclass(frozen=True)
class Message:
    subscription: Subscription
    payload: bytes
    ttl: int
    urgency: str = "normal"
    topic: str | None = None


class Transient(Exception):
    """Worth trying again later: a 429 or 5xx answer, a timeout, a dropped connection."""

    def __init__(self, reason: str, wait: float | None = None) -> None:
        super().__init__(reason)
        self.wait = wait


class Sender:
    def __init__(
        self,
        vapid: Vapid,
        *,
        workers: int | None = None,
        timeout: float = TIMEOUT,
        attempts: int = ATTEMPTS,
        backoff: float = BACKOFF,
        loopback: bool = False,
        stopped: threading.Event | None = None,
    ) -> None:
        self.vapid = vapid
        self.timeout = timeout
        self.attempts = attempts
        self.backoff = backoff
        # Production: https to public addresses. Tests (PUSH_LOOPBACK): also a stand-in on
        # http://127.0.0.1, and nothing else that is not public.
        self.policy = AddressPolicy(allow_loopback=True) if loopback else AddressPolicy(schemes=("https",))
        self.stopped = stopped or threading.Event()
        self.lanes = {
            name: ThreadPoolExecutor(workers or size, thread_name_prefix=f"hallway-push-{name}")
            for name, size in LANES.items()
        }
        self.failing: dict[str, int] = {}  # origin -> attempts failed in a row, in this process
        self.working: set[str] = set()  # origins that delivered, in this process
        self._local = threading.local()

    def send_all(self, messages: Iterable[Message], lane: str = "changes") -> Outcome:
        """Send every message, waiting for the last; what became of them."""
        return self.start(messages, lane).wait()

    def start(
        self,
        messages: Iterable[Message],
        lane: str = "changes",
        on_done: Callable[[Outcome], None] | None = None,
    ) -> Fanout:
        """Hand the messages to `lane`'s threads and return at once; the Fanout says when they
        are all settled (`on_done(outcome)` is called then, in a sender thread)."""
        todo = self._order(messages)
        fanout = Fanout(len(todo), max(RETRY_FLOOR, int(RETRY_SHARE * len(todo))), on_done)
        for message in todo:
            self._submit(lane, fanout, message, 0)
        return fanout

    def _order(self, messages: Iterable[Message]) -> list[Message]:
        """Origins that delivered first, those not yet tried next, those that failed lately
        last, so a hostile or broken push service cannot stand in front of a phone whose service
        works; and the origins taken in turn, so one service with many subscriptions does not
        fill every thread before the others have a message."""
        groups: dict[str, list[Message]] = {}
        for message in messages:
            groups.setdefault(_origin(message), []).append(message)
        rank = {
            o: 1 + min(self.failing[o], 3) if o in self.failing else (0 if o in self.working else 1)
            for o in groups
        }
        out: list[Message] = []
        for level in sorted(set(rank.values())):
            rows = itertools.zip_longest(*(g for o, g in groups.items() if rank[o] == level))
            out += [m for row in rows for m in row if m is not None]
        return out

    def _submit(self, lane: str, fanout: Fanout, message: Message, attempt: int) -> None:
        try:
            self.lanes[lane].submit(self._attempt, lane, fanout, message, attempt)
        except RuntimeError:  # the pool is shut down: the server is stopping
            fanout.settle(message.subscription, "failed")

    def _attempt(self, lane: str, fanout: Fanout, message: Message, attempt: int) -> None:
        origin = _origin(message)
        status = "failed"
        try:
            if self.stopped.is_set():
                return
            code = self._post(message)
            self.failing.pop(origin, None)
            self.working.add(origin)
            if code in GONE:
                status = "gone"
            elif 200 <= code < 300:
                status = "delivered"
            else:  # 400, 403, 413: no retry
                LOG.warning("push to %s refused: %d", origin, code)
        except (ValueError, Refused) as exc:  # keys that are no key; an address not allowed
            self.failing[origin] = self.failing.get(origin, 0) + 1
            LOG.warning("push to %s not sent: %s", origin, exc)
        except Transient as exc:
            self.failing[origin] = self.failing.get(origin, 0) + 1
            wait = exc.wait if exc.wait is not None else self.backoff * 2**attempt
            if wait <= MAX_WAIT and attempt + 1 < self.attempts and fanout.take_retry():
                timer = threading.Timer(wait, self._submit, (lane, fanout, message, attempt + 1))
                timer.daemon = True
                timer.start()
                status = "retry"
                return
            LOG.warning("push to %s failed (attempt %d): %s", origin, attempt + 1, exc)
        except Exception:  # noqa: BLE001 - a message must settle, or its fan-out never ends
            LOG.exception("push to %s failed", origin)
        finally:
            if status != "retry":
                fanout.settle(message.subscription, status)

    def _post(self, message: Message) -> int:
        sub = message.subscription
        parts = urlsplit(sub.endpoint)
        origin = f"{parts.scheme}://{parts.netloc}"
        body = encrypt(message.payload, b64url_decode(sub.p256dh), b64url_decode(sub.auth))
        headers = {
            "Authorization": self.vapid.header(origin),
            "Content-Encoding": "aes128gcm",
            "Content-Type": "application/octet-stream",
            "TTL": str(message.ttl),
            "Urgency": message.urgency,
        }
        if message.topic:
            headers["Topic"] = message.topic
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        deadline = Deadline(self.timeout)
        for _ in range(2):
            conn, reused = self._connection(origin, deadline)
            try:
                conn.request("POST", path, body=body, headers=headers)
                resp = conn.getresponse()
                read_at_most(resp, ANSWER_LIMIT, deadline)  # a 256 MB answer costs 4 KB
            except (OSError, http.client.HTTPException) as exc:
                self._drop(origin)
                if reused and isinstance(exc, ConnectionError) and not deadline.passed():
                    continue  # the service closed the kept connection meanwhile: a new one, once
                raise Transient(f"{type(exc).__name__}: {exc}") from None
            if resp.will_close:
                self._drop(origin)
            else:
                conn.unwatch()  # kept for the next message, idle
            if resp.status == 429 or resp.status >= 500:
                raise Transient(f"answered {resp.status}", _retry_after(resp.getheader("Retry-After")))
            return resp.status
        raise Transient("the service closed the connection twice")  # pragma: no cover

    def _connection(self, origin: str, deadline: Deadline) -> tuple[Connection, bool]:
        conns: dict[str, Connection] = self._local.__dict__.setdefault("conns", {})
        conn = conns.get(origin)
        if conn is not None and not conn.expired:
            conn.watch(deadline)
            return conn, True
        if conn is not None:
            self._drop(origin)
        try:
            conn = connect(origin, policy=self.policy, deadline=deadline)
        except Refused:
            raise
        except OSError as exc:  # unresolvable, unreachable, TLS refused, too slow
            raise Transient(f"{type(exc).__name__}: {exc}") from None
        conns[origin] = conn
        return conn, False

    def _drop(self, origin: str) -> None:
        conn = self._local.__dict__.get("conns", {}).pop(origin, None)
        if conn is not None:
            conn.close()

    def close(self) -> None:
        self.stopped.set()
        for pool in self.lanes.values():
            pool.shutdown(wait=False, cancel_futures=True)


def _origin(message: Message) -> str:
    parts = urlsplit(message.subscription.endpoint)
    return f"{parts.scheme}://{parts.netloc}"


def _retry_after(value: str | None) -> float | None:
    try:
        return max(0.0, float(value)) if value else None
    except ValueError:
        return None  # an HTTP date: the backoff's own wait is used instead


def payload(doc: dict) -> bytes:
    return json.dumps(doc, separators=(",", ":")).encode("utf-8")
