"""The schedule's search on a congress (1,400 sessions, ~1,200 speakers, 36 tracks) at 360 px:
words and their beginnings, folded (case, accents), ranked (title and speakers first, whole
words before prefixes), and speakers and tracks found in the same box, above the sessions.

The expected sets are computed from the generated schedule with the rule the app promises
(tests/harness/search.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.harness.search import count_of, matching, searchable, words

NOW = "now=2026-09-14T11:20:00%2B02:00"
CARDS = "main .results article.card"
IDS = "els => els.map((e) => e.dataset.session)"
SETTLED_MS = 20000  # the descriptions are indexed once the texts come, after the first screen


@pytest.fixture(scope="module")
def congress(congress_schedule: Path) -> dict[str, Any]:
    return searchable(congress_schedule)


# Notes the last result card shown; then true once the results are not those any more: a
# later batch, or the list drawn again (the descriptions came and the search ran again), which
# may hold as many cards as before.
NOTE_LAST = "(css) => { const all = document.querySelectorAll(css); window.__last = all[all.length - 1]; }"
CHANGED = """([css, n]) => {
  const all = document.querySelectorAll(css);
  return all.length !== n || all[all.length - 1] !== window.__last;
}"""


def all_results(page: Page, expected: int) -> list[str]:
    """The ids of every result card in order, scrolling to have each later batch built."""
    cards = page.locator(CARDS)
    stalled = 0
    for _ in range(2 * expected):  # bounded: a batch per scroll at the least
        if cards.count() >= expected:
            break
        shown = cards.count()
        page.evaluate(NOTE_LAST, CARDS)
        page.mouse.wheel(0, 100_000)
        # Either way, scroll on; a list drawn again at the bottom of the page may need another
        # scroll to ask for its next batch. Three scrolls in a row that bring nothing fail.
        try:
            page.wait_for_function(CHANGED, arg=[CARDS, shown], timeout=5000)
            stalled = 0
        except PlaywrightTimeout:
            stalled += 1
            assert stalled < 3, f"scrolling brought no more results after {shown} of {expected}"
    return page.eval_on_selector_all(CARDS, IDS)


def test_rust_ranks_rust_talks_first_and_never_finds_trust(page: Page, congress_server, congress) -> None:
    expected = matching(congress, "rust")
    assert substring(congress, "rust") - expected, "no trust/frustrated sessions to leave out"
    page.goto(f"{congress_server.url}/?q=rust&{NOW}")
    expect(page.locator("main .count")).to_have_text(count_of(len(expected)), timeout=SETTLED_MS)
    ids = all_results(page, len(expected))
    assert set(ids) == expected
    by_id = {s["id"]: s for s in congress["sessions"]}
    # Whole words in titles or speakers' names first: "Rust: ..." before "Rusty on ..." and
    # before sessions that only say it in their track or description.
    first_tier = [i for i in ids if "rust" in words(" ".join([by_id[i]["title"], *by_id[i]["_names"]]))]
    assert first_tier and ids[: len(first_tier)] == first_tier
    assert all("rust" in words(by_id[i]["title"]) for i in ids[:8])  # the first screen


def substring(doc: dict[str, Any], text: str) -> set[str]:
    """What the search before word matching found: `text` anywhere."""
    return {s["id"] for s in doc["sessions"] if text in "\n".join(s["_fields"]).lower()}


def test_a_prefix_matches_words_it_begins_not_inside_a_word(page: Page, congress_server, congress) -> None:
    expected = matching(congress, "rus")
    assert substring(congress, "rus") - expected, "no 'trust' sessions for this test to leave out"
    page.goto(f"{congress_server.url}/?{NOW}")
    page.get_by_label("Search titles, descriptions, speakers").press_sequentially("rus")
    expect(page.locator("main .count")).to_have_text(count_of(len(expected)), timeout=SETTLED_MS)
    shown = page.eval_on_selector_all(CARDS, IDS)
    assert shown and set(shown) <= expected


def test_ai_matches_the_word_not_said_or_rain(page: Page, congress_server, congress) -> None:
    expected = matching(congress, "ai")
    inside = substring(congress, "ai") - expected
    assert inside, "the congress has sessions with 'ai' only inside words ('said', 'training')"
    page.goto(f"{congress_server.url}/?q=ai&{NOW}")
    expect(page.locator("main .count")).to_have_text(count_of(len(expected)), timeout=SETTLED_MS)


@pytest.mark.parametrize(("typed", "shown"), [("linaker", "Linåker"), ("gomes", "Gomès"), ("GOMES", "Gomès")])
def test_names_are_found_without_their_accents(page: Page, congress_server, congress, typed, shown) -> None:
    page.goto(f"{congress_server.url}/?{NOW}")
    page.get_by_label("Search titles, descriptions, speakers").fill(typed)
    expected = {s["id"] for s in congress["sessions"] if any(shown in n for n in s["_names"])}
    assert expected
    expect(page.locator("main .count")).to_have_text(count_of(len(expected)), timeout=SETTLED_MS)
    speakers = page.locator(".found-speakers a:not(.all)")
    expect(speakers.first).to_contain_text(shown)
    for name in speakers.all_text_contents():
        assert shown in name
    expect(page.locator(f"{CARDS} .who").first).to_contain_text(shown)


def test_a_speaker_is_found_from_the_box_above_the_sessions(page: Page, congress_server, congress) -> None:
    names = [p["name"] for p in congress["speakers"]]
    accented = [p for p in congress["speakers"] if words(p["name"]) != p["name"].lower().split()]
    person = next(p for p in accented if names.count(p["name"]) == 1)
    typed = " ".join(words(person["name"]))  # as typed on a keyboard without accents
    page.goto(f"{congress_server.url}/?{NOW}")
    page.get_by_label("Search titles, descriptions, speakers").fill(typed)
    group = page.locator(".found-speakers")
    expect(group.get_by_role("link", name=person["name"], exact=True)).to_be_visible()
    # The group comes before the sessions, and the first session is on the first screen.
    order = page.eval_on_selector_all("main .results > *", "els => els.map((e) => e.className)")
    assert order.index("found-speakers") < order.index("found-head")
    # (Asked again until it holds: the list is drawn again once the descriptions are indexed.)
    expect(page.locator(CARDS).first).to_be_in_viewport()
    group.get_by_role("link", name=person["name"], exact=True).click()
    expect(page.locator("main h1")).to_have_text(person["name"])
    expect(page).to_have_url(f"{congress_server.url}/speaker/{person['id']}")


def test_a_track_is_found_from_the_box_and_opens_its_sessions(page: Page, congress_server, congress) -> None:
    track = next(t for t in congress["tracks"] if t["name"] == "Trust and Safety")
    page.goto(f"{congress_server.url}/?{NOW}")
    page.get_by_label("Search titles, descriptions, speakers").fill("trust saf")
    chips = page.locator(".found-tracks a")
    expect(chips).to_have_text(["Trust and Safety"])
    chips.first.click()
    in_track = sum(1 for s in congress["sessions"] if s.get("track") == track["id"])
    expect(page.locator("main .count")).to_have_text(count_of(in_track))
    expect(page.locator("main article.card .track").first).to_have_text("Trust and Safety")
