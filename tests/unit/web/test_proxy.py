"""HALLWAY_PROXY_HOPS: behind a reverse proxy, the client's address and scheme come from its
X-Forwarded-* headers; without the setting those headers are ignored (a client cannot choose)."""

from __future__ import annotations

import pytest

from webapp import create_app
from webapp.domain.timeutil import parse_iso

NOW = parse_iso("2026-04-07T10:00:05+02:00")  # early in a rate-limit window
FORWARDED = {
    "X-Forwarded-For": "203.0.113.9",
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "schedule.example.org",
}


def seen_by(app) -> dict:
    @app.get("/_seen")
    def seen() -> dict:
        from flask import request

        return {"addr": request.remote_addr, "url": request.host_url}

    return app.test_client().get("/_seen", headers=FORWARDED, environ_base={"REMOTE_ADDR": "127.0.0.1"}).json


@pytest.mark.parametrize(
    ("hops", "addr", "url"),
    [
        (0, "127.0.0.1", "http://localhost/"),
        (1, "203.0.113.9", "https://schedule.example.org/"),
    ],
)
def test_forwarded_headers_are_trusted_only_when_configured(data_dir, hops, addr, url):
    # The forwarded host is answered only when the operator named it (HALLWAY_TRUSTED_HOSTS).
    hosts = ["localhost", "schedule.example.org"]
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "PROXY_HOPS": hops, "TRUSTED_HOSTS": hosts})
    assert seen_by(app) == {"addr": addr, "url": url}


def test_a_forwarded_host_nobody_named_is_refused(data_dir):
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "PROXY_HOPS": 1})
    resp = app.test_client().get("/healthz", headers=FORWARDED)
    assert resp.status_code == 400 and b"HALLWAY_TRUSTED_HOSTS" in resp.data


def test_write_rate_limit_counts_each_client_behind_the_proxy(data_dir):
    config = {
        "TESTING": True,
        "DATA_DIR": str(data_dir),
        "PROXY_HOPS": 1,
        "ADMIN_TOKEN": "t",
        "WRITE_RATE_LIMIT": 2,
        "CLOCK": lambda: NOW,  # the window is a wall-clock minute: a run must not straddle two
    }
    client = create_app(config).test_client()

    def post(ip: str) -> int:
        headers = {"X-Forwarded-For": ip, "Authorization": "Bearer wrong"}
        return client.post(
            "/api/v1/corrections", headers=headers, environ_base={"REMOTE_ADDR": "127.0.0.1"}
        ).status_code

    assert [post("198.51.100.1") for _ in range(3)] == [401, 401, 429]
    assert post("198.51.100.2") == 401  # another organizer is not locked out by the first


@pytest.mark.parametrize(
    ("host", "public_url", "status"),
    [
        ("localhost", None, 200),  # no port: the scheme's own
        ("localhost:80", None, 200),  # the port this (test) server is on
        ("127.0.0.1:5001", None, 400),  # a port nobody named: its links would carry it
        ("127.0.0.1:abc", None, 400),
        ("schedule.example.org:8443", "https://schedule.example.org:8443", 200),
        ("schedule.example.org:8444", "https://schedule.example.org:8443", 400),
        ("localhost:8080", None, 200),  # named in the trusted hosts below
    ],
)
def test_a_port_in_the_host_must_be_the_servers_own_or_one_the_operator_named(
    data_dir, host, public_url, status
):
    hosts = ["localhost", "127.0.0.1", "localhost:8080"]
    config = {"TESTING": True, "DATA_DIR": str(data_dir), "TRUSTED_HOSTS": hosts, "PUBLIC_URL": public_url}
    answer = create_app(config).test_client().get("/session/x/qr.svg", headers={"Host": host})
    assert (answer.status_code == 400) == (status == 400), answer.data[:200]
    if status == 400:
        assert b"does not answer for the host" in answer.data
