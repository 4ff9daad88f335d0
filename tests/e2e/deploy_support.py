"""The three ways of running Hallway, for e2e tests: the Flask server (wrapping conftest's
`LiveServer`), gunicorn with Redis (`scripts/serve-prod.sh`), and a static export served by
`python -m http.server`. Each has `.url`, `.publish(correction)` and `.stop()`.

Every process is started in its own process group and killed by `.stop()`; waits are bounded.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from e2e_support import FIXTURES, ROOT, LiveServer, free_port

TOKEN = "modes-test-token"
START_TIMEOUT = 30.0


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return response.status == 200
    except OSError:
        return False


class Processes:
    """Processes started by a mode, each in its own group so its children die with it."""

    def __init__(self, log: Path) -> None:
        self.log = log
        self.procs: list[subprocess.Popen[bytes]] = []

    def start(self, cmd: list[str], env: dict[str, str], ready: str) -> None:
        with self.log.open("ab") as log:
            proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True)
        self.procs.append(proc)
        deadline = time.monotonic() + START_TIMEOUT
        while not answers(ready):
            if proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"{cmd[0]} did not answer {ready}: {self.log.read_text()[-2000:]}")
            time.sleep(0.1)

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)  # serve-prod.sh stops its redis on TERM
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait(timeout=10)
        self.procs.clear()


def post_correction(url: str, body: dict) -> dict:
    request = urllib.request.Request(
        url + "/api/v1/corrections",
        data=json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 201
        return json.load(response)


def flask_cli(data_dir: Path, *args: str, static_dir: Path | None = None) -> str:
    env = {**os.environ, "HALLWAY_DATA_DIR": str(data_dir)}
    if static_dir is not None:
        env["HALLWAY_STATIC_DIR"] = str(static_dir)
    cmd = [sys.executable, "-m", "flask", "--app", "webapp", *args]
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


class FlaskMode:
    def __init__(self, server: LiveServer) -> None:
        self.server = server
        self.url = server.url

    def publish(self, body: dict) -> None:
        post_correction(self.url, body)

    def stop(self) -> None:
        self.server.stop()


class GunicornMode:
    def __init__(self, base: Path) -> None:
        self.data_dir = base / "data"
        self.data_dir.mkdir()
        shutil.copy(FIXTURES / "mini_schedule.json", self.data_dir / "schedule.json")
        self.port, self.redis_port = free_port(), free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.procs = Processes(base / "server.log")
        env = {
            **os.environ,
            "HALLWAY_DATA_DIR": str(self.data_dir),
            "HALLWAY_ADMIN_TOKEN": TOKEN,
            "WORKERS": "2",
            "PORT": str(self.port),
            "REDIS": "1",
            "REDIS_PORT": str(self.redis_port),
        }
        self.procs.start(["bash", "scripts/serve-prod.sh"], env, self.url + "/healthz")

    def publish(self, body: dict) -> None:
        post_correction(self.url, body)

    def redis_keys(self) -> int:
        out = subprocess.run(
            ["redis-cli", "-p", str(self.redis_port), "dbsize"], capture_output=True, text=True, timeout=10
        )
        return int(out.stdout.strip() or 0)

    def stop(self) -> None:
        self.procs.stop()


class StaticMode:
    """`static_dir`: the PWA's files to export (a copy lets a test deploy a change)."""

    def __init__(self, base: Path, static_dir: Path | None = None) -> None:
        self.static_dir = static_dir
        self.data_dir = base / "admin-data"
        self.data_dir.mkdir()
        shutil.copy(FIXTURES / "mini_schedule.json", self.data_dir / "schedule.json")
        self.site = base / "site"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.export()
        self.procs = Processes(base / "server.log")
        cmd = [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1"]
        cmd += ["--directory", str(self.site)]
        self.procs.start(cmd, dict(os.environ), self.url + "/")

    def export(self) -> str:
        return flask_cli(
            self.data_dir, "export", str(self.site), "--public-url", self.url, static_dir=self.static_dir
        )

    def publish(self, body: dict) -> None:
        args = [f"{k}={v}" for k, v in body.items() if k not in ("kind", "session")]
        flask_cli(self.data_dir, "corrections", "add", body["kind"], body["session"], *args, "--force")
        self.export()

    def stop(self) -> None:
        self.procs.stop()
