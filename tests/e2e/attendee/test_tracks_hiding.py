"""Hiding a track or a room: chosen on /tracks (or given in the address), kept on the device
across reloads, left out of the schedule, the rooms grid and Now, and always said by a
"N hidden · Show" line that brings them back."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.harness.tracks import NOW, load

DAY = "day=2026-09-14"


def _count(n: int) -> str:
    return f"{n} session{'s' * (n != 1)}"


def test_a_hidden_track_stays_hidden_across_reload_and_leaves_the_schedule(
    page, congress_server, congress_schedule
) -> None:
    doc = load(congress_schedule)
    first_day = [s for s in doc["sessions"] if s["start"].startswith("2026-09-14")]
    rust = [s for s in first_day if s["track"] == "rust"]
    page.goto(f"{congress_server.url}/tracks?{NOW}")
    button = page.locator('.track-list li[data-track="rust"]').get_by_role("button", name="Hide Rust")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(button).to_be_focused()  # the switch stays under the finger (and the keyboard)
    assert "hide-track=rust" in page.url
    page.goto(f"{congress_server.url}/?{DAY}&past=1&{NOW}")
    expect(page.locator(".count")).to_have_text(_count(len(first_day) - len(rust)))
    expect(page.locator(".hidden-line")).to_contain_text(f"{_count(len(rust))} hidden (1 track)")
    assert page.locator('.results .card[data-track="rust"]').count() == 0
    page.reload()
    expect(page.locator(".count")).to_have_text(_count(len(first_day) - len(rust)))
    # "Show" brings them back in this view, without changing what is hidden.
    page.locator(".hidden-line").get_by_role("link", name="Show").click()
    expect(page.locator(".count")).to_have_text(_count(len(first_day)))
    expect(page.locator(".hidden-line")).to_contain_text("Hidden 1 track shown")
    page.goto(f"{congress_server.url}/tracks?{NOW}")
    expect(page.locator('.track-list li[data-track="rust"] button')).to_have_attribute("aria-pressed", "true")
    expect(page.locator("main h1 + .sub")).to_have_text(f"{len(doc['tracks'])} tracks · 1 hidden")


def test_a_room_hidden_in_the_address_leaves_the_grid_and_now_and_is_kept(
    page, congress_server, congress_schedule
) -> None:
    doc = load(congress_schedule)
    room = doc["rooms"][0]
    page.goto(f"{congress_server.url}/now?hide-room={room['id']}&{NOW}")
    expect(page.locator(".nowrow").first).to_be_visible()
    expect(page.locator(f'.nowrow[data-room="{room["id"]}"]')).to_have_count(0)
    expect(page.locator(".nowrow")).to_have_count(len(doc["rooms"]) - 1)
    expect(page.locator(".hidden-line")).to_contain_text("Hidden: 1 room")
    # Kept on the device: the grid, opened without the parameter, leaves the room out too.
    page.goto(f"{congress_server.url}/rooms?{NOW}")
    expect(page.locator(".gblock").first).to_be_visible()
    names = page.locator(".grid-room").all_text_contents()
    assert room["name"] not in names and len(names) == len(doc["rooms"]) - 1
    expect(page.locator(".hidden-line")).to_contain_text("hidden (1 room)")


def test_sessions_of_a_hidden_track_leave_now(page, congress_server, congress_schedule) -> None:
    page.goto(f"{congress_server.url}/now?{NOW}")
    on = page.locator(".nowline.on[data-session]").first
    sid = on.get_attribute("data-session")
    doc = load(congress_schedule)
    track = next(s["track"] for s in doc["sessions"] if s["id"] == sid)
    page.goto(f"{congress_server.url}/now?hide-track={track}&{NOW}")
    expect(page.locator(".hidden-line")).to_contain_text("Hidden: 1 track")
    expect(page.locator(f'.nowline[data-session="{sid}"]')).to_have_count(0)


def test_a_damaged_hidden_choice_on_the_device_hides_nothing(
    page, congress_server, congress_schedule
) -> None:
    doc = load(congress_schedule)
    first_day = [s for s in doc["sessions"] if s["start"].startswith("2026-09-14")]
    page.goto(f"{congress_server.url}/tracks?{NOW}")
    for bad in ('{"tracks": "rust"}', "not json", '{"tracks": [1, "<b>", null], "rooms": {}}', "[]"):
        page.evaluate("(v) => localStorage.setItem('hallway.hidden.v1', v)", bad)
        page.goto(f"{congress_server.url}/?{DAY}&past=1&{NOW}")
        expect(page.locator(".count")).to_have_text(_count(len(first_day)))
        expect(page.locator(".hidden-line")).to_have_count(0)
