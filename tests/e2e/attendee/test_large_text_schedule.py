"""The schedule at 200 % text on a 360 px phone (issue 26: the first card started at y=1,645 of a
700 px screen and titles broke as "Infere/nce"): the header, sections, day tabs and filters fold
into a few lines so the first session card starts on the first screen, the page still fits the
width, and no card title is broken inside a word (the congress's longest words included)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.harness.a11y import serious
from tests.harness.browser import launch_args
from tests.harness.words import split_words

PHONE = {"width": 360, "height": 740}
NOW = "now=2026-09-14T11:20:00%2B02:00"


@pytest.fixture
def large_text_page(playwright, tmp_path):
    """A phone whose browser is set to 32 px text (200 %), as a person sets it."""
    prefs = tmp_path / "profile" / "Default" / "Preferences"
    prefs.parent.mkdir(parents=True)
    prefs.write_text(json.dumps({"webkit": {"webprefs": {"default_font_size": 32}}}))
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"), headless=True, viewport=PHONE, **launch_args()
    )
    yield context.pages[0] if context.pages else context.new_page()
    context.close()


def test_first_session_card_starts_on_the_first_screen_at_200_percent_text(
    large_text_page, congress_server
) -> None:
    page = large_text_page
    page.goto(f"{congress_server.url}/?{NOW}")
    card = page.locator("main article.card").first
    expect(card).to_be_visible()
    assert page.evaluate("() => getComputedStyle(document.body).fontSize") == "32px"
    top = card.bounding_box()["y"]
    assert top < PHONE["height"], f"first card at y={top:.0f}"
    when = card.locator(".when time").bounding_box()
    assert when["y"] + when["height"] <= PHONE["height"], when  # its time is read on the first screen
    # Folded, not cut: the page fits the width, every day is reachable, the search field works.
    assert page.evaluate(
        "() => document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth"
    )
    days = page.locator("nav.days a")
    expect(days).to_have_count(6)
    days.nth(4).scroll_into_view_if_needed()
    expect(days.nth(4)).to_be_in_viewport()
    assert serious(page) == []
    page.get_by_label("Search titles, descriptions, speakers").fill("rust")
    expect(page.locator("main article.card").first).to_contain_text("Rust")


def test_no_card_title_is_broken_inside_a_word_at_200_percent_text(large_text_page, congress_server) -> None:
    page = large_text_page
    # The whole first day from 09:00, ended sessions shown: the list draws them up to "now" at once.
    page.goto(f"{congress_server.url}/?day=2026-09-14&past=1&{NOW}")
    expect(page.locator("main article.card").first).to_be_visible()
    titles = page.locator("main article.card h3").all_text_contents()
    assert any("Interoperability" in t or "interoperability" in t for t in titles)
    got = split_words(page, "main article.card h3")  # reading a box lays out a card kept off screen
    assert got["words"] > 500, got
    assert got["split"] == [], got["split"]
