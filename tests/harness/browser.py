"""Chromium as a phone: how it is launched here (`launch_args`, also for the benchmarks and
scripts), phone screens and their clocks, persistent profiles (cold starts, large text), and
waits that let Playwright run while they poll.

The app's CSP forbids eval, so `page.wait_for_function` needs a function ("() => ..."), not an
expression string. And it never awaits what the function returns: a promise is a truthy value,
so an async predicate (the Cache API, the worker) passes at once. Those are polled with
`wait_resolved`, which awaits each call."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

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
PHONES = [PHONE, {"width": 390, "height": 844}]  # the two phone sizes of issue 14
NARROW = {"width": 320, "height": 740}
PARIS = ZoneInfo("Europe/Paris")  # the fixture events' venue
# Early on the first day of tests/fixtures/mini_schedule.json, before its first session: the
# schedule opens on day one then. Once the event is over (the real clock, from April 2026 on) it
# opens on the whole programme instead, so tests that mean day one set the page's clock here.
BEFORE_THE_EVENT = datetime(2026, 4, 7, 5, 0, tzinfo=UTC)
IN_EVENT = datetime(2026, 4, 7, 11, 5, tzinfo=PARIS)  # during the shipped event (data/)


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


def before_the_event(target: Any) -> None:
    """Set a page's or context's clock to BEFORE_THE_EVENT; time runs on from there."""
    target.clock.install(time=BEFORE_THE_EVENT)


def phone(browser: Any, viewport: dict[str, int] = PHONE, at: datetime = IN_EVENT, **kw: Any) -> Any:
    """A page on a phone-sized screen in a context of its own, whose clock starts at `at`
    and runs on; close it with `page.context.close()`."""
    context = browser.new_context(viewport=viewport, **kw)
    context.clock.install(time=at)
    return context.new_page()


class Profile:
    """A persistent browser profile: survives closing the browser, like a phone's.
    `font_px` sets the default font size (32: "large text", 200 % of 16 px)."""

    def __init__(
        self,
        playwright: Any,
        user_data_dir: Path,
        viewport: dict[str, int] = PHONE,
        font_px: int | None = None,
    ):
        self.playwright = playwright
        self.user_data_dir = user_data_dir
        self.viewport = viewport
        if font_px is not None:
            prefs = user_data_dir / "Default" / "Preferences"
            prefs.parent.mkdir(parents=True, exist_ok=True)
            prefs.write_text(json.dumps({"webkit": {"webprefs": {"default_font_size": font_px}}}))
        self.context: Any = None
        self.reopen()

    def reopen(self) -> Any:
        """A cold start: the browser process is gone and comes back on the same profile."""
        self.close()
        self.context = self.playwright.chromium.launch_persistent_context(
            str(self.user_data_dir), headless=True, viewport=self.viewport, **launch_args()
        )
        return self.context

    def new_page(self) -> Any:
        return self.context.new_page()

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
            self.context = None


def offsite_requests(context: Any, base_url: str) -> list[str]:
    """Starts recording requests to any other origin; returns the list, to assert empty."""
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


# Which node <main> began with: the server's first screen (or the loading line), recorded when
# the document is parsed, before the app's script runs.
FIRST_NODE = """document.addEventListener("readystatechange", () => {
  if (document.readyState === "interactive" && !("__firstNode" in window))
    window.__firstNode = document.getElementById("main")?.firstElementChild ?? null;
});"""
APP_DREW = """() => "__firstNode" in window && document.getElementById("main")?.firstElementChild
  && document.getElementById("main").firstElementChild !== window.__firstNode"""


def goto_drawn(page: Any, url: str, timeout_ms: int = 30000) -> None:
    """Opens `url` and waits until the app has drawn <main> itself. `/` and a session's page
    come with the server's drawing of their first screen, which the app takes over (keeping
    what is equal); a test that measures a node and then acts on it waits for this, or the
    node it measured may be the one the app just replaced."""
    page.add_init_script(FIRST_NODE)
    page.goto(url)
    page.wait_for_function(APP_DREW, timeout=timeout_ms)


class HeldBack:
    """`url` opened with the outline held back: the app's code has run but cannot draw, so the
    page is the server's drawing until `release()` lets the outline through. (A drawn page asks
    for the outline and runs the app once it has painted, js/start.js: both are waited for.)"""

    OUTLINE = "**/api/v1/outline.json"
    # The bundle's last statement sets it (webapp/web/bundle.py).
    APP_RAN = "() => globalThis.hallwayApp !== undefined"

    def __init__(self, page: Any, url: str, timeout_ms: int = 15000) -> None:
        self.page = page
        self.held: list[Any] = []
        page.route(self.OUTLINE, lambda route: self.held.append(route))
        with page.expect_request(self.OUTLINE, timeout=timeout_ms):
            page.goto(url)
        page.wait_for_function(self.APP_RAN, timeout=timeout_ms)

    def release(self) -> None:
        assert self.held, "the outline was not asked for"
        for route in self.held:
            route.continue_()
        self.page.unroute(self.OUTLINE)


def wait_controlled(page: Any, timeout_ms: int = 30000) -> None:
    """Waits until the service worker controls the page. The app registers it once the page and
    its texts have loaded, and it installs by fetching the whole precache: on a loaded machine
    that took longer than 15 s once in CI (no registration state was recorded then)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    controlled = "() => navigator.serviceWorker.controller !== null"
    try:
        page.wait_for_function(controlled, timeout=timeout_ms)
        return
    except PlaywrightTimeout:
        state = page.evaluate(WORKER_STATE)
    # Seen once in CI at a load of 22: the worker activated (its clients.claim() resolved) and
    # the page still had no controller. A page loaded while a worker is active is controlled by
    # definition, which is what an attendee's next start is: load it again, once.
    if state["active"] == "activated":
        page.reload()
        try:
            page.wait_for_function(controlled, timeout=timeout_ms)
            return
        except PlaywrightTimeout:
            state = page.evaluate(WORKER_STATE)
    raise AssertionError(f"no service worker controls the page after {timeout_ms} ms: {state}")


def until(page: Any, predicate: Any, timeout: float = 10.0, what: Any = "") -> Any:
    """Polls `predicate` while Playwright runs (its route handlers and CDP events are served
    only then, never during time.sleep), bounded by `timeout` seconds."""
    for _ in range(int(timeout * 10)):
        value = predicate()
        if value:
            return value
        page.wait_for_timeout(100)
    value = predicate()
    if not value:
        raise AssertionError(
            f"not met within {timeout}s: {(what() if callable(what) else what) or predicate}"
        )
    return value


def wait_resolved(page: Any, predicate: str, arg: Any = None, timeout: float = 10.0, what: Any = "") -> Any:
    """Waits until the async page function `predicate` (called with `arg`) resolves to a truthy
    value: each call awaited by `page.evaluate`, polled with `until`."""
    return until(page, lambda: page.evaluate(predicate, arg), timeout, what or predicate)


def large_text(playwright: Any, user_data_dir: Path, viewport: dict[str, int], font_px: int = 32) -> Any:
    """A persistent browser context whose default font is `font_px` (32: 200 % text); close it
    with `.close()`."""
    return Profile(playwright, user_data_dir, viewport=viewport, font_px=font_px).context
