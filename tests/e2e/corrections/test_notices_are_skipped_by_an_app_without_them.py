# ruff: noqa: E501 - expectations read best on one line
"""Room status and announcements share the changes feed with session corrections. An attendee
app that does not show them yet must skip them: not count them as changes, not touch a
session, and keep applying the corrections that come with them."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.harness.app import open_app
from tests.harness.publish import WRITABLE


def test_notices_in_the_feed_are_skipped_and_a_move_with_them_still_shows(page, make_server) -> None:
    server = make_server(env=WRITABLE)
    open_app(page, server)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.evaluate("() => { window.__sameDocument = true; }")
    server.publish({"kind": "room_status", "room": "side", "status": "full", "note": "standing room only"})
    server.publish({"kind": "announce", "text": "Lunch is in Hall B today", "session": "k9x8y7"})
    server.publish({"kind": "move", "session": "k9x8y7", "room": "main"})

    banner = page.locator("#changes-banner")
    expect(banner).to_contain_text(
        "1 change: Compiling Things: moved to Main Room (was Side Room)", timeout=5000
    )
    card = page.locator(".card", has_text="Compiling Things")
    expect(card.locator(".badge")).to_have_text(["New room"])
    expect(page.locator("#changes-bell [data-count]")).to_have_text("1")
    expect(page.locator("footer [data-freshness]")).to_have_attribute("data-version", "3")
    assert page.evaluate("() => window.__sameDocument === true")
    assert errors == []
