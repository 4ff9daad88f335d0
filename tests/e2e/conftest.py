"""The e2e tests: real Chromium (pytest-playwright) against the app served as it runs, each
server in its own process. Every test under tests/e2e/ is marked `e2e`.

Rooms, one folder per capability, each file named for the behaviour it checks:
`attendee/` (the views, stars, now, the rooms grid, reminders while open, long texts),
`accessibility/` (axe, phone sizes, 200 % text), `offline/` (the service worker: offline,
cold starts, the first paint, updates), `corrections/` (a correction reaching a phone),
`organize/` (the organizers' console), `qr/` (door signs, codes, the scanner, sharing),
`push/` (Web Push), `sources/` (importing and following a schedule source), `security/`
(hostile text), `deploy/` (gunicorn, Redis, the static export, nginx, the bundle),
`reliability/` (kills, load, the write path, a phone's kept data). The app's pure JS logic is
tested in its room too, without a server (`app_modules`).

Everything a test needs beyond its own lines is in the harness, `tests/harness/` (imported as
`tests.harness.<module>`): one server interface for Flask, gunicorn, nginx and the static
export (`url`, `start()`, `stop()`, `publish()`), the organizers' token and the command line,
phones, profiles and the attendee app driven; its docstring lists the modules.

Fixtures (every e2e folder sees them):

- `live_server`: a `FlaskServer` (`python -m flask --app webapp run`) on a free loopback port,
  on a private copy of `tests/fixtures/mini_schedule.json` (its `data_dir`) and of `static/`
  (its `static_dir`, so a test can change an asset and redeploy: `.start()` builds a changed
  tree, as `hallway build` would; an unchanged one reads the session's build). `.stop()` kills
  it (that is "offline" here), `.start()` starts it again on the same port, `.requests()` is the
  list of paths it served (handy to prove a page came from the cache), `.publish(correction)`
  publishes over HTTP (with `env=publish.WRITABLE`, which sets the token).
- `make_server(schedule=None, env=None)`: a factory for more of them, on another schedule file.
- `serve(server)`: starts any harness server (a `Gunicorn`, a `StaticSite`, ...) and stops it
  after the test, whatever happened; returns it. A failed test's report ends with the last
  part of each of its servers' logs.
- `congress_schedule` / `congress_server`: a generated congress (bench/generate.py's
  `congress()`: 1,400 sessions over 5 days from 2026-09-14, 90 rooms, ~1,200 speakers, 36
  tracks, links, accented names) written once per session, and a server on it.
- `browser_type_launch_args`: pytest-playwright's launch arguments, with the system Chromium
  (`HALLWAY_CHROMIUM`, else `/usr/bin/chromium`, else Playwright's own) and its flags.
  pytest-playwright's `browser`, `context` and `page` use it; `browser_context_args` gives a
  360x740 phone viewport.
- `profile`: a persistent Chromium profile in a temp dir, for cold starts and installability;
  `.new_page()`, `.close()` and `.reopen()` (a cold start: the browser process restarted).
- `app_modules`: `page` on a blank page that imports the app's modules from static/ on disk,
  no server (`tests/harness/modules.py`): for the pure logic of the client.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from tests.harness import MINI, ROOT
from tests.harness.bench import bench_module
from tests.harness.browser import PHONE, Profile, launch_args
from tests.harness.modules import open_modules
from tests.harness.servers import FlaskServer, Server

S = TypeVar("S", bound=Server)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.e2e)


SERVERS = pytest.StashKey[list[Server]]()
LOG_TAIL = 6000  # characters of each server's log shown under a failed test


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A failed test shows the end of each of its servers' logs: a server that stopped
    answering (a refused connection) leaves its reason there, and nowhere else."""
    report = yield
    if report.when == "call" and report.failed:
        for server in item.stash.get(SERVERS, []):
            report.sections.append((f"{type(server).__name__} log (end)", server.log()[-LOG_TAIL:]))
    return report


@pytest.fixture
def serve(request: pytest.FixtureRequest) -> Iterator[Callable[[S], S]]:
    running: list[Server] = []
    request.node.stash[SERVERS] = running

    def start(server: S) -> S:
        running.append(server)
        return server.start()

    yield start
    for server in reversed(running):
        server.stop()


@pytest.fixture
def make_server(
    tmp_path_factory: pytest.TempPathFactory, serve: Callable[[S], S]
) -> Callable[..., FlaskServer]:
    def make(schedule: Path | None = None, env: dict[str, str] | None = None) -> FlaskServer:
        base = tmp_path_factory.mktemp("server")
        shutil.copytree(ROOT / "static", base / "static")
        return serve(FlaskServer(base, schedule or MINI, env, static_dir=base / "static"))

    return make


@pytest.fixture
def live_server(make_server: Callable[..., FlaskServer]) -> FlaskServer:
    return make_server()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, **launch_args()}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": PHONE}


@pytest.fixture
def profile(playwright: Any, tmp_path: Path) -> Iterator[Profile]:
    prof = Profile(playwright, tmp_path / "profile")
    yield prof
    prof.close()


@pytest.fixture
def app_modules(page: Any) -> Any:
    return open_modules(page)


@pytest.fixture(scope="session")
def congress_schedule(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("congress") / "schedule.json"
    path.write_text(json.dumps(bench_module("generate").congress()), encoding="utf-8")
    return path


@pytest.fixture
def congress_server(make_server: Callable[..., FlaskServer], congress_schedule: Path) -> FlaskServer:
    return make_server(schedule=congress_schedule)
