"""A push service on 127.0.0.1 for tests and the fan-out bench: the stdlib http.server in a
thread, speaking HTTP/1.1 with keep-alive as FCM or Mozilla's autopush do. It checks each
message as a real service would (the VAPID JWT's ES256 signature against the key in the
header, its aud, exp and sub) and, given the subscription's private keys (which the TEST made,
as a browser would), decrypts the aes128gcm body (RFC 8291/8188) so a test asserts the payload.

A test scripts the answers per subscription (`script[path] = [429, 500, 201]`), or marks one
gone (410 or 404); what was received is in `received` (one entry per delivered message).

`hostile(name, kind)` makes a subscription whose service attacks the sender (issue 38): "drip"
(a header byte every `drip_every` s, never done), "hang" (never answers), "503" (503 with
Retry-After: 60, every time), "big" (a 256 MB answer). Each is bounded by `LINGER` seconds and
ends when the service stops.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import struct
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Device:
    """A browser's side of one subscription: its key pair and auth secret, made by the test."""

    endpoint: str
    private: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def public(self) -> bytes:
        return self.private.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)

    def subscription(self) -> dict[str, Any]:
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64(self.public), "auth": b64(self.auth)}}


def decrypt(body: bytes, device: Device) -> bytes:
    """The plaintext of an aes128gcm push body, computed from the receiving side's keys only."""
    salt, rs, idlen = body[:16], *struct.unpack("!IB", body[16:21])
    as_public = body[21 : 21 + idlen]
    record = body[21 + idlen :]
    assert rs >= 18 and len(record) <= rs, "one record, within the record size"
    sender = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), as_public)
    secret = device.private.exchange(ec.ECDH(), sender)
    # The HKDF steps written from RFC 8291 section 3.4 again, not borrowed from the sender.
    prk_key = _hmac(device.auth, secret)
    ikm = _hmac(prk_key, b"WebPush: info\x00" + device.public + as_public + b"\x01")
    prk = _hmac(salt, ikm)
    cek = _hmac(prk, b"Content-Encoding: aes128gcm\x00\x01")[:16]
    nonce = _hmac(prk, b"Content-Encoding: nonce\x00\x01")[:12]
    padded = AESGCM(cek).decrypt(nonce, record, None)
    stripped = padded.rstrip(b"\x00")
    assert stripped.endswith(b"\x02"), "the last record ends with the 0x02 delimiter"
    return stripped[:-1]


def _hmac(key: bytes, data: bytes) -> bytes:
    return hmac.new(key, data, hashlib.sha256).digest()


