"""Loopback plumbing: a free port, a bounded wait, and one HTTP request that never raises on a
status (tests assert on statuses; a refused connection still raises OSError)."""

from __future__ import annotations

import http.client
import json
import socket
import time
from collections.abc import Callable
from typing import Any, NamedTuple, Protocol

HOST = "127.0.0.1"


class Address(Protocol):
    host: str
    port: int


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def port_free(port: int) -> bool:
    """Nothing listens on `port` any more (a killed server's workers are gone too)."""
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((HOST, port))
        except OSError:
            return False
    return True


def wait_for(
    predicate: Callable[[], Any], timeout: float = 10.0, what: str = "", interval: float = 0.05
) -> Any:
    """Polls `predicate` until it is true, for at most `timeout` seconds; returns its value."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout}s: {what or predicate}")
        time.sleep(interval)


class Answer(NamedTuple):
    status: int
    headers: http.client.HTTPMessage  # case-insensitive; get_all() for a repeated header
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


def request(
    server: Address,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 10.0,
) -> Answer:
    """One request on a fresh connection, the path sent exactly as given (no normalizing), no
    redirect followed. A `Host` header replaces the one http.client would send."""
    conn = http.client.HTTPConnection(server.host, server.port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        return Answer(resp.status, resp.msg, resp.read())
    finally:
        conn.close()


def get_json(server: Address, path: str, timeout: float = 10.0) -> Any:
    answer = request(server, "GET", path, timeout=timeout)
    assert answer.status == 200, (path, answer.status, answer.body[:500])
    return answer.json()


def answers(server: Address, path: str = "/") -> bool:
    """The server answers HTTP on `path`, whatever the status."""
    try:
        request(server, "GET", path, timeout=2)
    except (OSError, http.client.HTTPException):
        return False
    return True
