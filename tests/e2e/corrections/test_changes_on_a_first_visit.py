"""A phone whose first visit is the changes page (a link shared in a chat, the bell's address
typed): the corrections already published are listed at once, not after the page is drawn
again for another reason."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.harness.browser import phone
from tests.harness.publish import WRITABLE
from tests.harness.schedules import DATA

CORRECTIONS = [
    {"kind": "move", "session": "dehegc", "room": "junior-stage", "note": "more seats"},
    {"kind": "cancel", "session": "rfaqf9"},
]


def test_a_first_visit_to_changes_lists_what_was_published(browser, make_server) -> None:
    server = make_server(schedule=DATA / "schedule.json", env=WRITABLE)
    for correction in CORRECTIONS:
        server.publish(correction)
    page = phone(browser)
    page.goto(server.url + "/changes")
    expect(page.locator("main h1")).to_have_text("Changes")
    expect(page.locator(".changelist .change")).to_have_count(2)
    page.context.close()
