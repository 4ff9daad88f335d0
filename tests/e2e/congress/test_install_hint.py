"""Installing: where the browser offers it (beforeinstallprompt), the app's hint shows near the
top of a congress's home page, not 6,500 px down in the footer; "Not now" is remembered, and
unanswered it stops after a few visits. iOS Safari, which has no prompt, gets the "Add to Home
Screen" steps instead."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

NOW = "?now=2026-09-14T11:20:00%2B02:00"
PHONE = {"width": 360, "height": 740}
IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
)
# The browser's offer, as Chromium hands it to the page: an event with prompt() and userChoice.
OFFER = """() => {
  window.__prompted = 0;
  const event = new Event("beforeinstallprompt", { cancelable: true });
  event.prompt = () => { window.__prompted += 1; return Promise.resolve(); };
  event.userChoice = Promise.resolve({ outcome: "accepted" });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}"""


def home(page: Any, server: Any) -> Any:
    page.goto(f"{server.url}/{NOW}")
    expect(page.locator(".card").first).to_be_visible()
    return page.locator("#install-hint")


def near_the_top(hint: Any) -> None:
    expect(hint).to_be_visible()
    box = hint.bounding_box()
    assert box is not None and box["y"] + box["height"] < PHONE["height"] / 2, box


def test_install_hint_shows_near_the_top_when_offered_and_not_now_is_remembered(
    context, congress_server
) -> None:
    page = context.new_page()
    hint = home(page, congress_server)
    expect(hint).to_be_hidden()  # no offer, no hint
    assert page.evaluate(OFFER) is True  # the browser's own prompt held back for ours
    near_the_top(hint)
    hint.get_by_role("button", name="Install").click()
    assert page.evaluate("() => window.__prompted") == 1
    expect(hint).to_be_hidden()

    hint = home(page, congress_server)
    page.evaluate(OFFER)
    near_the_top(hint)
    hint.get_by_role("button", name="Not now").click()
    expect(hint).to_be_hidden()
    hint = home(page, congress_server)
    page.evaluate(OFFER)
    expect(hint).to_be_hidden()  # remembered
    # Still there for whoever wants it later: More, "Install as an app".
    page.get_by_text("More", exact=True).click()
    page.get_by_role("button", name="Install as an app").click()
    near_the_top(hint)
    hint.get_by_role("button", name="Install").click()
    assert page.evaluate("() => window.__prompted") == 1


def test_install_hint_unanswered_stops_after_three_visits(context, congress_server) -> None:
    page = context.new_page()
    for _ in range(3):
        hint = home(page, congress_server)
        page.evaluate(OFFER)
        near_the_top(hint)
    hint = home(page, congress_server)
    page.evaluate(OFFER)
    expect(hint).to_be_hidden()


@pytest.fixture
def iphone(browser: Any) -> Any:
    context = browser.new_context(viewport=PHONE, user_agent=IPHONE, is_mobile=True, has_touch=True)
    yield context
    context.close()


def test_ios_safari_gets_add_to_home_screen_steps_near_the_top(iphone, congress_server) -> None:
    page = iphone.new_page()
    hint = home(page, congress_server)
    near_the_top(hint)
    expect(hint).to_contain_text("Add to Home Screen")
    expect(hint).to_contain_text("Share")
    expect(hint.get_by_role("button", name="Install")).to_be_hidden()  # iOS has no prompt to call
    hint.get_by_role("button", name="Not now").click()
    expect(hint).to_be_hidden()
    hint = home(page, congress_server)
    expect(hint).to_be_hidden()
    page.get_by_text("More", exact=True).click()
    page.get_by_role("button", name="Install as an app").click()
    near_the_top(hint)
    expect(hint).to_contain_text("Add to Home Screen")


def test_no_install_steps_for_a_browser_that_is_not_ios(context, congress_server) -> None:
    page = context.new_page()
    hint = home(page, congress_server)
    expect(hint).to_be_hidden()
    page.get_by_text("More", exact=True).click()
    expect(page.get_by_role("button", name="Install as an app")).to_be_hidden()
