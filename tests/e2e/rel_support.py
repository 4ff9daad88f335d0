"""Helpers for the reliability tests (`test_rel_*.py`): the production server (gunicorn) in its
own process group, so that a test can SIGKILL master and workers at once (a power cut or the
OOM killer) and start it again on the same data, and small HTTP helpers that never raise on
an HTTP status."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from e2e_support import FIXTURES, ROOT, free_port, wait_for

TOKEN = "rel-organizer-token-7f3a9c"
GUNICORN = Path(sys.executable).parent / "gunicorn"


class Gunicorn:
    """gunicorn serving `webapp:create_app()` on a data directory, with its log in `log_path`."""

    def __init__(self, base: Path, workers: int = 2, env: dict[str, str] | None = None) -> None:
        self.data_dir = base / "data"
        if not self.data_dir.exists():
            self.data_dir.mkdir(parents=True)
            shutil.copy(FIXTURES / "mini_schedule.json", self.data_dir / "schedule.json")
        self.log_path = base / "server.log"
        self.workers = workers
        self.port = free_port()
        self.host = "127.0.0.1"
        self.url = f"http://{self.host}:{self.port}"
        self.env = {
            **os.environ,
            "HALLWAY_DATA_DIR": str(self.data_dir),
            "HALLWAY_ADMIN_TOKEN": TOKEN,
            "HALLWAY_WRITE_RATE_LIMIT": "0",
            "PYTHONUNBUFFERED": "1",
            **(env or {}),
        }
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def start(self, timeout: float = 30.0) -> Gunicorn:
        cmd = [
            str(GUNICORN), "--workers", str(self.workers), "--bind", f"{self.host}:{self.port}",
            "--access-logfile", "-", "--error-logfile", "-", "--log-level", "info",
            "--graceful-timeout", "5", "webapp:create_app()",
        ]  # fmt: skip
        with self.log_path.open("ab") as log:
            self.proc = subprocess.Popen(
                cmd, cwd=ROOT, env=self.env, stdout=log, stderr=log, start_new_session=True
            )
        self.starts += 1
        wait_for(self._ready, timeout, interval=0.05)
        return self

    def _ready(self) -> bool:
        assert self.proc is not None
        if self.proc.poll() is not None:
            raise AssertionError(f"gunicorn exited: {self.log_path.read_text(errors='replace')[-3000:]}")
        try:
            return request(self, "GET", "/api/v1/schedule.json", timeout=2)[0] == 200
        except OSError:
            return False

    def kill(self) -> None:
        """SIGKILL the whole process group: master and workers die at the same instant."""
        if self.proc is None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait(timeout=10)
        # Workers are in the group too; wait until none of them holds the port any more.
        wait_for(lambda: _port_free(self.port), 10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is None:
            return
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.kill()
        self.proc = None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


def _port_free(port: int) -> bool:
    import socket

    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def request(
    server: Any,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 10.0,
) -> tuple[int, dict[str, str], bytes]:
    """One request on a fresh connection; the path is sent exactly as given (no normalizing)."""
    conn = http.client.HTTPConnection(server.host, server.port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    finally:
        conn.close()


def post_correction(
    server: Any,
    body: dict[str, Any],
    token: str = TOKEN,
    timeout: float = 10.0,
    key: str | None = None,
    force: bool = True,
):
    """POST a correction. `force` by default: these tests set up what attendees see, and the
    small fixture schedule makes many a move clash (the clash checks have their own tests)."""
    if force and isinstance(body, dict) and "force" not in body:
        body = {**body, "force": True}
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    if key is not None:
        headers["Idempotency-Key"] = key
    return request(server, "POST", "/api/v1/corrections", json.dumps(body).encode(), headers, timeout)


def changes(server: Any) -> dict[str, Any]:
    status, _, data = request(server, "GET", "/api/v1/changes?since=0")
    assert status == 200, data
    return json.loads(data)


def elapsed(start: float) -> str:
    return f"{time.monotonic() - start:.1f} s"
