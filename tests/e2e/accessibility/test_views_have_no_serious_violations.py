"""axe-core finds no serious or critical violations on the main views, light and dark."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.harness.a11y import serious

NOW = "/now?now=2026-04-07T09:20:00%2B02:00"
PATHS = ["/", "/session/k9x8y7", "/my", NOW, "/speaker/alan-turing", "/share"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", PATHS)
def test_view_has_no_serious_accessibility_violations(browser, live_server, path, scheme) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme=scheme)
    page = context.new_page()
    page.goto(live_server.url + "/")
    page.evaluate("() => localStorage.setItem('hallway.stars.v1', JSON.stringify(['s1a2b3', 'k9x8y7']))")
    page.goto(live_server.url + path)
    expect(page.locator("main h1")).to_be_visible()
    if path == "/":
        page.locator(".find details summary").click()  # the filters, open
    assert serious(page) == []
    if path == "/":
        page.locator("#more-menu summary").click()  # the menu covers the page: checked on its own
        assert serious(page, "#more-menu") == []
    context.close()
