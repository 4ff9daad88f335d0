"""Production serving: gunicorn with two workers sharing a real redis-server as the feed cache.

A correction published through one worker must be served by both at once: the version is
read from the store on every request and is part of every cache key.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "e2e-organizer-token"
GUNICORN = Path(sys.executable).parent / "gunicorn"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def poll(check: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            result = check()
        except (OSError, urllib.error.URLError):
            result = None
        if result:
            return result
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


def redis_ping(port: int) -> bool:
    with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
        s.sendall(b"PING\r\n")
        return s.recv(16).startswith(b"+PONG")


@pytest.fixture
def redis_port(tmp_path: Path) -> Iterator[int]:
    if shutil.which("redis-server") is None:
        pytest.fail("redis-server is not installed (scripts/test.sh installs it)")
    port = free_port()
    proc = subprocess.Popen(
        ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly", "no",
         "--dir", str(tmp_path)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        poll(lambda: redis_ping(port), 10, "redis-server")
        yield port
    finally:
        stop(proc)


@pytest.fixture
def server(tmp_path: Path, redis_port: int) -> Iterator[tuple[str, Path]]:
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(ROOT / "tests" / "fixtures" / "mini_schedule.json", data / "schedule.json")
    port = free_port()
    log = tmp_path / "access.log"
    env = {
        **os.environ,
        "HALLWAY_DATA_DIR": str(data),
        "HALLWAY_ADMIN_TOKEN": TOKEN,
        "HALLWAY_CACHE_TYPE": "RedisCache",
        "HALLWAY_CACHE_REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
    }
    proc = subprocess.Popen(
        [str(GUNICORN), "--workers", "2", "--bind", f"127.0.0.1:{port}", "--access-logfile", str(log),
         "--access-logformat", "%(p)s %(U)s%(q)s %(s)s", "webapp:create_app()"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        poll(lambda: get(url, "/api/v1/schedule.json")[0] == 200, 30, "gunicorn")
        # Each worker boots on its own (imports, reads the static build): until both answer, a
        # test that needs two workers sees one.
        poll(lambda: bool(hammer(url, 16)) and len(workers_that_served(log, 0)) == 2, 30, "both workers")
        yield url, log
    finally:
        stop(proc)


def get(url: str, path: str) -> tuple[int, dict]:
    with urllib.request.urlopen(url + path, timeout=10) as resp:
        return resp.status, json.loads(resp.read())


def post(url: str, body: dict) -> dict:
    req = urllib.request.Request(
        url + "/api/v1/corrections", data=json.dumps(body).encode(), method="POST",
        headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"},
    )  # fmt: skip
    with urllib.request.urlopen(req, timeout=10) as resp:
        assert resp.status == 201
        return json.loads(resp.read())


def hammer(url: str, n: int) -> list[int]:
    """Versions seen by `n` requests on fresh connections, 8 at a time, to both feeds."""
    paths = [("/api/v1/schedule.json", "/api/v1/changes?since=0")[i % 2] for i in range(n)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(lambda p: get(url, p), paths))
    assert all(status == 200 for status, _ in answers)
    return [doc["version"] for _, doc in answers]


def workers_that_served(log: Path, since_line: int) -> set[str]:
    lines = log.read_text(encoding="utf-8").splitlines()[since_line:]
    return {line.split(" ")[0] for line in lines if "/api/v1/" in line}


def test_a_correction_through_one_worker_is_served_by_both_at_once(server, redis_port):
    url, log = server
    assert set(hammer(url, 80)) == {0}  # warm the shared cache at version 0
    for expected in (1, 2):
        body = {"kind": "edit", "session": "s1a2b3", "title": f"Title {expected}"}
        assert post(url, body)["version"] == expected
        mark = len(log.read_text(encoding="utf-8").splitlines())
        seen = hammer(url, 200)
        assert seen == [expected] * 200, f"some answers were stale: {sorted(set(seen))}"
        assert len(workers_that_served(log, mark)) == 2, "only one worker answered; the test proved nothing"
    _, schedule = get(url, "/api/v1/schedule.json")
    assert next(s for s in schedule["sessions"] if s["id"] == "s1a2b3")["title"] == "Title 2"
    # The feed really went through Redis: it holds an entry per version served.
    keys = subprocess.run(
        ["redis-cli", "-p", str(redis_port), "--scan", "--pattern", "*hallway/schedule/*"],
        capture_output=True, text=True, timeout=10, check=True,
    ).stdout.split()  # fmt: skip
    # hallway/schedule/<store>/<version>/<stamp>: an entry per version, each with its own stamp
    assert {k.split("hallway/schedule/", 1)[1].split("/")[1] for k in keys} == {"0", "1", "2"}
    assert len({k.rsplit("/", 1)[-1] for k in keys}) == 3
