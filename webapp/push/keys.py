"""The server's VAPID key pair (RFC 8292): given by HALLWAY_PUSH_VAPID_KEY, or made on first
start and kept in DATA_DIR/push/vapid.json (mode 0600). A push service binds each subscription
to the public key the browser was given, so a key that changed would orphan every subscription:
two workers starting at once must agree on one key, which an atomic create-if-absent ensures.
"""

from __future__ import annotations

import base64
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from ..domain import jsontext

PUSH_DIR = "push"
KEY_FILE = "vapid.json"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    """Base64url with or without padding; ValueError for anything else."""
    if not isinstance(text, str) or not text or any(c not in B64URL for c in text.rstrip("=")):
        raise ValueError("not base64url")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


B64URL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


@dataclass(frozen=True)
class VapidKey:
    private: ec.EllipticCurvePrivateKey

    @property
    def public_raw(self) -> bytes:
        """The uncompressed P-256 point (65 bytes), the browser's applicationServerKey."""
        return self.private.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)

    @property
    def public_b64(self) -> str:
        return b64url(self.public_raw)

    @property
    def private_b64(self) -> str:
        return b64url(self.private.private_numbers().private_value.to_bytes(32, "big"))


def from_private(text: str) -> VapidKey:
    """The key from its base64url 32-byte private scalar (what `web-push generate-vapid-keys`
    prints as the private key); ValueError naming the fault, never the key."""
    try:
        raw = b64url_decode(text.strip())
    except ValueError:
        raise ValueError("must be the base64url private key (32 bytes)") from None
    if len(raw) != 32:
        raise ValueError(f"must be 32 bytes once decoded, not {len(raw)}")
    try:
        return VapidKey(ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1()))
    except ValueError:
        raise ValueError("is not a valid P-256 private key") from None


def load_or_create(data_dir: Path) -> VapidKey:
    """The kept key, made now if there is none. The file is written whole under a temporary
    name and linked into place, which fails if another process linked its key first: then that
    key is the one read and used."""
    path = Path(data_dir) / PUSH_DIR / KEY_FILE
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        key = VapidKey(ec.generate_private_key(ec.SECP256R1()))
        doc = {"privateKey": key.private_b64, "publicKey": key.public_b64}
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".vapid-")  # mode 0600
        try:
            with os.fdopen(fd, "w", encoding="ascii") as fh:
                json.dump(doc, fh)
                fh.flush()
                os.fsync(fh.fileno())
            try:
                os.link(tmp, path)
            except FileExistsError:
                pass  # another process made one first: use it
        finally:
            os.unlink(tmp)
    try:
        doc = jsontext.loads(path.read_text(encoding="ascii"))
        return from_private(doc["privateKey"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        # Never replaced silently: a new key would cut off every device subscribed to the old one.
        raise ValueError(
            f"{path}: not a VAPID key file ({exc}); restore it or remove it to make a new key"
        ) from None
