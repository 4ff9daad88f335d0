"""Every brotli and gzip call of the app: the built assets, the dynamic responses and the static
export's `.br`/`.gz` files are encoded here, with one set of levels. A guard test checks that no
other module imports a compressor."""

from __future__ import annotations

import gzip

import brotli

CODINGS = ("br", "gzip")  # the order a client accepting both is given them
SUFFIX = {"br": ".br", "gzip": ".gz"}  # a coding's file beside the plain one (nginx's *_static, Caddy)


def encode(body: bytes, coding: str, best: bool = True) -> bytes:
    """`body` in `coding` ("br" or "gzip"). `best`: the smallest (brotli 11 is ~10x slower than 5);
    gzip without a timestamp, so the same body always gives the same bytes."""
    if coding == "br":
        return brotli.compress(body, quality=11 if best else 5)
    if coding == "gzip":
        return gzip.compress(body, compresslevel=9 if best else 6, mtime=0)
    raise ValueError(f"unknown content coding {coding!r}")


def smaller(body: bytes, best: bool = True) -> dict[str, bytes]:
    """Each coding of `body` (at its best level unless told), kept only when smaller than `body`."""
    out = {coding: encode(body, coding, best) for coding in CODINGS}
    return {coding: packed for coding, packed in out.items() if len(packed) < len(body)}
