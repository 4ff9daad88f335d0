"""The speakers view of a congress (~1,200 people): a search box that folds accents and finds
the start of any word of a name, kept in the address, and an A-Z index whose letters jump to
their list, at 360 px and at 320 px with 200 % text."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.harness.browser import NARROW, large_text

SHOWN = "main .speakers li:visible a"


def folded(text: str) -> str:
    bare = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)).lower()
    return bare.replace("ø", "o").replace("ł", "l")


@pytest.fixture(scope="module")
def people(congress_schedule: Path) -> list[dict[str, Any]]:
    return json.loads(congress_schedule.read_text(encoding="utf-8"))["speakers"]


@pytest.mark.parametrize(("typed", "name"), [("linaker", "Linåker"), ("gomes", "Gomès"), ("oyst", "Øystein")])
def test_speakers_search_folds_accents_and_keeps_the_query_in_the_address(
    page: Page, congress_server, people, typed, name
) -> None:
    expected = [p for p in people if any(w.startswith(typed) for w in re.findall(r"\w+", folded(p["name"])))]
    assert expected and all(name in p["name"] for p in expected)
    page.goto(congress_server.url + "/speakers")
    page.get_by_label("Search speakers by name").press_sequentially(typed)
    # Counts are written as the language writes numbers (English: "1,186").
    expect(page.locator("main .count")).to_have_text(f"{len(expected)} of {len(people):,} people")
    expect(page.locator(SHOWN)).to_have_count(len(expected))
    assert sorted(page.locator(SHOWN).all_text_contents()) == sorted(p["name"] for p in expected)
    expect(page).to_have_url(f"{congress_server.url}/speakers?q={typed}")  # written once typing pauses
    # Back from a speaker's page finds the list as it was left.
    page.locator(SHOWN).first.click()
    expect(page.locator("main h1")).to_contain_text(name)
    page.go_back()
    expect(page.get_by_label("Search speakers by name")).to_have_value(typed)
    expect(page.locator(SHOWN)).to_have_count(len(expected))


def test_all_speakers_named_in_a_search_open_in_speakers(page: Page, congress_server, people) -> None:
    page.goto(congress_server.url + "/?q=linaker")
    page.locator(".found-speakers a.all").click()
    expect(page).to_have_url(f"{congress_server.url}/speakers?q=linaker")
    expect(page.locator(SHOWN)).to_have_count(sum(1 for p in people if "Linåker" in p["name"]))


def jump(page: Page, letter: str) -> None:
    """Follows the A-Z link of `letter` and checks where it lands: that letter's heading, at the
    top of the screen below the sticky tabs, with the focus; the page itself stays."""
    url = page.url
    letters = page.get_by_role("navigation", name="Speakers by letter")
    letters.get_by_role("link", name=f"Names under {letter}").click()
    head = page.locator("main h2.letterhead", has_text=re.compile(f"^{letter}$"))
    expect(head).to_be_focused()
    box = head.bounding_box()
    assert box is not None and 0 <= box["y"] < page.viewport_size["height"] / 3
    assert page.url == url
    first = page.locator(f"main section[aria-labelledby=letter-{letter}] li a").first
    assert folded(first.text_content() or "").startswith(letter.lower())


def test_a_to_z_letters_jump_to_their_names(page: Page, congress_server, people) -> None:
    page.goto(congress_server.url + "/speakers")
    jump(page, "M")
    jump(page, "Z")
    jump(page, "A")


def test_a_to_z_index_fits_320_px_at_200_percent_text(playwright, congress_server, tmp_path) -> None:
    context = large_text(playwright, tmp_path / "profile", NARROW)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(congress_server.url + "/speakers")
    letters = page.get_by_role("navigation", name="Speakers by letter")
    expect(letters).to_be_visible()
    root = "document.scrollingElement"
    assert page.evaluate(f"() => {root}.scrollWidth <= {root}.clientWidth"), "the page scrolls sideways"
    for link in letters.get_by_role("link").all():
        box = link.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= NARROW["width"]
        assert box["height"] >= 24 and box["width"] >= 24  # a target a finger can hit
    jump(page, "M")
    context.close()
