"""The first screen comes in the HTML (the server's drawing), before the app has run or has its
data (js/start.js runs the app and asks for its outline once the page is painted): a star tapped
on it then counts, is shown, and is still on once the app has taken over."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.harness.app import stored_star_ids
from tests.harness.browser import phone
from tests.harness.schedules import shipped

REQUEST_TIMEOUT_MS = 15000

# What is held back while the star is tapped: the outline (the app's code has run, but it cannot
# draw, so it has not taken over) or the app's code itself (only js/start.js has run).
HELD = {"outline": "**/api/v1/outline.json", "app's code": "**/js/app.bundle.js"}


@pytest.mark.parametrize("held_back", list(HELD))
def test_a_star_tapped_on_the_servers_drawing_counts_before_the_app_takes_over(
    browser, make_server, held_back
) -> None:
    server = shipped(make_server)
    page = phone(browser)
    held: list[Any] = []
    page.route(HELD[held_back], lambda route: held.append(route))
    # Not waiting for "load": a script held back would hold it too.
    with page.expect_request(HELD[held_back], timeout=REQUEST_TIMEOUT_MS):
        page.goto(server.url + "/", wait_until="commit")
    star = page.locator("#main [data-star]").first
    sid = star.get_attribute("data-star")
    expect(star).to_have_attribute("aria-pressed", "false")
    star.click()
    if held_back == "outline":
        expect(star).to_have_attribute("aria-pressed", "true")
        assert stored_star_ids(page) == [sid]
    for route in held:
        route.continue_()
    page.unroute(HELD[held_back])
    expect(page.locator("[data-freshness]").first).to_contain_text("Up to date", timeout=15000)
    again = page.locator(f'#main [data-star="{sid}"]').first
    expect(again).to_have_attribute("aria-pressed", "true")
    assert stored_star_ids(page) == [sid]
    page.context.close()
