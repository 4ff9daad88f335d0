"""Compression of the dynamic responses (shell, manifest, feeds, exports) on the way out.

Hashed assets are compressed once at startup (`webapp.assets`); everything else passes here.
A body with an ETag names its content, so its compressed form is kept (a few, least recently
used first out) and a feed is compressed once per version and worker, not once per request.
"""

from __future__ import annotations

import gzip
from collections import OrderedDict
from threading import Lock

import brotli
from flask import Flask, Response, request

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
# Brotli's levels by body size. A feed is compressed again at every correction, in every
# worker: on the shipped 56 KB feed level 11 takes ~180 ms for 16.0 KB, level 10 ~45 ms for
# 16.4 KB, level 9 ~40 ms for 18.4 KB; on a 1.7 MB feed level 10 takes over a second.
SMALL = 32 * 1024
BIG = 256 * 1024
KEPT = 32


class _Memo:
    def __init__(self, size: int = KEPT):
        self.size = size
        self.items: OrderedDict[tuple[str, int, str], bytes] = OrderedDict()
        self.lock = Lock()

    def get(self, key: tuple[str, int, str]) -> bytes | None:
        with self.lock:
            body = self.items.get(key)
            if body is not None:
                self.items.move_to_end(key)
            return body

    def put(self, key: tuple[str, int, str], body: bytes) -> None:
        with self.lock:
            self.items[key] = body
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)


def encode(body: bytes, coding: str) -> bytes:
    if coding == "br":
        return brotli.compress(body, quality=11 if len(body) <= SMALL else 10 if len(body) <= BIG else 9)
    return gzip.compress(body, compresslevel=9 if len(body) <= BIG else 6, mtime=0)


def choose(accepted: object) -> str | None:
    for coding in ("br", "gzip"):
        if accepted[coding]:  # type: ignore[index]
            return coding
    return None


def wanted(response: Response) -> bool:
    return (
        response.status_code == 200
        and not response.direct_passthrough
        and "Content-Encoding" not in response.headers
        and response.mimetype in TYPES
        and (response.content_length or 0) >= MIN_BYTES
    )


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
            body = encode(response.get_data(), coding)
            if etag:
                memo.put(key, body)
        if len(body) >= (response.content_length or 0):
            return response
        response.set_data(body)
        response.headers["Content-Encoding"] = coding
        return response
