"""/tracks lists every track with its colour and session count, /track/<id> shows one track;
colours are the source's when it gives them, otherwise made from the track's id (stable)."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect

from tests.harness.a11y import serious
from tests.harness.tracks import NOW, load, per_track

COLOR = "(el) => getComputedStyle(el).getPropertyValue('--track').trim()"


def test_track_list_shows_every_track_sorted_with_its_session_count(
    page, congress_server, congress_schedule
) -> None:
    doc = load(congress_schedule)
    page.goto(f"{congress_server.url}/tracks?{NOW}")
    rows = page.locator(".track-list li")
    expect(rows).to_have_count(len(doc["tracks"]))
    got = {
        li["id"]: li["n"]
        for li in rows.evaluate_all(
            "(lis) => lis.map((li) => ({id: li.dataset.track, n: li.querySelector('.n').textContent}))"
        )
    }
    counts = per_track(doc)
    assert got == {t["id"]: f"{counts[t['id']]} session{'s' * (counts[t['id']] != 1)}" for t in doc["tracks"]}
    names = rows.locator("a").all_text_contents()
    assert names == sorted(names, key=str.casefold)


def test_tracks_are_reached_from_the_more_menu_and_link_to_their_page(page, congress_server) -> None:
    page.goto(f"{congress_server.url}/?{NOW}")
    page.locator("#more-menu summary").click()
    page.locator("#more-menu").get_by_role("link", name="Tracks").click()
    expect(page.locator("main h1")).to_have_text("Tracks")
    page.locator(".track-list").get_by_role("link", name="Trust and Safety", exact=True).click()
    expect(page).to_have_url(f"{congress_server.url}/track/trust-and-safety")
    expect(page.locator("main h1")).to_have_text("Trust and Safety")


def test_track_page_lists_its_sessions_by_day_and_its_rooms(page, congress_server, congress_schedule) -> None:
    doc = load(congress_schedule)
    mine = [s for s in doc["sessions"] if s["track"] == "rust"]
    page.goto(f"{congress_server.url}/track/rust?{NOW}")
    expect(page.locator("main h1")).to_have_text("Rust")
    cards = page.locator(".track-page .card")
    expect(cards).to_have_count(len(mine))
    assert set(cards.evaluate_all("(cs) => cs.map((c) => c.dataset.session)")) == {s["id"] for s in mine}
    days = sorted({s["start"][:10] for s in mine})  # the congress's days are calendar days
    expect(page.locator(".track-page section.day > h3")).to_have_count(len(days))
    rooms = {r["id"]: r["name"] for r in doc["rooms"]}
    listed = page.locator(".track-rooms li a").all_text_contents()
    assert sorted(listed) == sorted({rooms[s["room"]] for s in mine})


def test_track_colour_is_the_sources_when_given_on_list_and_cards(
    page, congress_server, congress_schedule
) -> None:
    doc = load(congress_schedule)
    given = next(t for t in doc["tracks"] if t.get("color"))
    page.goto(f"{congress_server.url}/tracks?{NOW}")
    swatch = page.locator(f'.track-list li[data-track="{given["id"]}"] .swatch')
    assert swatch.evaluate("(el) => getComputedStyle(el).backgroundColor") == _rgb(given["color"])
    page.goto(f"{congress_server.url}/track/{given['id']}?{NOW}")
    card = page.locator(".track-page .card").first
    assert card.evaluate(COLOR) == given["color"]
    # The track's name on the card is set on its colour in black or white, whichever reads best.
    pill = card.locator(".facts .track")
    ink = pill.evaluate("(el) => getComputedStyle(el).color")
    assert ink == ("rgb(0, 0, 0)" if _luminance(given["color"]) > 0.179 else "rgb(255, 255, 255)")


def test_a_made_track_colour_stays_the_same_when_other_tracks_change(
    page, congress_server, congress_schedule, make_server, tmp_path
) -> None:
    doc = load(congress_schedule)
    plain = [t for t in doc["tracks"] if not t.get("color")]
    page.goto(f"{congress_server.url}/tracks?{NOW}")
    before = {t["id"]: _made(page, t["id"]) for t in plain}
    assert all(before.values()) and len(set(before.values())) > len(plain) * 0.8  # tell tracks apart
    # Another version of the schedule: tracks in another order, a third of them gone.
    other = json.loads(json.dumps(doc))
    random.Random(7).shuffle(other["tracks"])
    gone = {t["id"] for t in other["tracks"][::3]}
    other["tracks"] = [t for t in other["tracks"] if t["id"] not in gone]
    for s in other["sessions"]:
        if s["track"] in gone:
            s["track"] = None
    path = tmp_path / "schedule.json"
    path.write_text(json.dumps(other), encoding="utf-8")
    server = make_server(schedule=path)
    page.goto(f"{server.url}/tracks?{NOW}")
    after = {t["id"]: _made(page, t["id"]) for t in plain if t["id"] not in gone}
    assert after == {k: v for k, v in before.items() if k not in gone}


def _made(page, track_id: str) -> str:
    return page.locator(f'.track-list li[data-track="{track_id}"]').evaluate(COLOR)


def _rgb(color: str) -> str:
    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def _luminance(color: str) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(color[i : i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_track_views_and_the_filter_panel_pass_axe_at_congress_size(browser, congress_server, scheme) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme=scheme)
    page = context.new_page()
    problems = {}
    for path in ("/tracks?hide-track=go", "/track/rust", "/track/databases", "/"):
        page.goto(f"{congress_server.url}{path}{'&' if '?' in path else '?'}{NOW}")
        expect(page.locator("main h1")).to_be_visible()
        if path == "/":
            page.locator(".find > details > summary").click()
            for group in page.locator(".pick summary").all():
                group.click()
            expect(page.locator(".hidden-line")).to_be_visible()  # go, hidden above
            # The panel's own targets are checked, not whichever of its 90 rooms the fixed
            # tabs happen to cover at this scroll (axe counts a covered box as too small).
            page.locator("nav.tabs").evaluate("(n) => n.style.setProperty('position', 'static')")
        problems[path] = serious(page)
    context.close()
    assert problems == {p: [] for p in problems}
