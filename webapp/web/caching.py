"""flask-caching for what the feed serves.

Keys carry the store id and the version, so an answer cached for an older version is never
served for a newer one, whichever worker cached it. The backend comes from the settings
(`CACHE_TYPE`, `CACHE_REDIS_URL`, `CACHE_DEFAULT_TIMEOUT`): SimpleCache for one process,
RedisCache to share across workers.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask_caching import Cache

cache = Cache()


def init_app(app: Flask) -> None:
    if "Redis" in app.config.get("CACHE_TYPE", ""):
        # A Redis that is down must not take the feed down for long: the answer is computed instead.
        app.config.setdefault("CACHE_OPTIONS", {"socket_timeout": 1.0, "socket_connect_timeout": 1.0})
    cache.init_app(app)


def get(key: str) -> Any:
    try:
        return cache.get(key)
    except Exception as exc:  # noqa: BLE001 - any backend error means "not cached"
        _warn(exc)
        return None


def set(key: str, value: Any) -> None:  # noqa: A001 - mirrors the cache API
    try:
        cache.set(key, value)
    except Exception as exc:  # noqa: BLE001
        _warn(exc)


def count(key: str, window: int) -> int | None:
    """Increment the counter `key` (created with a lifetime of `window` seconds); None if the
    backend failed, so that a broken cache does not lock organizers out."""
    try:
        backend = cache.cache  # flask-caching's wrapper has no inc(); cachelib's backends do
        backend.add(key, 0, timeout=window)
        return backend.inc(key)
    except Exception as exc:  # noqa: BLE001
        _warn(exc)
        return None


def _warn(exc: Exception) -> None:
    from flask import current_app

    current_app.logger.warning("cache backend error: %s", exc)
