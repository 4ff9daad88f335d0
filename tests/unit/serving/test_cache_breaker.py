"""A Redis that hangs (SIGSTOP) or dies: each worker stops asking it for a while, computes the
answers itself, and says so in /healthz; once the break is over and Redis answers, it is used
again. A real redis-server, stopped and continued by signals."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from werkzeug.test import Client
from werkzeug.wrappers import Response

from tests.harness.net import free_port
from webapp import create_app
from webapp.serving import cache, runtime

TOKEN = "cache-breaker-token"
ADMIN = {"Authorization": f"Bearer {TOKEN}"}  # /healthz's details are for organizers


def pong(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def start_redis(port: int, where: Path) -> subprocess.Popen:
    if shutil.which("redis-server") is None:
        pytest.fail("redis-server is not installed (scripts/test.sh installs it)")
    proc = subprocess.Popen(
        ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--dir", str(where)],
        stdout=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while not pong(port):
        assert time.monotonic() < deadline, "redis-server did not start"
        time.sleep(0.05)
    return proc


@pytest.fixture
def redis(tmp_path: Path) -> Iterator[tuple[int, subprocess.Popen]]:
    port = free_port()
    proc = start_redis(port, tmp_path)
    yield port, proc
    proc.send_signal(signal.SIGCONT)
    proc.kill()
    proc.wait(timeout=10)


def test_a_hung_redis_is_left_alone_for_a_while_and_said_in_healthz(data_dir, redis, monkeypatch):
    port, proc = redis
    config = {"TESTING": True, "DATA_DIR": str(data_dir), "CACHE_TYPE": "RedisCache",
              "CACHE_REDIS_URL": f"redis://127.0.0.1:{port}/0", "ADMIN_TOKEN": TOKEN}  # fmt: skip
    app = create_app(config)
    # Flask's own path: the fast path in front of it replays a changes answer it kept without
    # asking the cache (webapp/web/fastpath.py), and what asks the cache is what this is about.
    client = Client(app.wsgi_app.app, Response)
    assert client.get("/healthz", headers=ADMIN).json["cache"] == "ok"
    backend = app.extensions["cache"][cache.cache]
    calls = []
    for name in ("get", "set"):
        real = getattr(backend, name)
        monkeypatch.setattr(
            backend, name, lambda *a, _real=real, _name=name, **k: (calls.append(_name), _real(*a, **k))[1]
        )

    proc.send_signal(signal.SIGSTOP)
    assert client.get("/api/v1/changes?since=0").status_code == 200  # one timeout, then computed
    asked_while_hung = len(calls)
    assert asked_while_hung >= 1
    for _ in range(5):
        assert client.get("/api/v1/changes?since=0").status_code == 200
        assert client.get("/api/v1/schedule.json").status_code == 200
    assert len(calls) == asked_while_hung  # no request waited on the hung Redis again
    health = client.get("/healthz", headers=ADMIN)
    assert health.status_code == 200 and health.json["status"] == "degraded"
    assert health.json["cache"].startswith("bypassed")
    assert "shared cache failed" in health.json["problems"]["cache"]

    proc.send_signal(signal.SIGCONT)
    monkeypatch.setattr(cache, "BREAK_SECONDS", 0.0)
    cache.failed(runtime(app), RuntimeError("a last failure, with no break after it"))
    assert client.get("/api/v1/changes?since=0").status_code == 200
    assert len(calls) > asked_while_hung  # the cache is asked again
    health = client.get("/healthz", headers=ADMIN).json
    assert health["cache"] == "ok" and health["status"] == "ok" and "problems" not in health


def test_healthz_says_ok_again_once_a_restarted_redis_answers(data_dir, redis, tmp_path, monkeypatch):
    port, first = redis
    config = {"TESTING": True, "DATA_DIR": str(data_dir), "CACHE_TYPE": "RedisCache",
              "CACHE_REDIS_URL": f"redis://127.0.0.1:{port}/0", "ADMIN_TOKEN": TOKEN}  # fmt: skip
    client = create_app(config).test_client()
    assert client.get("/api/v1/changes?since=0").status_code == 200  # built: answered from memory now
    assert client.get("/healthz", headers=ADMIN).json["status"] == "ok"
    monkeypatch.setattr(cache, "BREAK_SECONDS", 0.05)  # the break, shortened: a condition is waited on
    first.kill()
    first.wait(timeout=10)
    health = client.get("/healthz", headers=ADMIN).json
    assert health["status"] == "degraded" and health["cache"].startswith("unavailable")
    assert client.get("/api/v1/changes?since=0").status_code == 200

    again = start_redis(port, tmp_path)  # the same address, as a restarted service has
    try:
        deadline = time.monotonic() + 15
        while (health := client.get("/healthz", headers=ADMIN).json)["status"] != "ok":
            assert time.monotonic() < deadline, health
            time.sleep(0.05)
        assert health["cache"] == "ok" and "problems" not in health
        assert client.get("/api/v1/changes?since=0").status_code == 200
    finally:
        again.kill()
        again.wait(timeout=10)
