"""The session page's QR code opened on the server's drawing, before the app has taken the page
over, stays open once it has, and shows the code: the reader does not have to open it again."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.harness.browser import HeldBack, phone
from tests.harness.schedules import shipped


def test_the_code_opened_on_the_servers_drawing_stays_open_and_is_drawn(browser, make_server) -> None:
    server = shipped(make_server)
    page = phone(browser)
    session = page.context.request.get(server.url + "/api/v1/schedule.json").json()["sessions"][0]["id"]
    first_screen = HeldBack(page, f"{server.url}/session/{session}")
    page.get_by_text("QR code of this session").click()
    expect(page.locator("details.session-qr")).to_have_attribute("open", "")
    first_screen.release()
    expect(page.locator("[data-freshness]").first).to_contain_text("Up to date", timeout=15000)
    expect(page.locator("details.session-qr")).to_have_attribute("open", "")
    expect(page.locator("details.session-qr svg.qr")).to_be_visible()
    page.context.close()
