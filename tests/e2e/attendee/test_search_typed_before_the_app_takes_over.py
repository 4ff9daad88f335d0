"""Words typed into the search box of the server's first screen, before the app has taken the
page over, are searched for as soon as it has: the reader does not have to type again."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.harness.browser import phone
from tests.harness.schedules import shipped


def test_a_search_typed_on_the_servers_drawing_applies_once_the_app_takes_over(browser, make_server) -> None:
    server = shipped(make_server)
    page = phone(browser)
    held: list[Any] = []
    # The outline held back: the app's code has run, but it cannot draw (so it has not taken over).
    page.route("**/api/v1/outline.json", lambda route: held.append(route))
    page.goto(server.url + "/")
    box = page.locator("#f-q")
    box.fill("inference")
    assert held, "the outline was not asked for"
    for route in held:
        route.continue_()
    page.unroute("**/api/v1/outline.json")
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
