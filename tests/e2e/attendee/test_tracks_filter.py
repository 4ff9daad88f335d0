"""The schedule's filters take several tracks, rooms, kinds and languages at once, chosen in
the filter panel (keyboard or touch) or given in the address."""

from __future__ import annotations

import re
from collections import Counter
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import expect

from tests.harness.tracks import NOW, load


def _pick(doc):
    """Two tracks and a room that has sessions of both."""
    by_room = Counter((s["room"], s["track"]) for s in doc["sessions"] if s["track"] in ("rust", "go"))
    room = next(r for r, t in by_room if t == "rust" and (r, "go") in by_room)
    want = [s["id"] for s in doc["sessions"] if s["track"] in ("rust", "go") and s["room"] == room]
    return room, want


def _shown(page) -> set[str]:
    return set(page.locator(".results .card").evaluate_all("(cs) => cs.map((c) => c.dataset.session)"))


def test_two_tracks_and_a_room_chosen_in_the_panel_filter_the_schedule(
    page, congress_server, congress_schedule
) -> None:
    doc = load(congress_schedule)
    room, want = _pick(doc)
    room_name = next(r["name"] for r in doc["rooms"] if r["id"] == room)
    page.goto(f"{congress_server.url}/?{NOW}")
    page.locator(".find > details > summary").click()
    tracks = page.locator('[data-pick="track"]')
    tracks.locator("summary").click()
    tracks.get_by_role("checkbox", name="Rust", exact=True).check()
    # The keyboard works the panel as well: Space ticks the focused box.
    go = tracks.get_by_role("checkbox", name="Go", exact=True)
    go.focus()
    page.keyboard.press("Space")
    expect(go).to_be_checked()
    expect(tracks.locator("summary")).to_have_text("Tracks (2)")
    rooms = page.locator('[data-pick="room"]')
    rooms.locator("summary").click()
    rooms.get_by_role("checkbox", name=room_name, exact=True).check()
    expect(page.locator(".count")).to_have_text(f"{len(want)} session{'s' * (len(want) != 1)}")
    assert _shown(page) == set(want)
    # The address says the choice once typing pauses: a reload keeps it.
    page.wait_for_url(re.compile(r"room="))
    query = parse_qs(urlsplit(page.url).query)
    assert sorted(query["track"][0].split(",")) == ["go", "rust"] and query["room"] == [room]
    page.reload()
    expect(page.locator(".count")).to_have_text(f"{len(want)} session{'s' * (len(want) != 1)}")
    expect(page.locator('[data-pick="track"] input:checked')).to_have_count(2)


def test_two_tracks_and_a_room_in_the_address_filter_the_schedule(
    page, congress_server, congress_schedule
) -> None:
    doc = load(congress_schedule)
    room, want = _pick(doc)
    page.goto(f"{congress_server.url}/?track=rust,go&room={room}&{NOW}")
    expect(page.locator(".count")).to_have_text(f"{len(want)} session{'s' * (len(want) != 1)}")
    assert _shown(page) == set(want)
    expect(page.locator(".find > details > summary")).to_have_text("Filters (2)")
    checked = page.locator(".pick input:checked")
    assert sorted(checked.evaluate_all("(is) => is.map((i) => i.name + ':' + i.value)")) == [
        "room:" + room,
        "track:go",
        "track:rust",
    ]


def test_kinds_and_languages_take_several_values(page, congress_server, congress_schedule) -> None:
    doc = load(congress_schedule)
    want = [
        s
        for s in doc["sessions"]
        if s["kind"] in ("keynote", "lightningtalk") and s.get("language") in ("fr", "de")
    ]
    page.goto(f"{congress_server.url}/?kind=keynote,lightningtalk&lang=fr,de&{NOW}")
    expect(page.locator(".count")).to_have_text(f"{len(want)} session{'s' * (len(want) != 1)}")