def check_vapid(authorization: str, audience: str, now: datetime) -> dict[str, Any]:
    """The JWT's claims once its signature, aud, exp and sub are checked; AssertionError else."""
    assert authorization.startswith("vapid "), authorization
    parts = dict(p.strip().split("=", 1) for p in authorization[len("vapid ") :].split(","))
    token, key = parts["t"], parts["k"]
    head, claims_b64, sig = token.split(".")
    assert json.loads(unb64(head)) == {"typ": "JWT", "alg": "ES256"}
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(key))
    raw = unb64(sig)
    assert len(raw) == 64, "ES256: r || s, 64 bytes"
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    try:
        public.verify(der, f"{head}.{claims_b64}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise AssertionError("the VAPID JWT's signature does not verify with its key") from None
    claims = json.loads(unb64(claims_b64))
    assert claims["aud"] == audience, claims
    exp = claims["exp"]
    assert now.timestamp() < exp <= now.timestamp() + 24 * 3600, f"exp {exp} must be within 24 h of now"
    assert claims["sub"].startswith(("mailto:", "https://")), claims
    claims["k"] = key
    return claims


@dataclass
class Received:
    path: str
    headers: Message  # read with any case, as HTTP names are
    payload: dict[str, Any] | None  # None when the service holds no keys for the path
    claims: dict[str, Any]
    at: float  # time.monotonic() when it arrived


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # listen()'s backlog, set before the constructor listens: 64
    # sending threads connecting at once overflowed the default 5 (connections reset)


LINGER = 60.0  # seconds the longest attack holds a connection before the stand-in gives up
BIG = 256 * 1024 * 1024
HOSTILE = ("drip", "hang", "503", "big")


class PushService:
    def __init__(
        self,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
        check_every: int = 1,
        host: str = "127.0.0.1",
    ) -> None:
        self.now = now
        self.hostile_paths: dict[str, str] = {}  # path -> "drip" | "hang" | "big"
        self.drip_every = 1.0
        self.stopped = threading.Event()
        self.check_every = check_every  # the bench checks one message in this many (and the first)
        self.devices: dict[str, Device] = {}
        self.script: dict[str, list[int]] = {}
        self.gone: dict[str, int] = {}  # path -> 404 or 410
        self.retry_after: dict[str, str] = {}  # path -> Retry-After sent with a 429 or 5xx
        self.received: list[Received] = []
        self.attempts: dict[str, list[float]] = {}  # path -> monotonic times of every POST
        self.errors: list[str] = []  # checks that failed (answered 400, as a service would)
        self.connections = 0
        self.lock = threading.Lock()
        self.arrived = threading.Condition(self.lock)
        service = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive

            def setup(self) -> None:
                super().setup()
                with service.lock:
                    service.connections += 1

            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                if self.path in service.hostile_paths:
                    service.attack(self, service.hostile_paths[self.path])
                    return
                status = service.answer(self.path, self.headers, body)  # names case-insensitive
                self.send_response(status)
                if status >= 429 and self.path in service.retry_after:
                    self.send_header("Retry-After", service.retry_after[self.path])
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = Server((host, 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    @property
    def origin(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def hostile(self, name: str, kind: str) -> Device:
        """A subscription whose push service attacks the sender this way (see the top)."""
        device = self.device(name)
        path = f"/push/{name}"
        if kind == "503":
            self.script[path] = [503] * 1000
            self.retry_after[path] = "60"
        else:
            assert kind in HOSTILE, kind
            self.hostile_paths[path] = kind
        return device

    def attack(self, handler: BaseHTTPRequestHandler, kind: str) -> None:
        with self.lock:
            self.attempts.setdefault(handler.path, []).append(time.monotonic())
        handler.close_connection = True
        end = time.monotonic() + LINGER
        try:
            if kind == "hang":
                self.stopped.wait(LINGER)
            elif kind == "drip":
                handler.wfile.write(b"HTTP/1.1 201 Created\r\nX-Drip: ")
                while not self.stopped.wait(self.drip_every) and time.monotonic() < end:
                    handler.wfile.write(b"x")
                    handler.wfile.flush()
            elif kind == "big":
                handler.send_response(201)
                handler.send_header("Content-Length", str(BIG))
                handler.end_headers()
                chunk = b"x" * 65536
                for _ in range(BIG // len(chunk)):
                    if self.stopped.is_set() or time.monotonic() > end:
                        break
                    handler.wfile.write(chunk)
        except OSError:
            pass  # the sender hung up: what it should do

    def device(self, name: str) -> Device:
        d = self.devices[f"/push/{name}"] = Device(f"{self.origin}/push/{name}")
        return d

    def answer(self, path: str, headers: Message, body: bytes) -> int:
        with self.lock:
            self.attempts.setdefault(path, []).append(time.monotonic())
            if path in self.gone:
                return self.gone[path]
            script = self.script.get(path)
            if script:
                status = script.pop(0)
                if status != 201:
                    return status
            check = len(self.received) % self.check_every == 0
        if not check:
            return self._arrived(Received(path, headers, None, {}, time.monotonic()))
        try:
            assert headers.get("Content-Encoding") == "aes128gcm", headers
            assert int(headers["TTL"]) >= 0, "TTL is required (RFC 8030 5.2)"
            assert headers.get("Urgency", "normal") in ("very-low", "low", "normal", "high")
            claims = check_vapid(headers.get("Authorization", ""), self.origin, self.now())
            device = self.devices.get(path)
            payload = None if device is None else json.loads(decrypt(body, device))
        except (AssertionError, KeyError, ValueError) as exc:
            with self.lock:
                self.errors.append(f"{path}: {type(exc).__name__}: {exc}")
            return 400
        return self._arrived(Received(path, headers, payload, claims, time.monotonic()))

    def _arrived(self, received: Received) -> int:
        with self.arrived:
            self.received.append(received)
            self.arrived.notify_all()
        return 201

    def wait_for(self, count: int, timeout: float) -> list[Received]:
        """Block until `count` messages were delivered (bounded by `timeout`); all received."""
        deadline = time.monotonic() + timeout
        with self.arrived:
            while len(self.received) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"{len(self.received)} of {count} push messages after {timeout} s")
                self.arrived.wait(left)
            return list(self.received)

    def stop(self) -> None:
        self.stopped.set()
        self.server.shutdown()
        self.server.server_close()
