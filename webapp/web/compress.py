"""Compression of the dynamic responses (shell, manifest, feeds, exports) on the way out.

Hashed assets are compressed once, by the build (`hallway build`); everything else passes here.
A body with an ETag names its content, so its compressed form is kept (a few, least recently
used first out) and a feed is compressed once per version and worker, not once per request.
"""

from __future__ import annotations

from collections import OrderedDict
from queue import Full, Queue
from threading import Lock, Thread

from flask import Flask, Response, request

from .codings import CODINGS, encode
from .fastpath import PROVISIONAL

TYPES = {
    "text/html",
    "text/css",
    "text/javascript",
    "text/calendar",
    "text/plain",
    "application/json",
    "application/manifest+json",
    "application/xml",
    "image/svg+xml",
}
MIN_BYTES = 512  # below this, the header costs more than the compression saves
# Brotli's best level costs ~180 ms on the shipped 56 KB feed and ~4 s on a 1.7 MB one, and a
# feed is compressed again at every correction, in every worker. So a body over SMALL is sent
# at a fast level at once and compressed at the best level in the background (brotli releases
# the GIL); requests after that get the smaller copy (1,000 sessions: 526 KB, then 417 KB).
SMALL = 32 * 1024
KEPT = 32
# Best-level work waits in one queue for one thread per worker: bodies beyond WAITING are sent
# at the fast level (already kept) until a later request finds the queue free again.
WAITING = 4


class _Memo:
    def __init__(self, size: int = KEPT):
        self.size = size
        self.items: OrderedDict[tuple[str, int, str], bytes] = OrderedDict()
        self.lock = Lock()
        self.upgrading: set[tuple[str, int, str]] = set()
        self.fast: set[tuple[str, int, str]] = set()  # kept at the fast level
        self.queue: Queue[tuple[tuple[str, int, str], bytes]] = Queue(WAITING)
        self.worker: Thread | None = None

    def get(self, key: tuple[str, int, str]) -> bytes | None:
        with self.lock:
            body = self.items.get(key)
            if body is not None:
                self.items.move_to_end(key)
            return body

    def put(self, key: tuple[str, int, str], body: bytes, best: bool = True) -> None:
        """Keep `body` for `key`; `best`: at the best level (else a smaller one may replace it)."""
        with self.lock:
            self.items[key] = body
            if best:
                self.fast.discard(key)
            else:
                self.fast.add(key)
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.fast.discard(self.items.popitem(last=False)[0])

    def provisional(self, key: tuple[str, int, str]) -> bool:
        """Whether the body kept for `key` is at the fast level, a smaller one to come."""
        return key in self.fast

    def upgrade(self, key: tuple[str, int, str], body: bytes) -> bool:
        """Queue `body` to be compressed at the best level by this worker's one background
        thread, that copy kept instead; False when it is queued already or the queue is full."""
        with self.lock:
            if key in self.upgrading:
                return False
            try:
                self.queue.put_nowait((key, body))
            except Full:
                return False
            self.upgrading.add(key)
            if self.worker is None or not self.worker.is_alive():  # a forked worker has none
                self.worker = Thread(target=self._work, name="compress-best", daemon=True)
                self.worker.start()
        return True

    def _work(self) -> None:
        while True:
            key, body = self.queue.get()
            try:
                self.put(key, encode(body, key[2]))
            finally:
                with self.lock:
                    self.upgrading.discard(key)


def choose(accepted: object) -> str | None:
    for coding in CODINGS:
        if accepted[coding]:  # type: ignore[index]
            return coding
    return None


def wanted(response: Response) -> bool:
    return (
        response.status_code == 200
        and not response.direct_passthrough
        and "Content-Encoding" not in response.headers
        and compressible(response.mimetype, response.content_length or 0)
    )


def compressible(mimetype: str | None, size: int) -> bool:
    """Whether a 200 of this type and size is compressed here, and so varies on Accept-Encoding."""
    return mimetype in TYPES and size >= MIN_BYTES


def not_modified(headers: dict[str, str], mimetype: str, body: bytes) -> Response:
    """The 304 for a 200 of `body` with `headers`: with the Vary the 200 gets here (RFC 9110
    15.4.5: a 304 carries the Vary the 200 would), which this hook cannot know from a 304."""
    response = Response(status=304, headers=headers)
    if compressible(mimetype, len(body)):
        response.vary.add("Accept-Encoding")
    return response


def init_app(app: Flask) -> None:
    memo = _Memo()

    @app.after_request
    def compress(response: Response) -> Response:
        if not wanted(response):
            return response
        response.vary.add("Accept-Encoding")
        coding = choose(request.accept_encodings)
        if coding is None:
            return response
        etag = response.headers.get("ETag")
        key = (etag or "", response.content_length or 0, coding)
        body = memo.get(key) if etag else None
        if body is None:
            plain = response.get_data()
            small = len(plain) <= SMALL
            body = encode(plain, coding, best=small)
            if etag:
                memo.put(key, body, best=small)
                if not small:
                    memo.upgrade(key, plain)
            if not small:  # a smaller body comes later: the fast path must not keep this one
                request.environ[PROVISIONAL] = True
        elif memo.provisional(key):
            request.environ[PROVISIONAL] = True
        if len(body) >= (response.content_length or 0):
            return response
        response.set_data(body)
        response.headers["Content-Encoding"] = coding
        return response
