"""The organizers' console, signed in with named tokens, and what the server then published."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .app import POLL
from .browser import PHONE, wait_controlled
from .net import get_json

ADA = "tok-ada-5d1e77c2"
BOB = "tok-bob-0a9f3b41"
ENV = {
    "HALLWAY_ADMIN_TOKENS": f"ada:{ADA},bob:{BOB}",
    "HALLWAY_WRITE_RATE_LIMIT": "0",
}


def sign_in(page: Any, server: Any, token: str = ADA, path: str = "/organize", poll: int = 1) -> None:
    """Signs in on the console, then opens `path` (with `?poll=`)."""
    page.goto(f"{server.url}/organize?poll={poll}")
    page.get_by_label("Organizer token").fill(token)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_text("Signed in as")).to_be_visible()
    wait_controlled(page)
    if path != "/organize":
        sep = "&" if "?" in path else "?"
        page.goto(f"{server.url}{path}{sep}poll={poll}")
    expect(page.locator("main h1")).to_be_visible()


def attendee(browser: Any, server: Any, path: str = "/?day=all") -> tuple[Any, Any]:
    """An attendee's phone beside the console, in a context of its own: `path` opened with a
    short poll interval, and up to date."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{server.url}{path}{'&' if '?' in path else '?'}poll={POLL}")
    expect(page.locator("[data-freshness]").first).to_contain_text("Up to date", timeout=15000)
    return context, page


def published(server: Any) -> list[dict[str, Any]]:
    """Every correction and notice in the changes feed, oldest first."""
    doc = get_json(server, "/api/v1/changes?since=0")
    assert doc.get("reload") is False, doc
    return doc["changes"]
