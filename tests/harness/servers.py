"""One interface for the app however a test serves it: Flask's server here; gunicorn and
`scripts/serve-prod.sh` in `gunicorn.py`; a static export (under `python -m http.server` or
nginx) and nginx as a proxy in `static.py`. Each runs in its own process group on a free
loopback port, with

- `url` (no trailing slash), `host`, `port`, `data_dir` (the organizers' data: a copy of the
  fixture schedule unless told otherwise), `log_path` (everything the processes print);
- `start()`: starts it and waits until it answers (again on the same port and data after a
  stop); returns the server. `stop()`: stops the whole group, which is what "offline" means
  here; `kill()`: SIGKILL to all at once, a power cut;
- `publish(correction)`: a correction as the API takes it, published the way this server
  takes one (over HTTP here; the command line and a new export for a static site);
  `publish_cli(correction)`: with the command line on `data_dir`, also while it is down;
- `requests()`: the paths it served, in order, from its log; `log()`: the log's text;
  `cli(*args)`: the `hallway` command line on its data (and its static files, if its own).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any, Self

from webapp.web import build

from . import MINI, ROOT
from .net import HOST, answers, free_port, port_free, wait_for
from .publish import hallway, publish, publish_cli

START_TIMEOUT = 30.0
STOP_TIMEOUT = 15.0
# Werkzeug colours some lines (a 304 is cyan): the escape sits between the quote and the method.
REQUEST_LINE = re.compile(r'"(?:\x1b\[[\d;]*m)?(?:GET|POST) (\S+) HTTP/')


class Server:
    """A process group serving the app; subclasses say what runs (`command`)."""

    ready_path = "/"  # answered, whatever the status, once the server is up
    stop_signal = signal.SIGTERM

    def __init__(
        self,
        base: Path,
        schedule: Path | None = MINI,
        env: dict[str, str] | None = None,
        static_dir: Path | None = None,
    ) -> None:
        """`base`: a private directory; `schedule`: copied into the data directory (None: an
        empty one); `static_dir`: the PWA's files, when the test changes them (else the build
        of static/ made for the session)."""
        self.base = base
        self.data_dir = base / "data"
        if not self.data_dir.exists():
            self.data_dir.mkdir(parents=True)
            if schedule is not None:
                shutil.copy(schedule, self.data_dir / "schedule.json")
        self.static_dir = static_dir
        self.log_path = base / "server.log"
        self.host, self.port = HOST, free_port()
        self.url = f"http://{self.host}:{self.port}"
        self.env = {**os.environ, "HALLWAY_DATA_DIR": str(self.data_dir), "PYTHONUNBUFFERED": "1"}
        if static_dir is not None:
            self.env["HALLWAY_STATIC_DIR"] = str(static_dir)
        self.env.update(env or {})
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def command(self) -> list[str]:
        raise NotImplementedError

    def ready(self) -> bool:
        return answers(self, self.ready_path)

    def start(self, timeout: float = START_TIMEOUT) -> Self:
        if self.static_dir is not None:
            build.ensure(self.static_dir)  # a changed tree is built here, as a deployment would
        with self.log_path.open("ab") as log:
            self.proc = subprocess.Popen(
                self.command(), cwd=ROOT, env=self.env, stdout=log, stderr=log, start_new_session=True
            )
        self.starts += 1
        try:
            wait_for(self._up, timeout, f"{type(self).__name__} to answer on {self.url}")
        except AssertionError:
            self.kill()
            raise
        return self

    def _up(self) -> bool:
        assert self.proc is not None
        if self.proc.poll() is not None:
            raise RuntimeError(f"{type(self).__name__} exited: {self.log()[-3000:]}")
        return self.ready()

    def stop(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self._signal(self.stop_signal)
            try:
                self.proc.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self._signal(signal.SIGKILL)
                self.proc.wait(timeout=STOP_TIMEOUT)
        self.proc = None

    def kill(self) -> None:
        """SIGKILL the whole group: master and workers die at the same instant."""
        if self.proc is None:
            return
        self._signal(signal.SIGKILL)
        self.proc.wait(timeout=STOP_TIMEOUT)
        self.proc = None
        wait_for(lambda: port_free(self.port), STOP_TIMEOUT, f"port {self.port} to be free")

    def _signal(self, signum: int) -> None:
        assert self.proc is not None
        try:
            os.killpg(self.proc.pid, signum)
        except ProcessLookupError:
            pass

    def publish(self, correction: dict[str, Any], **options: Any) -> dict[str, Any]:
        return publish(self, correction, **options)

    def publish_cli(self, correction: dict[str, Any]) -> str:
        return publish_cli(self.data_dir, correction)

    def cli(self, *args: str) -> str:
        return hallway(*args, env=self.env)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def requests(self) -> list[str]:
        """Paths of the requests served so far, in order (parsed from the access log)."""
        return REQUEST_LINE.findall(self.log())


class FlaskServer(Server):
    """`flask --app webapp run`: the development server, one process."""

    stop_signal = signal.SIGKILL  # gone at once, mid-request if need be: a phone goes offline

    def command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "flask",
            "--app",
            "webapp",
            "run",
            "--host",
            HOST,
            "--port",
            str(self.port),
        ]

    def ready(self) -> bool:
        # Listening is enough: a first request would make the store before the test does.
        try:
            with socket.create_connection((self.host, self.port), timeout=0.5):
                return True
        except OSError:
            return False
