"""A keyboard reader who reached a control on the server's drawing (a star, a card's link)
before the app took the page over still has the focus there once it has, and after the long
texts come: on the very element (static/js/ui/dom.js `adopt`), and the next key acts on it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.harness.browser import APP_DREW, FIRST_NODE, HeldBack, phone
from tests.harness.schedules import shipped

# The element focused, remembered as a node: the test asks whether it is the same node after.
REMEMBER = "() => (window.__focused = document.activeElement) !== document.body"
SAME_NODE = "() => document.activeElement === window.__focused && window.__focused.isConnected"


@pytest.mark.parametrize("where", ["schedule's star", "schedule's card link", "session's star"])
def test_the_focus_on_the_servers_drawing_stays_on_the_same_element(browser, make_server, where) -> None:
    server = shipped(make_server)
    page = phone(browser)
    page.add_init_script(FIRST_NODE)
    if where == "session's star":
        session = page.context.request.get(server.url + "/api/v1/schedule.json").json()["sessions"][0]["id"]
        held = HeldBack(page, f"{server.url}/session/{session}")
        control = page.locator("#main [data-star]").first
    elif where == "schedule's star":
        held = HeldBack(page, server.url + "/")
        control = page.locator("#main [data-session] [data-star]").nth(1)
    else:
        held = HeldBack(page, server.url + "/")
        control = page.locator("#main [data-session] a[href^='/session/']").nth(1)
    control.focus()
    assert page.evaluate(REMEMBER), "nothing was focused"
    held.release()
    page.wait_for_function(APP_DREW, timeout=20000)
    expect(page.locator("[data-freshness]").first).to_contain_text("Up to date", timeout=15000)
    assert page.evaluate(SAME_NODE), page.evaluate("() => document.activeElement?.outerHTML")
    # The long texts come after the takeover, and a session's page is drawn again with them
    # (app.js TEXT_VIEWS): the focus stays through that redraw too.
    page.wait_for_load_state("networkidle")
    assert page.evaluate(SAME_NODE), page.evaluate("() => document.activeElement?.outerHTML")
    if "star" in where:
        before = control.get_attribute("aria-pressed")
        page.keyboard.press("Enter")
        expect(control).not_to_have_attribute("aria-pressed", before)
    else:
        href = control.get_attribute("href")
        page.keyboard.press("Enter")
        expect(page).to_have_url(server.url + href)
    page.context.close()
