"""Connections bounded in place and time, against servers on 127.0.0.1: one total deadline
however the peer drips (headers, body, chunks, a TLS handshake), answers read up to a limit,
the name resolved once and the address checked, TLS verified for the host NAME."""

from __future__ import annotations

import http.client
import socket
import ssl
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.unit.net.servers import Drip, self_signed
from webapp.net import AddressPolicy, Deadline, Refused, connect, read_at_most

LOOPBACK = AddressPolicy(allow_loopback=True)


def fetch(url: str, deadline: Deadline, limit: int = 4096, **kwargs: object) -> bytes:
    conn = connect(url, policy=LOOPBACK, deadline=deadline, **kwargs)  # type: ignore[arg-type]
    try:
        conn.request("GET", "/")
        return read_at_most(conn.getresponse(), limit, deadline)
    finally:
        conn.close()


@pytest.fixture
def drip(request):
    servers: list[Drip] = []

    def make(mode: str, **kwargs: object) -> Drip:
        servers.append(Drip(mode, **kwargs))  # type: ignore[arg-type]
        return servers[-1]

    yield make
    for s in servers:
        s.stop()


@pytest.mark.parametrize("mode", ["headers", "body", "chunked", "silent"])
def test_a_peer_dripping_a_byte_every_half_second_is_cut_at_the_total_deadline(drip, mode: str) -> None:
    # A socket timeout of 1.5 s would never fire here: each byte comes within it.
    server = drip(mode)
    started = time.monotonic()
    with pytest.raises(TimeoutError):
        fetch(f"http://127.0.0.1:{server.port}/", Deadline(1.5))
    took = time.monotonic() - started
    assert 1.4 <= took < 4.0, took  # dripped whole it would take 100 s
    assert mode == "silent" or server.sent >= 1, "the server did drip"


def test_a_dripped_tls_handshake_is_cut_at_the_deadline(drip) -> None:
    server = drip("silent")  # accepts the connection, never says a TLS word
    started = time.monotonic()
    with pytest.raises(TimeoutError):
        fetch(f"https://localhost:{server.port}/", Deadline(1.0))
    assert time.monotonic() - started < 3.0


@pytest.fixture
def tls_server(drip, tmp_path):
    cert, key = self_signed("localhost")
    (tmp_path / "c.pem").write_bytes(cert)
    (tmp_path / "k.pem").write_bytes(key)
    server_ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server_ctx.load_cert_chain(tmp_path / "c.pem", tmp_path / "k.pem")
    names: list[str | None] = []
    server_ctx.sni_callback = lambda sock, name, ctx: names.append(name)
    client_ctx = ssl.create_default_context(cadata=cert.decode())
    return drip("ok", tls=server_ctx), client_ctx, names


def test_tls_is_verified_for_the_host_name_sent_as_sni(tls_server) -> None:
    server, client_ctx, names = tls_server
    assert fetch(f"https://localhost:{server.port}/", Deadline(5), context=client_ctx) == b"ok"
    assert names == ["localhost"]


def test_tls_to_a_name_the_certificate_does_not_name_fails(tls_server) -> None:
    server, client_ctx, _ = tls_server
    with pytest.raises(ssl.SSLCertVerificationError):
        fetch(f"https://127.0.0.1:{server.port}/", Deadline(5), context=client_ctx)


