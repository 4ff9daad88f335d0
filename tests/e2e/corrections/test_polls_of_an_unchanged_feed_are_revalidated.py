"""A phone polling the changes feed asks with what it has (If-None-Match), so a feed that has
not changed answers 304 with no body; a correction still arrives at the next poll."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.harness.app import open_app
from tests.harness.browser import until
from tests.harness.publish import WRITABLE

# Werkzeug's access log; a 304's line is coloured (an escape after the quote and before it).
CHANGES = re.compile(r'"(?:\x1b\[[\d;]*m)?GET /api/v1/changes\S* HTTP/[\d.]+(?:\x1b\[0m)?" (\d{3})')


def statuses(server) -> list[str]:
    return CHANGES.findall(server.log())


def test_polls_of_an_unchanged_feed_are_answered_304_and_a_correction_still_arrives(
    page, make_server
) -> None:
    server = make_server(env=WRITABLE)
    open_app(page, server)
    seen = len(statuses(server))
    # Three more polls (a second apart) of a feed nobody changed.
    later = until(page, lambda: len(statuses(server)) >= seen + 3 and statuses(server)[seen:], 15)
    assert later and set(later) == {"304"}, later
    server.publish({"kind": "move", "session": "k9x8y7", "room": "main"})
    expect(page.locator("footer [data-freshness]")).to_have_attribute("data-version", "1", timeout=10000)
    assert "200" in statuses(server)[seen:]
