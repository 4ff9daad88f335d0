"""Sending push messages: encrypt (ece), sign (vapid), POST to each subscription's push
service. A pool of threads, each keeping one open connection per push-service origin, so a
fan-out to 10,000 devices on one service reuses a handful of connections instead of making
10,000. 429, 5xx, timeouts and dropped connections are retried with exponential backoff (or
the service's Retry-After); 404 and 410 mean the subscription is gone, and it is removed.
"""

from __future__ import annotations

import http.client
import json
import logging
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from .ece import encrypt
from .keys import b64url_decode
from .store import Subscription
from .vapid import Vapid

LOG = logging.getLogger(__name__)
WORKERS = 32
TIMEOUT = 10.0  # seconds one request may take
ATTEMPTS = 5  # the first and four retries: 1 + 2 + 4 + 8 s of backoff at the default base
BACKOFF = 1.0
MAX_WAIT = 60.0  # the most a Retry-After is obeyed for, so a retry never outlives its message
GONE = (404, 410)


@dataclass(frozen=True)
class Message:
    subscription: Subscription
    payload: bytes
    ttl: int
    urgency: str = "normal"
    topic: str | None = None


@dataclass
class Outcome:
    delivered: int = 0
    gone: list[str] = field(default_factory=list)
    failed: int = 0
    retries: int = 0


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
        workers: int = WORKERS,
        timeout: float = TIMEOUT,
        attempts: int = ATTEMPTS,
        backoff: float = BACKOFF,
        stopped: threading.Event | None = None,
    ) -> None:
        self.vapid = vapid
        self.timeout = timeout
        self.attempts = attempts
        self.backoff = backoff
        self.stopped = stopped or threading.Event()
        self.pool = ThreadPoolExecutor(workers, thread_name_prefix="hallway-push")
        self._local = threading.local()

    def send_all(self, messages: Iterable[Message]) -> Outcome:
        """Send every message (in the pool), waiting for the last; what became of them."""
        outcome = Outcome()
        lock = threading.Lock()

        def one(message: Message) -> None:
            status, retries = self.deliver(message)
            with lock:
                outcome.retries += retries
                if status == "delivered":
                    outcome.delivered += 1
                elif status == "gone":
                    outcome.gone.append(message.subscription.endpoint)
                else:
                    outcome.failed += 1

        for _ in self.pool.map(one, messages):
            pass
        return outcome

    def deliver(self, message: Message) -> tuple[str, int]:
        """('delivered' | 'gone' | 'failed', retries made) for one message."""
        for attempt in range(self.attempts):
            try:
                status = self._post(message)
            except ValueError as exc:  # keys that are no key (stored before a check was added)
                LOG.warning("push to %s not sent: %s", _origin(message), exc)
                return "failed", attempt
            except Transient as exc:
                if attempt + 1 == self.attempts:
                    LOG.warning("push to %s failed %d times: %s", _origin(message), self.attempts, exc)
                    return "failed", attempt
                wait = exc.wait if exc.wait is not None else self.backoff * 2**attempt
                if self.stopped.wait(min(wait, MAX_WAIT)):
                    return "failed", attempt
                continue
            if status in GONE:
                return "gone", attempt
            if 200 <= status < 300:
                return "delivered", attempt
            LOG.warning("push to %s refused: %d", _origin(message), status)  # 400, 403, 413: no retry
            return "failed", attempt
        return "failed", self.attempts - 1  # pragma: no cover - the loop always returns

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
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        conn = self._connection(origin, parts.scheme, parts.netloc)
        try:
            conn.request("POST", path or "/", body=body, headers=headers)
            resp = conn.getresponse()
            resp.read()
        except (OSError, http.client.HTTPException) as exc:  # timeouts are OSErrors
            self._drop(origin)
            raise Transient(f"{type(exc).__name__}: {exc}") from None
        if resp.will_close:
            self._drop(origin)
        if resp.status == 429 or resp.status >= 500:
            raise Transient(f"answered {resp.status}", _retry_after(resp.getheader("Retry-After")))
        return resp.status

    def _connection(self, origin: str, scheme: str, netloc: str) -> http.client.HTTPConnection:
        conns: dict[str, http.client.HTTPConnection] = self._local.__dict__.setdefault("conns", {})
        conn = conns.get(origin)
        if conn is None:
            factory: Callable[..., http.client.HTTPConnection] = (
                http.client.HTTPSConnection if scheme == "https" else http.client.HTTPConnection
            )
            conn = conns[origin] = factory(netloc, timeout=self.timeout)
        return conn

    def _drop(self, origin: str) -> None:
        conn = self._local.__dict__.get("conns", {}).pop(origin, None)
        if conn is not None:
            conn.close()

    def close(self) -> None:
        self.stopped.set()
        self.pool.shutdown(wait=False, cancel_futures=True)


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
