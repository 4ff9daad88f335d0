"""Shared e2e infrastructure: the real server in its own process, and Chromium.

Fixtures (use them from any `tests/e2e/test_*.py`; every test here is marked `e2e`):

- `live_server`: a `LiveServer` running `python -m flask --app webapp run` on a free
  loopback port, on a private copy of `tests/fixtures/mini_schedule.json` (its `data_dir`)
  and of `static/` (its `static_dir`, so a test can change an asset and redeploy: `.start()`
  builds a changed tree, as `hallway build` would; an unchanged one reads the session's build).
  `.url` is the base URL (no trailing slash), `.stop()` kills the process (that is what
  "offline" means here), `.start()` starts it again on the same port, `.requests()` is the
  list of paths it served (from its access log), handy to prove a page came from the cache.
- `make_server(schedule=None)`: a factory for a server on another schedule file.
- `congress_schedule` / `congress_server`: a generated congress (bench/generate.py's
  `congress()`: 1,400 sessions over 5 days from 2026-09-14, 90 rooms, ~1,200 speakers, 36
  tracks, links, accented names) written once per session, and a server on it.
- `browser_type_launch_args`: pytest-playwright's launch arguments, with the system
  Chromium (`HALLWAY_CHROMIUM`, else `/usr/bin/chromium`, else Playwright's own) and
  `CHROMIUM_FLAGS`. pytest-playwright's `browser`, `context` and `page` fixtures use it;
  `browser_context_args` gives a 360x740 phone viewport.
- `profile`: a persistent Chromium profile (`launch_persistent_context`) in a temp dir, for
  cold starts and installability; `.new_page()`, `.close()` and `.reopen()` (a cold start:
  the browser process is restarted on the same profile).

Helpers, in `e2e_support.py` (import them: `from e2e_support import wait_controlled`):
`offsite_requests(context, base_url)` starts recording requests to any other origin and
returns the list, which a test asserts empty; `wait_controlled(page)` waits until a service
worker controls the page; `wait_for(predicate, timeout)` polls a Python condition with a
deadline; `launch_args()` and `PHONE` for a browser of your own. `schedules.py` builds
variants of the mini fixture (`mini()`, `session(...)`, `write(doc, dir)`).
Note: the app's CSP forbids eval, so `page.wait_for_function` needs a function ("() => ..."),
not an expression string.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_support import FIXTURES, PHONE, ROOT, LiveServer, Profile, launch_args


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture
def make_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[..., LiveServer]]:
    servers: list[LiveServer] = []

    def make(schedule: Path | None = None, env: dict[str, str] | None = None) -> LiveServer:
        base = tmp_path_factory.mktemp("server")
        (base / "data").mkdir()
        shutil.copy(schedule or FIXTURES / "mini_schedule.json", base / "data" / "schedule.json")
        shutil.copytree(ROOT / "static", base / "static")
        server = LiveServer(base / "data", base / "static", base / "server.log", env)
        servers.append(server)
        return server.start()

    yield make
    for server in servers:
        server.stop()


@pytest.fixture
def live_server(make_server: Callable[..., LiveServer]) -> LiveServer:
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


@pytest.fixture(scope="session")
def congress_schedule(tmp_path_factory: pytest.TempPathFactory) -> Path:
    sys.path.insert(0, str(ROOT / "bench"))
    import generate  # bench/generate.py

    path = tmp_path_factory.mktemp("congress") / "schedule.json"
    path.write_text(json.dumps(generate.congress()), encoding="utf-8")
    return path


@pytest.fixture
def congress_server(make_server: Callable[..., LiveServer], congress_schedule: Path) -> LiveServer:
    return make_server(schedule=congress_schedule)
