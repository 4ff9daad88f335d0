"""The corrections' chrome (bell with a count, banner, badges, freshness line) and the Changes
view have no serious or critical axe violations, light and dark, at 360 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.harness.a11y import serious
from tests.harness.app import open_app, star
from tests.harness.publish import WRITABLE


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_changes_chrome_and_view_have_no_serious_violations(browser, make_server, scheme) -> None:
    server = make_server(env=WRITABLE)
    context = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme=scheme)
    page = context.new_page()
    open_app(page, server)
    star(page, "Day Two Keynote")
    server.publish({"kind": "move", "session": "k9x8y7", "room": "main", "note": "bigger room"})
    server.publish({"kind": "cancel", "session": "q4w5e6"})
    expect(page.locator("#changes-banner")).to_contain_text("2 changes", timeout=5000)
    expect(page.locator(".card .badge").first).to_be_visible()
    assert serious(page) == []
    page.goto(server.url + "/my?poll=1")
    expect(page.get_by_role("button", name="Remove from My schedule")).to_be_visible()
    assert serious(page) == []
    page.locator("#changes-bell").click()
    expect(page.locator(".change")).to_have_count(2)
    assert serious(page) == []
    context.close()
