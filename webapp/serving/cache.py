"""flask-caching for what the feed serves, shared by the workers.

Keys carry the store id and the version, so an answer cached for an older version is never
served for a newer one, whichever worker cached it. The backend comes from the settings
(`CACHE_TYPE`, `CACHE_REDIS_URL`, `CACHE_DEFAULT_TIMEOUT`): SimpleCache for one process,
RedisCache to share across workers. A process asks it only for what it has not built itself.
"""

from __future__ import annotations

import time
from typing import Any

from flask import Flask, current_app
from flask_caching import Cache

from .runtime import Runtime

cache = Cache()
# After a backend error (a Redis stopped, hung or gone), this process leaves the cache alone
# for this long and computes answers itself: with a 1 s timeout on every get and set, a hung
# Redis cut the feed from 727 to 1.2 requests a second.
BREAK_SECONDS = 30.0


def init_app(app: Flask) -> None:
    if "Redis" in app.config.get("CACHE_TYPE", ""):
        # A Redis that is down must not take the feed down for long: the answer is computed instead.
        app.config.setdefault("CACHE_OPTIONS", {"socket_timeout": 1.0, "socket_connect_timeout": 1.0})
    cache.init_app(app)


def get(rt: Runtime, key: str) -> Any:
    if bypassed(rt):
        return None
    try:
        value = cache.get(key)
    except Exception as exc:  # noqa: BLE001 - any backend error means "not cached"
        failed(rt, exc)
        return None
    working(rt)
    return value


def set(rt: Runtime, key: str, value: Any) -> None:  # noqa: A001 - mirrors the cache API
    if bypassed(rt):
        return
    try:
        cache.set(key, value)
    except Exception as exc:  # noqa: BLE001
        failed(rt, exc)
        return
    working(rt)


def bypassed(rt: Runtime) -> float:
    """Seconds this process still leaves the cache alone after an error (0: it uses it)."""
    return max(0.0, rt.cache_bypassed_until - time.monotonic())


def failed(rt: Runtime, exc: Exception) -> None:
    """The backend failed: served from this process for BREAK_SECONDS, and said in /healthz."""
    rt.cache_bypassed_until = time.monotonic() + BREAK_SECONDS
    message = (
        f"the shared cache failed ({type(exc).__name__}: {str(exc)[:120]}); this worker computes "
        f"answers itself and tries the cache again in {BREAK_SECONDS:.0f} s"
    )
    rt.problems.report("cache", message)


def working(rt: Runtime) -> None:
    """The backend answered: used again, and no longer a problem. Also said by /healthz's own
    probe: a process whose answers are all built asks the cache nothing else, and its health
    stayed "degraded" long after Redis was back."""
    if rt.cache_bypassed_until:
        rt.cache_bypassed_until = 0.0
        rt.problems.clear("cache")


def count(key: str, window: int) -> int | None:
    """Increment the counter `key` (created with a lifetime of `window` seconds); None if the
    backend failed, so that a broken cache does not lock organizers out."""
    try:
        backend = cache.cache  # flask-caching's wrapper has no inc(); cachelib's backends do
        backend.add(key, 0, timeout=window)
        return backend.inc(key)
    except Exception as exc:  # noqa: BLE001
        current_app.logger.warning("cache backend error: %s", exc)
        return None
