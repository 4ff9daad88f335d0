"""The attendee app, driven as a person would: opened with a short poll interval, a session
starred, and what the app keeps on the device read back."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import expect

from .browser import wait_controlled

POLL = 1  # seconds between the app's checks for changes in these tests (?poll=1)
STARS_KEY = "hallway.stars.v1"


def open_app(page: Any, server: Any, path: str = "/?day=all", poll: int = POLL) -> None:
    """Opens `path` with `?poll=`, waits for the service worker and a first "Up to date"."""
    sep = "&" if "?" in path else "?"
    page.goto(f"{server.url}{path}{sep}poll={poll}")
    wait_controlled(page)
    expect(page.locator("[data-freshness]").first).to_contain_text("Up to date", timeout=10000)


def star(page: Any, title: str) -> None:
    button = page.get_by_role("button", name=f"Star: {title}").first
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")


def stored_star_ids(page: Any) -> list[str]:
    raw = page.evaluate("(key) => localStorage.getItem(key)", STARS_KEY)
    return sorted(s["id"] for s in json.loads(raw))


def app_version(page: Any) -> int:
    """The version of the schedule the app shows, as its footer says."""
    return int(page.locator("footer [data-freshness]").get_attribute("data-version") or "-1")
