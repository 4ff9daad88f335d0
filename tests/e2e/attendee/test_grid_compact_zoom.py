"""The congress's rooms grid on a 360 px phone (issue 26, "Grid"): the compact zoom fits at least
four whole rooms across the screen (the regular one, under two), is kept on the device, keeps
the room at the left edge when switched, still scrolls sideways to the far rooms, and a tap on a
block opens its session."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.harness.a11y import serious

NOW = "?now=2026-09-14T11:20:00%2B02:00"

# The rooms whose whole column is inside the grid's visible box (right of the sticky times).
WHOLE_ROOMS = """() => {
  const box = document.querySelector('.grid-scroll');
  const frame = box.getBoundingClientRect();
  const left = frame.left + box.clientLeft + document.querySelector('.grid-corner').offsetWidth;
  const right = frame.left + box.clientLeft + box.clientWidth;
  return [...document.querySelectorAll('.grid-room')]
    .filter((e) => {
      const r = e.getBoundingClientRect();
      return r.left >= left - 1 && r.right <= right + 1;
    })
    .map((e) => e.textContent);
}"""


def open_grid(page, url: str) -> None:
    page.goto(url + "/rooms" + NOW)
    expect(page.locator(".gblock").first).to_be_visible()
    page.locator(".grid-scroll").scroll_into_view_if_needed()


def zoom(page):
    return page.get_by_role("button", name="Fit more rooms")


def test_compact_zoom_fits_four_whole_rooms_across_a_phone_and_is_kept(page, congress_server) -> None:
    open_grid(page, congress_server.url)
    regular = page.evaluate(WHOLE_ROOMS)
    assert len(regular) < 2, regular
    zoom(page).click()
    expect(zoom(page)).to_have_attribute("aria-pressed", "true")
    compact = page.evaluate(WHOLE_ROOMS)
    assert len(compact) >= 4, compact
    assert compact[:4] == ["Room 1 (Manual)", "Room 2 (Sit)", "Room 3 (Talk)", "Room 4 (Native)"]
    # Its blocks are drawn in the narrower columns: one of the fourth room's sessions sits in it.
    fourth = page.locator(".grid-room").nth(3).bounding_box()
    xs = page.locator(".gblock").evaluate_all("(bs) => bs.map((b) => b.getBoundingClientRect().left)")
    assert any(fourth["x"] <= x < fourth["x"] + fourth["width"] for x in xs), (fourth, xs)
    page.reload()
    expect(page.locator(".gblock").first).to_be_visible()
    expect(zoom(page)).to_have_attribute("aria-pressed", "true")
    assert len(page.evaluate(WHOLE_ROOMS)) >= 4


def test_compact_grid_scrolls_sideways_to_the_far_rooms(page, congress_server) -> None:
    open_grid(page, congress_server.url)
    zoom(page).click()
    page.locator(".grid-scroll").hover()  # the pointer over the grid, scrolled into view
    for _ in range(3):  # a few swipes' worth of wheel: twenty rooms on and more
        page.mouse.wheel(1000, 0)
    page.wait_for_function("() => document.querySelector('.grid-scroll').scrollLeft >= 1500", timeout=20000)
    shown = page.evaluate(WHOLE_ROOMS)
    assert len(shown) >= 3 and all(int(name.split()[1]) > 15 for name in shown), shown
    # The far rooms' blocks are drawn where they now are: some block lies inside the view.
    expect(page.locator(".gblock").first).to_be_attached()
    inside = page.evaluate(
        """() => {
          const f = document.querySelector('.grid-scroll').getBoundingClientRect();
          return [...document.querySelectorAll('.gblock')].filter((b) => {
            const r = b.getBoundingClientRect();
            return r.left >= f.left && r.right <= f.right && r.bottom > f.top && r.top < f.bottom;
          }).length;
        }"""
    )
    assert inside > 0


def test_switching_the_zoom_keeps_the_room_at_the_left_edge(page, congress_server) -> None:
    open_grid(page, congress_server.url)
    page.locator(".grid-scroll").evaluate(
        "(box) => { box.scrollLeft = document.querySelectorAll('.grid-room')[9].offsetLeft"
        " - document.querySelector('.grid-corner').offsetWidth; }"
    )
    expect(page.locator(".grid-room").nth(9)).to_be_in_viewport()
    assert page.evaluate(WHOLE_ROOMS)[0] == "Room 10 (Dsl)"
    zoom(page).click()
    expect(zoom(page)).to_have_attribute("aria-pressed", "true")
    assert page.evaluate(WHOLE_ROOMS)[0] == "Room 10 (Dsl)"
    zoom(page).click()
    expect(zoom(page)).to_have_attribute("aria-pressed", "false")
    assert page.evaluate(WHOLE_ROOMS)[0] == "Room 10 (Dsl)"


def test_a_tap_on_a_compact_block_opens_its_session_and_a_star_shows(
    page, congress_server, congress_schedule
) -> None:
    doc = json.loads(congress_schedule.read_text(encoding="utf-8"))
    # The first room's next session after 11:20 (on screen when the grid opens), starred first.
    on = next(s for s in doc["sessions"] if s["room"] == "room-01" and s["end"] > "2026-09-14T11:20:00+02:00")
    page.goto(congress_server.url + "/" + NOW)
    page.evaluate("(id) => localStorage.setItem('hallway.stars.v1', JSON.stringify([id]))", on["id"])
    open_grid(page, congress_server.url)
    zoom(page).click()
    block = page.locator(f'.gblock[data-session="{on["id"]}"]')
    expect(block.locator(".gstar")).to_have_text("★")
    expect(block.locator(".gtime .visually-hidden")).to_contain_text("starred")
    box = block.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24  # the whole block is the link: a target
    block.click(position={"x": box["width"] / 2, "y": box["height"] - 6})
    expect(page).to_have_url(congress_server.url + f"/session/{on['id']}")
    expect(page.locator("main h1")).to_have_text(on["title"])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_compact_grid_has_no_serious_accessibility_violations(browser, congress_server, scheme) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme=scheme)
    page = context.new_page()
    open_grid(page, congress_server.url)
    zoom(page).click()
    expect(zoom(page)).to_have_attribute("aria-pressed", "true")
    assert serious(page) == []
    context.close()
