"""Connections to addresses someone else named, bounded in place and in time: the host name is
resolved here, every address checked by the policy, and the socket connected to a checked
address (http.client never looks the name up again, so a DNS answer that changes between a
check and a connect cannot slip through); a watchdog shuts the socket down when the deadline
passes, so connect, TLS, headers and body together take at most that long."""

from __future__ import annotations

import functools
import http.client
import socket
import ssl
from urllib.parse import urlsplit

from .address import AddressPolicy, Refused
from .deadline import Deadline
from .resolve import RESOLVER
from .watchdog import WATCHDOG

DEFAULT_PORTS = {"http": 80, "https": 443}


class Connection(http.client.HTTPConnection):
    """An http.client connection over a socket made by `connect`. It never reconnects by
    itself (that would resolve the name again, unchecked): once closed, make a new one."""

    auto_open = 0

    def __init__(self, host: str, port: int, default_port: int) -> None:
        super().__init__(host, port)
        self.default_port = default_port  # the Host header names the port only when unusual
        self.expired = False
        self._watch: list | None = None
        self._deadline: Deadline | None = None
        self._seconds = 0.0

    def connect(self) -> None:
        raise http.client.NotConnected("closed: make a new connection with webapp.net.connect")

    def watch(self, deadline: Deadline) -> None:
        """Bound what follows (a request and its answer) by `deadline`, in place of any earlier
        one: a kept-alive connection is watched anew for each message sent on it."""
        if self._watch is not None:
            WATCHDOG.cancel(self._watch)
        self._deadline = deadline
        self._seconds = deadline.seconds  # for the message, after http.client closed us
        left = deadline.remaining()
        if self.sock is not None:
            self.sock.settimeout(left)  # also bounds each single wait, the watchdog the total
        self._watch = WATCHDOG.watch(left, self._expire)

    def unwatch(self) -> None:
        """The exchange is over: keep the connection open past its deadline, idle, for the
        next `watch`. (A connection left watched is shut down when its deadline passes.)"""
        if self._watch is not None:
            WATCHDOG.cancel(self._watch)
        self._watch = self._deadline = None

    def _expire(self) -> None:
        self.expired = True
        sock = self.sock
        if sock is not None:
            try:
                # The plain socket's shutdown, also for an SSLSocket (whose own would first drop
                # its TLS state under the feet of the thread reading): the blocked read ends.
                socket.socket.shutdown(sock, socket.SHUT_RDWR)
            except OSError:
                pass

    def _timed_out(self, exc: BaseException) -> BaseException:
        if self.expired or (self._deadline is not None and self._deadline.passed()):
            return TimeoutError(f"{self.host}: no complete answer within {self._seconds:g} s")
        return exc

    def request(self, *args: object, **kwargs: object) -> None:  # type: ignore[override]
        try:
            super().request(*args, **kwargs)  # type: ignore[arg-type]
        except (OSError, http.client.HTTPException) as exc:
            raise self._timed_out(exc) from exc

    def getresponse(self) -> http.client.HTTPResponse:
        try:
            return super().getresponse()
        except (OSError, http.client.HTTPException) as exc:
            raise self._timed_out(exc) from exc

    def close(self) -> None:
        self.unwatch()
        super().close()


def connect(
    url: str,
    *,
    policy: AddressPolicy,
    deadline: Deadline,
    context: ssl.SSLContext | None = None,
) -> Connection:
    """A connection to `url`'s host, watched by `deadline` (see `Connection.watch`). Raises
    Refused (scheme or address not allowed), TimeoutError, or another OSError (the name does
    not resolve, no address answers, TLS fails): all OSErrors."""
    parts = urlsplit(url)
    policy.check_scheme(parts.scheme)
    host = parts.hostname
    try:
        port = parts.port or DEFAULT_PORTS[parts.scheme]
    except ValueError as exc:
        raise Refused(f"{url!r}: {exc}") from None
    if not host:
        raise Refused(f"{url!r} names no host")
    allowed, refusal = [], None
    for family, _, proto, _, sockaddr in RESOLVER.resolve(host, port, deadline):
        try:
            policy.check(sockaddr[0])
        except Refused as exc:
            refusal = refusal or exc
            continue
        allowed.append((family, proto, sockaddr))
    if not allowed:
        raise Refused(f"{host}: {refusal}")
    conn = Connection(host, port, DEFAULT_PORTS[parts.scheme])
    conn.sock = _connect_first(host, allowed, deadline)
    try:
        conn.watch(deadline)
        if parts.scheme == "https":
            tls = (context or _default_context()).wrap_socket(
                conn.sock, server_hostname=host, do_handshake_on_connect=False
            )
            conn.sock = tls  # before the handshake, so the watchdog can cut a dripped one
            tls.do_handshake()
    except BaseException as exc:
        conn.close()
        if isinstance(exc, OSError):
            raise conn._timed_out(exc) from exc
        raise
    return conn


@functools.cache
def _default_context() -> ssl.SSLContext:
    """The system's trust store, loaded once (a few ms each time) and shared: a context is
    safe to share between threads."""
    return ssl.create_default_context()


def _connect_first(host: str, addresses: list[tuple], deadline: Deadline) -> socket.socket:
    error: OSError | None = None
    for family, proto, sockaddr in addresses:
        sock = socket.socket(family, socket.SOCK_STREAM, proto)
        try:
            sock.settimeout(deadline.remaining())
            sock.connect(sockaddr)
            # As http.client's own connect does: headers and body go out as two writes, and
            # Nagle's algorithm would hold the second for the peer's delayed ACK (~40 ms).
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            return sock
        except OSError as exc:
            sock.close()
            error = exc
            if isinstance(exc, TimeoutError) and deadline.passed():
                break
    raise OSError(f"{host}: cannot connect: {error}")


def read_at_most(response: http.client.HTTPResponse, limit: int, deadline: Deadline) -> bytes:
    """The body, or its first `limit` bytes: a body that long may have been cut, and then the
    response is closed and marked `will_close` (its connection cannot carry another request)."""
    chunks: list[bytes] = []
    size = 0
    try:
        while size < limit:
            deadline.remaining()
            chunk = response.read1(limit - size)
            if not chunk:
                if deadline.passed():  # the watchdog's shutdown reads as an end of body
                    raise TimeoutError(f"no complete answer within {deadline.seconds:g} s")
                if response.length:  # http.client's read1 says nothing of a body cut short
                    raise http.client.IncompleteRead(b"".join(chunks), response.length)
                response.read()  # nothing is left: this marks the response done, the connection free
                break
            chunks.append(chunk)
            size += len(chunk)
    except (OSError, http.client.HTTPException) as exc:
        if deadline.passed():
            raise TimeoutError(f"no complete answer within {deadline.seconds:g} s") from exc
        raise
    if response.length == 0 and not response.isclosed():
        response.read()  # exactly `limit` bytes, all there was
    if size >= limit and not response.isclosed():
        response.will_close = True
        response.close()
    return b"".join(chunks)
