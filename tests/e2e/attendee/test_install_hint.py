"""Installing: where the browser offers it (beforeinstallprompt), its own prompt is no longer
held back for a line in the footer 6,500 px down a congress's home page, and More can ask
again. iOS Safari, which has no prompt, gets the "Add to Home Screen" steps near the top;
"Not now" is remembered, and unanswered they stop after a few visits."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.harness.a11y import serious
from tests.harness.browser import large_text

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


def test_the_browsers_own_prompt_shows_and_more_can_ask_again(context, congress_server) -> None:
    page = context.new_page()
    hint = home(page, congress_server)
    assert page.evaluate(OFFER) is False  # not held back: the browser shows its own prompt
    expect(hint).to_be_hidden()
    page.get_by_text("More", exact=True).click()
    page.get_by_role("button", name="Install as an app").click()
    assert page.evaluate("() => window.__prompted") == 1
    page.get_by_text("More", exact=True).click()
    expect(page.get_by_role("button", name="Install as an app")).to_be_hidden()  # asked once


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
    hint.get_by_role("button", name="Not now").click()
    expect(hint).to_be_hidden()
    hint = home(page, congress_server)
    expect(hint).to_be_hidden()
    page.get_by_text("More", exact=True).click()
    page.get_by_role("button", name="Install as an app").click()
    near_the_top(hint)
    expect(hint).to_contain_text("Add to Home Screen")


def test_ios_steps_unanswered_stop_after_three_visits(iphone, congress_server) -> None:
    page = iphone.new_page()
    for _ in range(3):
        near_the_top(home(page, congress_server))
    expect(home(page, congress_server)).to_be_hidden()


def test_no_install_steps_for_a_browser_that_is_not_ios(context, congress_server) -> None:
    page = context.new_page()
    hint = home(page, congress_server)
    expect(hint).to_be_hidden()
    page.get_by_text("More", exact=True).click()
    expect(page.get_by_role("button", name="Install as an app")).to_be_hidden()


def test_ios_steps_fit_320_px_at_200_percent_text_and_pass_axe(playwright, congress_server, tmp_path) -> None:
    context = large_text(playwright, tmp_path / "profile", {"width": 320, "height": 640})
    page = context.pages[0] if context.pages else context.new_page()
    page.context.new_cdp_session(page).send("Emulation.setUserAgentOverride", {"userAgent": IPHONE})
    hint = home(page, congress_server)
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("Add to Home Screen")
    widths = page.evaluate(
        "() => [document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth]"
    )
    assert widths[0] <= widths[1], widths
    for button in ("Not now",):
        box = hint.get_by_role("button", name=button).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 320
    assert serious(page, "#install-hint") == []
    context.close()
