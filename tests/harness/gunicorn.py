"""The production server in a test: gunicorn started directly (`Gunicorn`, every option a test
needs) or through `scripts/serve-prod.sh` as an operator runs it (`ServeProd`), and a private
redis-server (`Redis`) for a shared feed cache."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from .net import HOST, free_port, request, wait_for
from .publish import TOKEN
from .servers import Server

GUNICORN = Path(sys.executable).parent / "gunicorn"  # the one beside this Python, in its venv
# The worker's pid, then the request line: which worker served what, and what was served.
ACCESS_FORMAT = '%(p)s "%(r)s" %(s)s'
SERVED_BY = re.compile(r'^<(\d+)> "\w+ (\S+) HTTP/')


def require(program: str) -> str:
    found = shutil.which(program)
    if found is None:
        pytest.fail(f"{program} is not installed: scripts/test.sh installs it")
    return found


class Gunicorn(Server):
    """gunicorn serving `app` with `workers` workers; writable with `publish.TOKEN` and no
    write rate limit unless `env` says otherwise."""

    ready_path = "/api/v1/schedule.json"

    def __init__(
        self,
        base: Path,
        workers: int = 2,
        env: dict[str, str] | None = None,
        app: str = "webapp:create_app()",
        **options: Any,
    ) -> None:
        writable = {"HALLWAY_ADMIN_TOKEN": TOKEN, "HALLWAY_WRITE_RATE_LIMIT": "0"}
        super().__init__(base, env={**writable, **(env or {})}, **options)
        self.workers = workers
        self.app = app

    def command(self) -> list[str]:
        return [
            str(GUNICORN), "--workers", str(self.workers), "--bind", f"{self.host}:{self.port}",
            "--access-logfile", "-", "--access-logformat", ACCESS_FORMAT, "--error-logfile", "-",
            "--log-level", "info", "--graceful-timeout", "5", self.app,
        ]  # fmt: skip

    def workers_that_served(self, since_line: int = 0) -> set[str]:
        """The pids of the workers that answered an API request after line `since_line` of the log."""
        lines = self.log().splitlines()[since_line:]
        return {m[1] for m in map(SERVED_BY.match, lines) if m and m[2].startswith("/api/v1/")}

    def wait_for_workers(self, timeout: float = 30.0) -> None:
        """Each worker boots on its own (imports, reads the static build): until all of them
        have answered, a test that needs two workers may see one."""

        def all_answered() -> bool:
            with ThreadPoolExecutor(max_workers=8) as pool:
                list(pool.map(lambda _: request(self, "GET", "/api/v1/schedule.json"), range(16)))
            return len(self.workers_that_served()) == self.workers

        wait_for(all_answered, timeout, f"all {self.workers} workers to answer")


class ServeProd(Gunicorn):
    """`scripts/serve-prod.sh` with REDIS=1: gunicorn and its own private redis-server, both
    stopped with the script."""

    ready_path = "/healthz"

    def __init__(
        self, base: Path, workers: int = 2, env: dict[str, str] | None = None, **options: Any
    ) -> None:
        require("redis-server")
        self.redis_port = free_port()
        script_env = {"WORKERS": str(workers), "REDIS": "1", "REDIS_PORT": str(self.redis_port)}
        super().__init__(base, workers, {**script_env, **(env or {})}, **options)
        self.env["PORT"] = str(self.port)

    def command(self) -> list[str]:
        return ["bash", "scripts/serve-prod.sh"]

    def redis_keys(self) -> int:
        return int(redis_cli(self.redis_port, "dbsize") or 0)


def redis_cli(port: int, *args: str) -> str:
    done = subprocess.run(
        ["redis-cli", "-p", str(port), *args], capture_output=True, text=True, timeout=10, check=True
    )
    return done.stdout.strip()


class Redis:
    """A private redis-server on loopback, nothing saved to disk."""

    def __init__(self, base: Path) -> None:
        self.base, self.port = base, free_port()
        self.url = f"redis://{HOST}:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Redis:
        cmd = [require("redis-server"), "--bind", HOST, "--port", str(self.port), "--save", "",
               "--appendonly", "no", "--dir", str(self.base)]  # fmt: skip
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(self.pong, 10, "redis-server to answer")
        return self

    def pong(self) -> bool:
        try:
            return redis_cli(self.port, "ping") == "PONG"
        except subprocess.CalledProcessError:
            return False

    def keys(self, pattern: str) -> list[str]:
        return redis_cli(self.port, "--scan", "--pattern", pattern).split()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=15)
        self.proc = None
