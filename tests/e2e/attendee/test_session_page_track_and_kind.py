"""Issue 26, "Session page": the track and the room come right under the title (not after the
whole abstract), and kinds read as names ("Main track talk"), not as the source's raw words."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

KINDS = [("maintrack", "Main track talk"), ("devroom", "Devroom talk"), ("lightningtalk", "Lightning talk")]


def congress(congress_schedule: Path) -> dict:
    return json.loads(congress_schedule.read_text(encoding="utf-8"))


def test_track_and_room_are_under_the_title_before_the_time_and_the_abstract(
    page, congress_server, congress_schedule
) -> None:
    doc = congress(congress_schedule)
    s = next(x for x in doc["sessions"] if x["track"] and x["description"] and x["speakers"])
    track = next(t["name"] for t in doc["tracks"] if t["id"] == s["track"])
    room = next(r["name"] for r in doc["rooms"] if r["id"] == s["room"])
    page.goto(congress_server.url + f"/session/{s['id']}")
    place = page.locator(".detail .place")
    # No venue file: no map to promise.
    expect(place).to_have_text(f"Track: {track}Where: {room} (where it is)")
    expect(page.locator("#about")).to_be_visible()  # the texts came: the page is whole
    order = ["main h1", ".detail .place", ".detail .when.big", "#who", "#about"]
    tops = [page.locator(sel).evaluate("e => e.getBoundingClientRect().top") for sel in order]
    assert tops == sorted(tops), dict(zip(order, tops, strict=True))
    assert page.locator("main h1").evaluate("(e) => e.nextElementSibling.className") == "place"
    place.get_by_role("link", name=track).click()
    expect(page).to_have_url(congress_server.url + f"/?track={s['track']}")
    # The schedule filtered by that track: its box in the filter panel is the one ticked.
    expect(page.locator('input[name="track"]:checked')).to_have_count(1)
    expect(page.locator('input[name="track"]:checked')).to_have_value(s["track"])


@pytest.mark.parametrize(("raw", "name"), KINDS, ids=[k for k, _ in KINDS])
def test_a_raw_kind_reads_as_its_human_name(page, congress_server, congress_schedule, raw, name) -> None:
    doc = congress(congress_schedule)
    s = next(x for x in doc["sessions"] if x["kind"] == raw)
    page.goto(congress_server.url + f"/session/{s['id']}")
    expect(page.locator(".detail > .facts .kind")).to_have_text(name)
    # The list cards say the same.
    page.goto(congress_server.url + f"/?day={s['start'][:10]}&q={quote(s['title'])}")
    expect(page.locator(f".card[data-session='{s['id']}'] .kind")).to_have_text(name)
