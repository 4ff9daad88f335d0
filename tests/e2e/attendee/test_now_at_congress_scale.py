"""Issue 26, "Now at congress scale": on a 90-room congress at 11:20 on its first day, Now has
a compact row per room that names the track the room holds, fits 30 rooms in about three
screens at 360 px, puts rooms with a starred session first with the star shown (and
togglable), and filters by track, the choice kept in the address."""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

NOW = datetime.fromisoformat("2026-09-14T11:20:00+02:00")
AT = "now=2026-09-14T11:20:00%2B02:00"
SCREEN = 740


@pytest.fixture(scope="module")
def congress(congress_schedule: Path) -> dict:
    return json.loads(congress_schedule.read_text(encoding="utf-8"))


def states(doc: dict) -> dict[str, dict]:
    """Per room id: the sessions on at NOW and the next one (as the app's nowNext finds them)."""
    order = {r["id"]: i for i, r in enumerate(doc["rooms"])}
    sessions = sorted(
        (s for s in doc["sessions"] if s["status"] != "cancelled"),
        key=lambda s: (datetime.fromisoformat(s["start"]), order.get(s["room"], 0)),
    )
    out = {}
    for room in doc["rooms"]:
        here = [s for s in sessions if s["room"] == room["id"]]
        on = [s for s in here if datetime.fromisoformat(s["start"]) <= NOW < datetime.fromisoformat(s["end"])]
        nxt = next((s for s in here if datetime.fromisoformat(s["start"]) > NOW), None)
        out[room["id"]] = {"on": on, "next": nxt}
    return out


def held_track(doc: dict, state: dict) -> str | None:
    paris = ZoneInfo("Europe/Paris")
    today = (
        state["next"]
        if state["next"]
        and datetime.fromisoformat(state["next"]["start"]).astimezone(paris).date() == NOW.date()
        else None
    )
    lead = (state["on"] or [today])[0]
    names = {t["id"]: t["name"] for t in doc["tracks"]}
    return names.get(lead["track"]) if lead and lead["track"] else None


ROWS = """() => [...document.querySelectorAll('.nowrow')].map((row) => ({
  room: row.dataset.room,
  track: row.querySelector('.roomhead .track')?.textContent ?? null,
  height: row.getBoundingClientRect().height,
}))"""


def test_thirty_rooms_fit_in_about_three_screens_each_named_with_its_track(
    page, congress_server, congress
) -> None:
    page.goto(congress_server.url + f"/now?{AT}")
    expect(page.locator(".nowrow")).to_have_count(90)
    rows = page.evaluate(ROWS)
    assert [r["room"] for r in rows] == [r["id"] for r in congress["rooms"]]
    by_room = states(congress)
    assert {r["room"]: r["track"] for r in rows} == {
        rid: held_track(congress, st) for rid, st in by_room.items()
    }
    assert sum(r["track"] is not None for r in rows) > 45  # most rooms hold a track now
    first_thirty = sum(r["height"] for r in rows[:30])
    assert first_thirty <= 3 * SCREEN, first_thirty
    assert page.evaluate(
        "() => document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth"
    )
    # What is on keeps its minutes left beside the room, and its link.
    room = next(rid for rid, st in by_room.items() if st["on"])
    on = by_room[room]["on"][0]
    left = round((datetime.fromisoformat(on["end"]) - NOW).total_seconds() / 60)
    line = page.locator(f".nowrow[data-room='{room}'] .nowline.on")
    expect(line.locator(".at")).to_have_text(f"{left} min left")
    expect(line.get_by_role("link")).to_have_text(on["title"])


def test_a_starred_session_on_now_brings_its_room_first_with_its_star_which_toggles(
    page, congress_server, congress
) -> None:
    by_room = states(congress)
    room = [rid for rid, st in by_room.items() if st["on"]][-1]  # far down the venue's order
    starred = by_room[room]["on"][0]
    page.add_init_script(
        f"localStorage.setItem('hallway.stars.v1', {json.dumps(json.dumps([starred['id']]))})"
    )
    page.goto(congress_server.url + f"/now?{AT}")
    first = page.locator(".nowrow").first
    expect(first).to_have_attribute("data-room", room)
    star = first.get_by_role("button", name=f"Star: {starred['title']}")
    expect(star).to_have_attribute("aria-pressed", "true")
    expect(star).to_have_text("★")
    star.click()
    expect(star).to_have_attribute("aria-pressed", "false")
    kept = json.loads(page.evaluate("() => localStorage.getItem('hallway.stars.v1')"))
    assert [s["id"] if isinstance(s, dict) else s for s in kept] == []
    star.click()
    expect(star).to_have_attribute("aria-pressed", "true")


def test_the_track_filter_keeps_that_tracks_rooms_and_stays_in_the_address(
    page, congress_server, congress
) -> None:
    by_room = states(congress)
    paris = ZoneInfo("Europe/Paris")

    def holds(state: dict, track: str) -> bool:
        nxt = state["next"]
        today = (
            [nxt]
            if nxt and datetime.fromisoformat(nxt["start"]).astimezone(paris).date() == NOW.date()
            else []
        )
        return any(s["track"] == track for s in state["on"] + today)

    rust = [r["id"] for r in congress["rooms"] if holds(by_room[r["id"]], "rust")]
    assert 0 < len(rust) < 90
    page.goto(congress_server.url + f"/now?{AT}")
    page.get_by_label("Track", exact=True).select_option(label="Rust")
    expect(page.locator(".nowrow")).to_have_count(len(rust))
    assert [r["room"] for r in page.evaluate(ROWS)] == rust
    assert "track=rust" in page.url
    # Into a session and back: the filter is still applied (it is in the address).
    page.locator(".nowrow .nowline a").first.click()
    expect(page).to_have_url(re.compile(r"/session/[A-Za-z0-9_-]+$"))
    page.go_back()
    expect(page.get_by_label("Track", exact=True)).to_have_value("rust")
    expect(page.locator(".nowrow")).to_have_count(len(rust))
    page.get_by_label("Track", exact=True).select_option(label="All tracks")
    expect(page.locator(".nowrow")).to_have_count(90)
    assert "track=" not in page.url
