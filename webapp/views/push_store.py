"""Writing a device's subscription for the push routes, within the store's bounds (issue 38):
a limit on new subscriptions per client address over an hour, caps on what the store holds, and
a full store or disk answered 503 with a reason and reported on /healthz, never a 500."""

from __future__ import annotations

import ipaddress
import sqlite3
from datetime import datetime

from flask import Response, request

from ..push.store import Caps, Refused, StoreFull, Subscription
from ..serving.push import FULL
from ..serving.runtime import Runtime
from ..web import ratelimit
from .answers import error

PROBLEM = "push store"
HOUR = 3600


def store(
    rt: Runtime, sub: Subscription, wake: list[int], now: datetime, expires: datetime
) -> Response | None:
    """Store `sub` with `wake`; None when stored, else the answer that says why not."""
    config, push = rt.config, rt.push_store
    try:
        if not push.known(sub.endpoint) and (wait := _new_limited(rt, now)) is not None:
            return error(
                429,
                f"too many new push subscriptions from {request.remote_addr}; retry in {wait} s",
                {"Retry-After": str(wait)},
            )
        caps = Caps(config["PUSH_MAX_SUBSCRIPTIONS"], config["PUSH_MAX_WAKE_UPS"])
        push.put(sub, wake, now.timestamp(), expires=expires.timestamp(), caps=caps)
    except Refused as exc:
        return error(507, f"{exc}: no new push subscription is taken now; reminders still ring in the app")
    except StoreFull as exc:
        return _unavailable(rt, _full(rt, exc), exc)
    except (sqlite3.Error, OSError) as exc:
        return _unavailable(rt, f"the push store cannot be written now ({_cause(exc)})", exc)
    rt.problems.clear(PROBLEM)
    return None


def forget(rt: Runtime, endpoint: str) -> Response | None:
    try:
        rt.push_store.remove([endpoint])
    except (StoreFull, sqlite3.Error, OSError) as exc:
        return _unavailable(rt, f"the push store cannot be written now ({_cause(exc)})", exc)
    return None


def _full(rt: Runtime, exc: StoreFull) -> str:
    """Which limit was met: the file's own (the disk keeps room for corrections) or the disk's."""
    try:
        capped = (rt.push_store.fullness() or 0) >= FULL
    except Exception:  # noqa: BLE001 - only the wording depends on it
        capped = False
    if capped:
        return (
            f"the push store is full (HALLWAY_PUSH_STORE_MAX_MB: {_cause(exc)}); corrections are not affected"
        )
    return f"the push store is full: its disk is full ({_cause(exc)})"


def client_key(address: str | None) -> str:
    """Who a limit counts: an IPv4 address, or an IPv6 address's /64 (one subscriber's network:
    counting each of its 2^64 addresses apart would be no limit)."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return address or "?"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _new_limited(rt: Runtime, now: datetime) -> int | None:
    """Seconds to wait when this address registered its hour's allowance of new subscriptions."""
    client = client_key(request.remote_addr)
    limit = rt.config["PUSH_NEW_LIMIT"]
    return ratelimit.client_write(rt.limiter, "push-new", client, limit, now.timestamp(), window=HOUR)


def _unavailable(rt: Runtime, message: str, exc: BaseException) -> Response:
    rt.problems.report(PROBLEM, message)
    rt.logger.debug("push store: %r", exc)
    return error(503, message, {"Retry-After": "300"})


def _cause(exc: BaseException) -> str:
    cause = exc.__cause__ or exc
    return f"{type(cause).__name__}: {cause}"[:200]
