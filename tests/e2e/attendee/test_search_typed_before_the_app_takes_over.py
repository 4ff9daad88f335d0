"""Words typed into the search box of the server's first screen, before the app has taken the
page over, are searched for as soon as it has: the reader does not have to type again."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.harness.browser import HeldBack, phone
from tests.harness.schedules import shipped


def test_a_search_typed_on_the_servers_drawing_applies_once_the_app_takes_over(browser, make_server) -> None:
    server = shipped(make_server)
    page = phone(browser)
    first_screen = HeldBack(page, server.url + "/")
    page.locator("#f-q").fill("inference")
    first_screen.release()
    expect(page.locator("[data-freshness]").first).to_contain_text("Up to date", timeout=15000)
    expect(page.locator("#f-q")).to_have_value("inference")
    expect(page).to_have_url(re.compile(r"[?&]q=inference"))
    titles = page.locator(".results .card h3").all_inner_texts()
    assert titles
    # The same answer as the search given in the address, typed after the app had come.
    asked = phone(browser)
    asked.goto(server.url + "/?q=inference")
    expect(asked.locator("[data-freshness]").first).to_contain_text("Up to date", timeout=15000)
    expect(asked.locator(".results .card h3")).to_have_text(titles)
    asked.context.close()
    page.context.close()
