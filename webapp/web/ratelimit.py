"""A per-client fixed-window limit on the write path, counted in the shared cache so that
several workers enforce one limit (with RedisCache; SimpleCache counts per process)."""

from __future__ import annotations

from . import caching

WINDOW = 60  # seconds


def retry_after(client: str, limit: int, now: float) -> int | None:
    """Seconds to wait if `client` is over `limit` requests in the current window, else None."""
    if limit <= 0:
        return None
    window = int(now // WINDOW)
    n = caching.count(f"hallway/rate/{client}/{window}", 2 * WINDOW)
    if n is None or n <= limit:
        return None
    return max(1, WINDOW - int(now) % WINDOW)
