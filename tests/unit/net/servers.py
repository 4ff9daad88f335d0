"""Servers on 127.0.0.1 for the connection tests: one that drips its answer a byte at a time
(status and headers, body, or chunks), one that never answers, and a TLS one that records the
name the client asked for (SNI). Each stops when its test ends or its client leaves."""

from __future__ import annotations

import datetime as dt
import socket
import ssl
import threading
import time

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

ANSWERS = {
    "headers": (b"", b"HTTP/1.1 200 OK\r\nX-Slow: " + b"a" * 200 + b"\r\n\r\n"),
    "body": (b"HTTP/1.1 200 OK\r\nContent-Length: 200\r\n\r\n", b"b" * 200),
    "chunked": (b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", b"1\r\nc\r\n" * 100 + b"0\r\n\r\n"),
    "silent": (b"", b""),
    "ok": (b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", b""),
}


class Drip:
    """Answers every request with ANSWERS[mode]: the first part at once, then the second one
    byte every `every` seconds (or, "silent", nothing at all). Bounded: 60 s per client."""

    def __init__(self, mode: str, every: float = 0.5, tls: ssl.SSLContext | None = None) -> None:
        self.mode, self.every, self.tls = mode, every, tls
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(0.2)
        self.stopped = threading.Event()
        self.clients: list[socket.socket] = []
        self.sent = 0
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def port(self) -> int:
        return self.listener.getsockname()[1]

    def _accept(self) -> None:
        while not self.stopped.is_set():
            try:
                client, _ = self.listener.accept()
            except OSError:
                continue
            self.clients.append(client)
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        head, dripped = ANSWERS[self.mode]
        end = time.monotonic() + 60
        try:
            client.settimeout(5)
            if self.tls is not None:
                client = self.tls.wrap_socket(client, server_side=True)
            client.recv(65536)  # the request (small, in one piece on loopback)
            client.sendall(head)
            for byte in dripped:
                if self.stopped.wait(self.every) or time.monotonic() > end:
                    break
                client.sendall(bytes([byte]))
                self.sent += 1
            if self.mode == "silent":  # holds the line open, saying nothing
                self.stopped.wait(max(0.0, end - time.monotonic()))
        except OSError:
            pass  # the client hung up: what the deadline is for
        finally:
            client.close()

    def stop(self) -> None:
        self.stopped.set()
        self.listener.close()
        for client in self.clients:
            client.close()


def self_signed(name: str) -> tuple[bytes, bytes]:
    """(certificate PEM, key PEM) for `name`, valid now."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    key_pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    return cert.public_bytes(serialization.Encoding.PEM), key_pem
