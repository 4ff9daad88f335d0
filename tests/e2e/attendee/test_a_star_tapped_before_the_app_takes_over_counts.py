"""The first screen comes in the HTML (the server's drawing), before the app has its data: a
star tapped on it then is counted at once, shown, and still on once the app has taken over."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.harness.app import stored_star_ids
from tests.harness.browser import HeldBack, phone
from tests.harness.schedules import shipped


def test_a_star_tapped_on_the_servers_drawing_counts_before_the_app_takes_over(browser, make_server) -> None:
    server = shipped(make_server)
    page = phone(browser)
    first_screen = HeldBack(page, server.url + "/")
    star = page.locator("#main [data-star]").first
    sid = star.get_attribute("data-star")
    expect(star).to_have_attribute("aria-pressed", "false")
    assert first_screen.held, "the outline was not asked for"
    star.click()
    expect(star).to_have_attribute("aria-pressed", "true")
    assert stored_star_ids(page) == [sid]
    first_screen.release()
    expect(page.locator("[data-freshness]").first).to_contain_text("Up to date", timeout=15000)
    again = page.locator(f'#main [data-star="{sid}"]').first
    expect(again).to_have_attribute("aria-pressed", "true")
    assert stored_star_ids(page) == [sid]
    page.context.close()
