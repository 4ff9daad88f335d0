"""The organizers' console, signed in with named tokens, and what the server then published."""

from __future__ import annotations

import json
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

OUTBOX_KEY = "hallway.organizer.outbox.v1"

# Corrections kept on an organizer's phone, in each state the console's list shows
# (static/js/features/organize/outbox.js): another organizer changed the session meanwhile; the
# server found a clash; it refused one (400); one waits after the server was busy (503); one
# simply waits for a connection. Labels are the organizer's own words, as the console wrote them.
KEPT = {
    "conflict": {
        "key": "k-conflict",
        "body": {"kind": "move", "session": "later", "room": "main"},
        "label": "Move “Tomorrow Talk” to Main Room",
        "state": "conflict",
        "fields": ["status"],
        "base": {"status": "confirmed"},
        "current": {"status": "cancelled"},
    },
    "clash": {
        "key": "k-clash",
        "body": {"kind": "move", "session": "sidenow", "room": "main"},
        "label": "Move “Side Workshop” to Main Room",
        "state": "clash",
        "clashes": [{"kind": "room", "message": "Main Room has Packed Keynote then", "sessions": ["onnow"]}],
    },
    "refused": {
        "key": "k-refused",
        "body": {"kind": "cancel", "session": "later2"},
        "label": "Cancel “Tomorrow Main”",
        "state": "refused",
        "failure": {"status": 400, "detail": "a reason only the server gives"},
    },
    "busy": {
        "key": "k-busy",
        "body": {"kind": "cancel", "session": "doors"},
        "label": "Cancel “Doors Open”",
        "state": "waiting",
        "failure": {"status": 503, "detail": None},
    },
    "waiting": {
        "key": "k-waiting",
        "body": {"kind": "cancel", "session": "closing"},
        "label": "Cancel “Closing”",
        "state": "waiting",
    },
}


def keep(page: Any, items: list[dict[str, Any]]) -> None:
    """Puts `items` in the console's outbox on this phone (its localStorage)."""
    page.evaluate("([key, q]) => localStorage.setItem(key, q)", [OUTBOX_KEY, json.dumps(items)])


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
