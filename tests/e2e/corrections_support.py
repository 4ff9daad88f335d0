"""Helpers for the corrections e2e tests (test_corrections_*.py): publish over HTTP or with the
CLI on a stopped server's data dir, open the app with a short poll interval, read its state."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from types import SimpleNamespace
from typing import Any

from e2e_support import ROOT, wait_controlled
from playwright.sync_api import expect
from rel_support import TOKEN, post_correction

__all__ = ["TOKEN", "cli", "open_app", "publish", "star", "stored_star_ids"]
POLL = 1  # seconds between the app's checks in these tests (?poll=1)


def publish(server: Any, body: dict[str, Any]) -> dict[str, Any]:
    status, _, data = post_correction(SimpleNamespace(host="127.0.0.1", port=server.port), body)
    assert status == 201, data
    return json.loads(data)


def cli(server: Any, *args: str) -> str:
    """`flask corrections ...` on the server's data dir: works while the server is down."""
    env = {**os.environ, "HALLWAY_DATA_DIR": str(server.data_dir)}
    if args and args[0] in ("add", "revert"):
        args = (*args, "--force")  # what attendees see is tested here; clashes have their own tests
    cmd = [sys.executable, "-m", "flask", "--app", "webapp", "corrections", *args]
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def open_app(page: Any, server: Any, path: str = "/?day=all", poll: int = POLL) -> None:
    sep = "&" if "?" in path else "?"
    page.goto(f"{server.url}{path}{sep}poll={poll}")
    wait_controlled(page)
    expect(page.locator("[data-freshness]").first).to_contain_text("Up to date", timeout=10000)


def star(page: Any, title: str) -> None:
    button = page.get_by_role("button", name=f"Star: {title}").first
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")


def stored_star_ids(page: Any) -> list[str]:
    raw = page.evaluate("() => localStorage.getItem('hallway.stars.v1')")
    return sorted(s["id"] for s in json.loads(raw))


def app_version(page: Any) -> int:
    return int(page.locator("footer [data-freshness]").get_attribute("data-version") or "-1")
