"""Helpers for the e2e tests (the fixtures in conftest.py build on them): see conftest's docstring."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from webapp.web import build

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--no-default-browser-check",
]
PHONE = {"width": 360, "height": 740}
# Early on the first day of tests/fixtures/mini_schedule.json, before its first session: the
# schedule opens on day one then. Once the event is over (the real clock, from April 2026 on) it
# opens on the whole programme instead, so tests that mean day one set the page's clock here.
BEFORE_THE_EVENT = datetime(2026, 4, 7, 5, 0, tzinfo=UTC)
START_TIMEOUT = 20.0


def chromium_path() -> str | None:
    """The system Chromium when there is one; None lets Playwright use its own browser."""
    configured = os.environ.get("HALLWAY_CHROMIUM")
    if configured:
        return configured
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def launch_args() -> dict[str, Any]:
    args: dict[str, Any] = {"args": CHROMIUM_FLAGS}
    path = chromium_path()
    if path:
        args["executable_path"] = path
    return args


def wait_for(predicate: Callable[[], Any], timeout: float = 10.0, interval: float = 0.05) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout}s: {predicate}")
        time.sleep(interval)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    def __init__(self, data_dir: Path, static_dir: Path, log_path: Path, env: dict[str, str] | None = None):
        self.data_dir = data_dir
        self.static_dir = static_dir
        self.log_path = log_path
        self.host = "127.0.0.1"
        self.port = free_port()
        self.url = f"http://{self.host}:{self.port}"
        self.extra_env = env or {}
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> LiveServer:
        # The server reads the build of its static files: the session's, unless a test changed a
        # file, and then it is built here, as a deployment would.
        build.ensure(self.static_dir)
        env = {
            **os.environ,
            "HALLWAY_DATA_DIR": str(self.data_dir),
            "HALLWAY_STATIC_DIR": str(self.static_dir),
            "PYTHONUNBUFFERED": "1",
            **self.extra_env,
        }
        cmd = [sys.executable, "-m", "flask", "--app", "webapp", "run", "--host", "127.0.0.1"]
        log = self.log_path.open("ab")
        cmd += ["--port", str(self.port)]
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=log)
        log.close()
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log_path.read_text()[-2000:]}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"server did not answer within {START_TIMEOUT}s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)
        self.proc = None

    def requests(self) -> list[str]:
        """Paths of the requests served so far, in order (parsed from the access log)."""
        paths = []
        for line in self.log_path.read_text(errors="replace").splitlines():
            if '"GET ' in line or '"POST ' in line:
                paths.append(line.split('"', 2)[1].split(" ")[1])
        return paths


class Profile:
    """A persistent browser profile: survives closing the browser, like a phone's."""

    def __init__(self, playwright: Any, user_data_dir: Path):
        self.playwright = playwright
        self.user_data_dir = user_data_dir
        self.context: Any = None
        self.reopen()

    def reopen(self) -> Any:
        self.close()
        self.context = self.playwright.chromium.launch_persistent_context(
            str(self.user_data_dir), headless=True, viewport=PHONE, **launch_args()
        )
        return self.context

    def new_page(self) -> Any:
        return self.context.new_page()

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
            self.context = None


def offsite_requests(context: Any, base_url: str) -> list[str]:
    seen: list[str] = []

    def record(request: Any) -> None:
        url = request.url
        if not (url.startswith(base_url + "/") or url == base_url or url.startswith(("data:", "blob:"))):
            seen.append(url)

    context.on("request", record)
    return seen


# What the page knows of its worker, said when it does not take control in time.
WORKER_STATE = """async () => {
  const r = await navigator.serviceWorker.getRegistration();
  const state = (w) => w ? w.state : null;
  return { document: document.readyState, registered: !!r, installing: state(r?.installing),
           waiting: state(r?.waiting), active: state(r?.active) };
}"""


def wait_controlled(page: Any, timeout_ms: int = 30000) -> None:
    """Waits until the service worker controls the page. The app registers it once the page and
    its texts have loaded, and it installs by fetching the whole precache: on a loaded machine
    that took longer than 15 s once in CI (no registration state was recorded then)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=timeout_ms)
    except PlaywrightTimeout:
        state = page.evaluate(WORKER_STATE)
        raise AssertionError(f"no service worker controls the page after {timeout_ms} ms: {state}") from None


def before_the_event(target: Any) -> None:
    """Set a page's or context's clock to BEFORE_THE_EVENT; time runs on from there."""
    target.clock.install(time=BEFORE_THE_EVENT)