class Big(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        size = int(self.path.strip("/") or 0)
        self.send_response(200)
        self.send_header("Content-Length", str(size))
        self.end_headers()
        try:
            for _ in range(size // 65536):
                self.wfile.write(b"x" * 65536)
            self.wfile.write(b"x" * (size % 65536))
        except OSError:
            pass  # the client read what it wanted and left

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def big():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Big)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_an_answer_is_read_up_to_the_limit_and_its_connection_not_kept(big) -> None:
    deadline = Deadline(5)
    conn = connect(f"{big}/", policy=LOOPBACK, deadline=deadline)
    conn.request("GET", "/50000000")
    response = conn.getresponse()
    assert read_at_most(response, 4096, deadline) == b"x" * 4096
    assert response.will_close and response.isclosed()
    conn.close()


def test_an_answer_within_the_limit_is_read_whole(big) -> None:
    deadline = Deadline(5)
    conn = connect(f"{big}/", policy=LOOPBACK, deadline=deadline)
    conn.request("GET", "/1000")
    response = conn.getresponse()
    assert read_at_most(response, 4096, deadline) == b"x" * 1000
    assert not response.will_close
    conn.close()


def test_a_kept_connection_is_watched_anew_for_each_request(big) -> None:
    first = Deadline(0.5)
    conn = connect(f"{big}/", policy=LOOPBACK, deadline=first)
    for _ in range(3):
        conn.request("GET", "/10")
        assert read_at_most(conn.getresponse(), 100, first) == b"x" * 10
        conn.unwatch()
        while not first.passed():  # idle past the deadline, as between two messages
            time.sleep(0.05)
        first = Deadline(0.5)
        conn.watch(first)
    assert not conn.expired
    conn.close()


def test_a_connection_left_watched_is_shut_when_its_deadline_passes(big) -> None:
    deadline = Deadline(0.3)
    conn = connect(f"{big}/", policy=LOOPBACK, deadline=deadline)
    conn.request("GET", "/10")
    assert read_at_most(conn.getresponse(), 100, deadline) == b"x" * 10
    end = time.monotonic() + 5
    while not conn.expired and time.monotonic() < end:
        time.sleep(0.05)
    assert conn.expired
    conn.close()


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1", "2130706433", "0x7f.1", "[::ffff:127.0.0.1]"])
def test_a_name_or_literal_reaching_loopback_is_refused_unless_allowed(big, host: str) -> None:
    port = big.rsplit(":", 1)[1]
    with pytest.raises(Refused, match="loopback"):
        connect(f"http://{host}:{port}/", policy=AddressPolicy(), deadline=Deadline(5))


def test_localhost_connects_when_loopback_is_allowed(big) -> None:
    port = big.rsplit(":", 1)[1]
    assert fetch(f"http://localhost:{port}/", Deadline(5)) == b""


def test_the_name_is_resolved_once_and_the_checked_address_is_the_one_connected(big, monkeypatch) -> None:
    # DNS rebinding: a second lookup (http.client's own) would get another answer. Here the
    # second answer is an error, so the request only succeeds if there is no second lookup.
    port = int(big.rsplit(":", 1)[1])
    real = socket.getaddrinfo
    calls: list[str] = []

    def rebinding(host, *args, **kwargs):
        calls.append(host)
        if len(calls) > 1:
            raise socket.gaierror(socket.EAI_NONAME, "a second lookup")
        return real("127.0.0.1", *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", rebinding)
    assert fetch(f"http://push.example.test:{port}/", Deadline(5)) == b""
    assert calls == ["push.example.test"]


def test_a_closed_connection_does_not_reconnect_by_itself(big) -> None:
    conn = connect(f"{big}/", policy=LOOPBACK, deadline=Deadline(5))
    conn.close()
    with pytest.raises(http.client.NotConnected):
        conn.request("GET", "/1")


def test_a_name_that_does_not_resolve_is_an_error_naming_it() -> None:
    with pytest.raises(OSError, match="push.example.invalid") as caught:
        connect("https://push.example.invalid/x", policy=AddressPolicy(), deadline=Deadline(5))
    assert not isinstance(caught.value, Refused)


def test_a_resolver_that_hangs_is_cut_at_the_deadline(monkeypatch) -> None:
    release = threading.Event()
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: release.wait(10) and [])
    started = time.monotonic()
    with pytest.raises(TimeoutError, match="resolve"):
        connect("https://slow.example.test/", policy=AddressPolicy(), deadline=Deadline(0.5))
    assert time.monotonic() - started < 1.5
    release.set()


@pytest.mark.parametrize("url", ["ftp://example.org/", "file:///etc/passwd", "gopher://x/"])
def test_other_schemes_are_refused(url: str) -> None:
    with pytest.raises(Refused, match="scheme"):
        connect(url, policy=AddressPolicy(), deadline=Deadline(5))
