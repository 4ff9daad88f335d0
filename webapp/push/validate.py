"""What PUT /api/v1/push/subscription accepts, checked field by field: each refusal names the
field and what was wrong, and nothing is stored unless the whole body is right."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec

from ..domain.timeutil import parse_iso
from .hosts import refusal
from .keys import b64url_decode
from .store import Subscription

MAX_ENDPOINT = 2048
MAX_WAKE = 500  # a body's sanity limit; PUSH_MAX_WAKE says how many are kept
LEADS = (5, 10, 15)
MARGIN = timedelta(days=1)


class PushRequestError(ValueError):
    """A body that cannot be stored; its message says which field and why."""


def endpoint(value: Any, services: Sequence[str] | None = None, loopback: bool = False) -> str:
    """The endpoint URL if the server may POST to it (hosts.py says which), else PushRequestError."""
    if not isinstance(value, str) or not value:
        raise PushRequestError("subscription.endpoint must be a URL (a string)")
    if len(value) > MAX_ENDPOINT:
        raise PushRequestError(f"subscription.endpoint is longer than {MAX_ENDPOINT} characters")
    try:
        parts = urlsplit(value)
        host = parts.hostname
        parts.port  # noqa: B018 - raises for a port that is not a number
    except ValueError:
        raise PushRequestError("subscription.endpoint is not a valid URL") from None
    if not host or "@" in parts.netloc:
        raise PushRequestError("subscription.endpoint must name a host, without user or password")
    if any(c.isspace() or ord(c) < 0x20 for c in value):
        raise PushRequestError("subscription.endpoint must not contain spaces or control characters")
    if (fault := refusal(parts, services, loopback)) is not None:
        raise PushRequestError(f"subscription.endpoint {fault}")
    return value


def _key(keys: Any, name: str, size: int) -> str:
    value = keys.get(name) if isinstance(keys, dict) else None
    try:
        raw = b64url_decode(value)
    except (ValueError, TypeError):
        raise PushRequestError(f"subscription.keys.{name} must be base64url text") from None
    if len(raw) != size:
        raise PushRequestError(f"subscription.keys.{name} must be {size} bytes once decoded, not {len(raw)}")
    if name == "p256dh":
        try:
            ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
        except ValueError:
            raise PushRequestError("subscription.keys.p256dh must be an uncompressed P-256 point") from None
    return value


def instants(value: Any, window: tuple[datetime, datetime], now: datetime) -> list[int]:
    """The wake-up instants as seconds since the epoch, deduplicated and sorted; past ones are
    dropped (a phone's clock may be a little ahead of the server's)."""
    if not isinstance(value, list):
        raise PushRequestError("wake must be a list of ISO 8601 times with an offset")
    if len(value) > MAX_WAKE:
        raise PushRequestError(f"wake lists {len(value)} instants; at most {MAX_WAKE}")
    start, end = window[0] - MARGIN, window[1] + MARGIN
    out: set[int] = set()
    for i, item in enumerate(value):
        try:
            when = parse_iso(item) if isinstance(item, str) and len(item) <= 40 else None
        except ValueError:
            when = None
        if when is None:
            raise PushRequestError(
                f"wake[{i}] must be an ISO 8601 time with an offset, got {str(item)[:40]!r}"
            )
        if not start <= when <= end:
            raise PushRequestError(f"wake[{i}] {item} is not within a day of the event")
        if when > now:
            out.add(int(when.timestamp()))
    return sorted(out)


def subscription_request(
    body: Any,
    window: tuple[datetime, datetime],
    now: datetime,
    services: Sequence[str] | None = None,
    loopback: bool = False,
) -> tuple[Subscription, list[int]]:
    if not isinstance(body, dict):
        raise PushRequestError("the body must be a JSON object")
    sub = body.get("subscription")
    if not isinstance(sub, dict):
        raise PushRequestError("subscription must be an object with endpoint and keys")
    url = endpoint(sub.get("endpoint"), services, loopback)
    keys = sub.get("keys")
    p256dh, auth = _key(keys, "p256dh", 65), _key(keys, "auth", 16)
    lead = body.get("lead")
    if type(lead) is not int or lead not in LEADS:
        raise PushRequestError(f"lead must be one of {', '.join(map(str, LEADS))} (minutes), got {lead!r}")
    return Subscription(url, p256dh, auth, lead), instants(body.get("wake"), window, now)


def endpoint_request(body: Any) -> str:
    """The endpoint to forget: any URL the store may hold (one stored before the host rules, too)."""
    if not isinstance(body, dict):
        raise PushRequestError("the body must be a JSON object with endpoint")
    value = body.get("endpoint")
    if not isinstance(value, str) or not value or len(value) > MAX_ENDPOINT:
        raise PushRequestError("endpoint must be the URL of a subscription")
    return value
