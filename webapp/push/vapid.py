"""Voluntary application server identification (RFC 8292): the `Authorization: vapid` header,
a JWT signed with the server's key for each push service (its origin is the JWT's audience).

One JWT serves every message to one push service until shortly before it expires, so a fan-out
to 10,000 devices signs once per push service, not once per message.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from datetime import datetime, timedelta

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

from .keys import VapidKey, b64url

LIFETIME = timedelta(hours=12)  # at most 24 h (RFC 8292 2); services reject longer
RENEW = timedelta(hours=1)  # a JWT with less than this left is not used for a new message


class Vapid:
    def __init__(self, key: VapidKey, subject: str, clock: Callable[[], datetime]) -> None:
        self.key = key
        self.subject = subject
        self.clock = clock
        self._cache: dict[str, tuple[datetime, str]] = {}
        self._lock = threading.Lock()

    def header(self, audience: str) -> str:
        """The Authorization value for messages to the push service at `audience` (its origin)."""
        now = self.clock()
        with self._lock:
            cached = self._cache.get(audience)
            if cached is None or cached[0] - now < RENEW:
                expires = now + LIFETIME
                cached = self._cache[audience] = (expires, self._sign(audience, expires))
        return f"vapid t={cached[1]}, k={self.key.public_b64}"

    def _sign(self, audience: str, expires: datetime) -> str:
        header = b64url(json.dumps({"typ": "JWT", "alg": "ES256"}).encode())
        claims = {"aud": audience, "exp": int(expires.timestamp()), "sub": self.subject}
        signing_input = f"{header}.{b64url(json.dumps(claims).encode())}"
        der = self.key.private.sign(signing_input.encode("ascii"), ec.ECDSA(hashes.SHA256()))
        r, s = decode_dss_signature(der)  # JWS wants r || s, 32 bytes each, not DER
        return f"{signing_input}.{b64url(r.to_bytes(32, 'big') + s.to_bytes(32, 'big'))}"
