"""Issue 14, "Rooms side by side": /rooms is a rooms x time grid. Sessions at the same time
line up, their length shows, room and time headers stick, a tap opens the session, stars and
change badges show, all rooms fit across a wide screen or a phone in landscape, and only the
blocks near the view are in the DOM."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from playwright.sync_api import expect

from tests.harness.a11y import serious
from tests.harness.app import open_app
from tests.harness.browser import PHONES, phone
from tests.harness.net import wait_for
from tests.harness.publish import WRITABLE
from tests.harness.schedules import DURING, day_doc, day_server, session


def box(page, sid: str) -> dict[str, float]:
    return page.locator(f'.gblock[data-session="{sid}"]').bounding_box()


def two_frames(page) -> None:
    """Waits two frames: a ResizeObserver has reported a box changed before them by then."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


@pytest.mark.parametrize("viewport", PHONES, ids=["360", "390"])
def test_sessions_line_up_by_time_with_their_length_visible(browser, make_server, tmp_path, viewport) -> None:
    server = day_server(make_server, tmp_path)
    page = phone(browser, viewport, DURING)
    page.goto(server.url + "/rooms")
    expect(page.locator("main h1")).to_have_text("Rooms · Tuesday 7 April")
    expect(page.locator(".grid-room")).to_have_text(["Main Room", "Side Room"])
    talk, workshop = box(page, "mt1000"), box(page, "sw1000")  # both at 10:00, 45 and 90 min
    assert abs(talk["y"] - workshop["y"]) < 1
    assert workshop["x"] > talk["x"] + talk["width"] - 1  # side by side, not stacked
    assert abs(workshop["height"] / talk["height"] - 2) < 0.1
    late = box(page, "lt1130")  # 11:30: 90 minutes below 10:00
    assert abs((late["y"] - talk["y"]) / (talk["height"] + 2) - 2) < 0.1
    expect(page.locator('.gblock[data-session="mt1000"]')).to_contain_text("10:00–10:45")
    # The "now" line at 10:20 (20 of Morning Talk's 45 minutes), on screen when the grid opens.
    line = page.locator(".grid-now").bounding_box()
    assert abs((line["y"] - talk["y"]) / (talk["height"] + 2) - 20 / 45) < 0.05
    grid = page.locator(".grid-scroll").bounding_box()
    assert grid["y"] <= line["y"] <= grid["y"] + grid["height"]
    page.context.close()


@pytest.mark.parametrize("viewport", PHONES, ids=["360", "390"])
def test_room_and_time_headers_stick_while_the_grid_scrolls_both_ways(
    browser, make_server, tmp_path, viewport
) -> None:
    server = day_server(make_server, tmp_path)
    page = phone(browser, viewport, DURING)
    page.goto(server.url + "/rooms")
    scroller = page.locator(".grid-scroll")
    expect(page.locator(".gblock").first).to_be_visible()
    sizes = scroller.evaluate("(e) => [e.scrollWidth - e.clientWidth, e.scrollHeight - e.clientHeight]")
    assert sizes[0] > 0 and sizes[1] > 0, sizes  # a phone scrolls the grid both ways
    scroller.evaluate("(e) => { e.scrollTop = e.scrollHeight; e.scrollLeft = e.scrollWidth; }")
    frame = scroller.bounding_box()
    head = page.locator(".grid-room").last.bounding_box()
    times = page.locator(".grid-times").bounding_box()
    assert abs(head["y"] - (frame["y"] + 1)) < 2  # room names still at the top
    assert abs(times["x"] - (frame["x"] + 1)) < 2  # times still at the left
    expect(page.locator(".grid-times span").first).to_have_text("09:00")
    page.context.close()


@pytest.mark.parametrize("viewport", PHONES, ids=["360", "390"])
def test_a_tap_anywhere_on_a_block_opens_the_session_and_its_star_works(
    browser, make_server, tmp_path, viewport
) -> None:
    server = day_server(make_server, tmp_path)
    page = phone(browser, viewport, DURING)
    page.goto(server.url + "/rooms")
    block = page.locator('.gblock[data-session="sw1000"]')
    star = block.get_by_role("button", name="Star: Side Workshop")
    star.click()
    expect(star).to_have_attribute("aria-pressed", "true")
    expect(star).to_have_text("★")
    b, s = block.bounding_box(), star.bounding_box()
    assert b["x"] <= s["x"] and s["x"] + s["width"] <= b["x"] + b["width"] + 0.5  # inside, not clipped
    block.click(position={"x": 12, "y": b["height"] - 10})  # the bottom corner, away from the title
    expect(page).to_have_url(server.url + "/session/sw1000")
    expect(page.locator("main h1")).to_have_text("Side Workshop")
    page.context.close()


def test_a_change_badge_shows_on_the_moved_session(browser, make_server, tmp_path) -> None:
    server = day_server(make_server, tmp_path, env=WRITABLE)
    page = phone(browser, PHONES[0], DURING)
    open_app(page, server, "/rooms")
    server.publish({"kind": "move", "session": "lt1130", "room": "side", "note": "bigger room"})
    moved = page.locator('.gblock[data-session="lt1130"]')
    expect(moved.locator(".badge")).to_have_text(["New room"], timeout=10000)
    expect(moved).to_have_class("gblock changed")
    side = page.locator(".grid-room", has_text="Side Room").bounding_box()
    assert abs(moved.bounding_box()["x"] - side["x"]) < 4  # now in the Side Room column
    page.context.close()


@pytest.mark.parametrize(
    "viewport", [{"width": 1280, "height": 800}, {"width": 844, "height": 390}], ids=["wide", "landscape"]
)
def test_every_room_side_by_side_on_a_wide_screen_or_a_phone_in_landscape(
    browser, make_server, tmp_path, viewport
) -> None:
    doc = day_doc()
    for i in range(2):
        doc["rooms"].append({"id": f"hall{i}", "name": f"Hall {i + 1}"})
        doc["sessions"].append(
            session(
                f"h{i}0930",
                f"Hall talk {i}",
                "2026-04-07T10:00:00+02:00",
                "2026-04-07T10:30:00+02:00",
                f"hall{i}",
            )
        )
    server = day_server(make_server, tmp_path, doc)
    page = phone(browser, viewport, DURING)
    page.goto(server.url + "/rooms")
    expect(page.locator(".grid-room")).to_have_count(4)
    assert page.locator(".grid-scroll").evaluate("(e) => e.scrollWidth <= e.clientWidth")
    tops = {round(box(page, sid)["y"]) for sid in ("mt1000", "sw1000", "h00930", "h10930")}
    assert len(tops) == 1, tops  # the 10:00 row, across all four rooms
    assert page.evaluate(
        "() => document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth"
    )
    page.context.close()


def test_no_block_shows_until_the_grid_styles_place_it(browser, make_server, tmp_path) -> None:
    # grid.css is not in the page's HTML (rooms.js asks for it as the app starts on /rooms).
    # Drawn before it applies, the blocks sat in the page's flow one under another: the 10:00
    # row's blocks 1,772 px apart, as long as the stylesheet took (a slow network).
    server = day_server(make_server, tmp_path)
    page = phone(browser, PHONES[1], DURING, service_workers="block")  # the page's own request
    held = []
    page.route(re.compile(r"/grid[^/]*\.css"), lambda route: held.append(route))
    # Asked for while the page loads, the held stylesheet holds its load event too.
    page.goto(server.url + "/rooms", wait_until="domcontentloaded")
    expect(page.locator("main h1")).to_have_text("Rooms · Tuesday 7 April")
    two_frames(page)
    wait_for(lambda: page.evaluate("true") and held, timeout=15)  # evaluate lets Playwright hand it over
    expect(page.locator(".gblock")).to_have_count(0)
    expect(page.locator(".grid-scroll")).to_be_hidden()
    held[0].continue_()
    expect(page.locator(".grid-scroll")).to_be_visible()
    # Read in one go, from one drawing: both 10:00 sessions, and "now" (10:20) on screen.
    tops, now, frame = page.evaluate(
        """() => {
          const rect = (el) => el.getBoundingClientRect();
          const y = (selector) => rect(document.querySelector(selector)).y;
          const frame = rect(document.querySelector(".grid-scroll"));
          const row = [y('.gblock[data-session="mt1000"]'), y('.gblock[data-session="sw1000"]')];
          return [row, y(".grid-now"), [frame.y, frame.bottom]];
        }"""
    )
    assert abs(tops[0] - tops[1]) < 1, tops
    assert frame[0] <= tops[0] <= now <= frame[1], (tops, now, frame)
    page.context.close()


def test_a_focused_star_keeps_the_focus_when_the_screen_changes_height(
    browser, make_server, tmp_path
) -> None:
    # A phone's address bar folding away, a banner, the keyboard: only the grid's height
    # changes (its box follows the screen's). Which blocks are near may change, but those
    # shown stay the same elements: a keyboard's focus or a finger on a star is not lost.
    server = day_server(make_server, tmp_path)
    page = phone(browser, PHONES[1], DURING)
    page.goto(server.url + "/rooms")
    star = page.locator('.gblock[data-session="sw1000"]').get_by_role("button", name="Star: Side Workshop")
    star.focus()
    scroller = page.locator(".grid-scroll")
    before = scroller.evaluate("(e) => [e.clientWidth, e.clientHeight]")
    page.set_viewport_size({"width": PHONES[1]["width"], "height": PHONES[1]["height"] - 150})
    two_frames(page)
    after = scroller.evaluate("(e) => [e.clientWidth, e.clientHeight]")
    assert after[0] == before[0] and after[1] < before[1], (before, after)
    expect(star).to_be_focused()
    page.keyboard.press("Space")
    expect(star).to_have_attribute("aria-pressed", "true")
    page.context.close()


def test_a_congress_grid_holds_only_the_blocks_near_the_view(browser, make_server, tmp_path) -> None:
    doc = day_doc()
    for r in range(40):
        doc["rooms"].append({"id": f"r{r:02d}", "name": f"Room {r:02d}"})
        for k in range(8):
            start, end = f"2026-04-07T{9 + k:02d}:00:00+02:00", f"2026-04-07T{9 + k:02d}:45:00+02:00"
            doc["sessions"].append(session(f"c{r:02d}x{k}", f"Talk {r}-{k}", start, end, f"r{r:02d}"))
    server = day_server(make_server, tmp_path, doc)
    page = phone(browser, PHONES[0], DURING)
    page.goto(server.url + "/rooms")
    expect(page.locator(".grid-room")).to_have_count(42)
    expect(page.locator(".gblock").first).to_be_visible()
    assert 0 < page.locator(".gblock").count() < 60  # of 325 that day
    expect(page.locator('.gblock[data-session="c39x0"]')).to_have_count(0)
    page.locator(".grid-scroll").evaluate("(e) => { e.scrollLeft = e.scrollWidth; e.scrollTop = 0; }")
    expect(page.locator('.gblock[data-session="c39x0"]')).to_be_visible()  # drawn once near
    expect(page.locator('.gblock[data-session="mt1000"]')).to_have_count(0)  # dropped once far
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", ["/rooms", "/now", "/", "/?past=1"])
def test_time_views_have_no_serious_accessibility_violations(
    browser, make_server, tmp_path, path, scheme
) -> None:
    server = day_server(make_server, tmp_path)
    page = phone(browser, PHONES[0], DURING, color_scheme=scheme)
    page.goto(server.url + "/")
    page.evaluate("() => localStorage.setItem('hallway.stars.v1', JSON.stringify(['sw1000', 'k9x8y7']))")
    page.goto(server.url + path)
    expect(page.locator("main h1")).to_be_visible()
    expect(page.locator(".gblock, .nowrow, .card").first).to_be_visible()
    assert serious(page) == []
    page.context.close()


def test_overlapping_sessions_in_one_room_share_its_column_side_by_side(
    browser, make_server, tmp_path
) -> None:
    doc = day_doc()  # Morning Talk, main, 10:00-10:45; Called Off Talk, main, 10:50-11:20
    doc["sessions"].append(
        session("ov1015", "Overlapping Talk", "2026-04-07T10:15:00+02:00", "2026-04-07T11:00:00+02:00")
    )
    server = day_server(make_server, tmp_path, doc)
    page = phone(browser, PHONES[0], DURING)
    page.goto(server.url + "/rooms")
    expect(page.locator('.gblock[data-session="ov1015"]')).to_be_visible()
    column = page.locator(".grid-room", has_text="Main Room").bounding_box()
    talk, other, off = box(page, "mt1000"), box(page, "ov1015"), box(page, "cx1050")
    assert talk["x"] + talk["width"] <= other["x"] + 0.5, (talk, other)  # side by side, not on top
    for b in (talk, other, off):
        assert column["x"] - 0.5 <= b["x"] and b["x"] + b["width"] <= column["x"] + column["width"] + 0.5
    assert abs(off["x"] - talk["x"]) < 1  # the first lane free again once Morning Talk is over
    page.context.close()


def test_hour_lines_follow_whole_hours_of_a_half_hour_zone(browser, make_server, tmp_path) -> None:
    doc = day_doc()
    doc["event"]["timezone"] = "Asia/Kolkata"  # UTC+05:30: UTC's whole hours fall on :30 there
    doc["sessions"] = [
        session("in1000", "Ten o'clock", "2026-04-07T10:00:00+05:30", "2026-04-07T10:45:00+05:30"),
        session("in1100", "Eleven o'clock", "2026-04-07T11:00:00+05:30", "2026-04-07T12:10:00+05:30", "side"),
    ]
    server = day_server(make_server, tmp_path, doc)
    page = phone(browser, PHONES[0], datetime(2026, 4, 7, 4, 0, tzinfo=UTC))  # 09:30 there
    page.goto(server.url + "/rooms?day=2026-04-07")
    expect(page.locator(".grid-times span")).to_have_text(["10:00", "11:00", "12:00"])
    expect(page.locator('.gblock[data-session="in1100"]')).to_be_visible()
    # Read in one go: the rules and blocks are measured from the same drawing.
    rules, ten, eleven = page.evaluate(
        """() => {
          const y = (el) => el.getBoundingClientRect().y;
          const block = (id) => y(document.querySelector(`.gblock[data-session="${id}"]`)) - 1;
          return [[...document.querySelectorAll(".grid-hour")].map(y), block("in1000"), block("in1100")];
        }"""
    )  # a block starts 1 px below its time
    assert abs(rules[0] - eleven) < 1.5, (rules, eleven)
    assert abs(rules[1] - rules[0] - (eleven - ten)) < 1.5  # an hour apart
    page.context.close()


def test_a_congress_keeps_its_room_chips_behind_a_disclosure_and_the_grid_on_the_first_screen(
    browser, make_server, tmp_path
) -> None:
    doc = day_doc()
    for r in range(12):
        doc["rooms"].append({"id": f"r{r:02d}", "name": f"Room {r:02d}"})
        doc["sessions"].append(
            session(
                f"c{r:02d}",
                f"Talk {r}",
                "2026-04-07T10:00:00+02:00",
                "2026-04-07T10:45:00+02:00",
                f"r{r:02d}",
            )
        )
    server = day_server(make_server, tmp_path, doc)
    page = phone(browser, PHONES[0], DURING)
    page.goto(server.url + "/rooms")
    expect(page.locator(".gblock").first).to_be_visible()
    assert page.locator(".grid-scroll").bounding_box()["y"] < PHONES[0]["height"] / 2
    chips = page.locator("nav.chips")
    expect(chips).to_be_hidden()
    page.get_by_text("Room: all rooms").click()
    expect(chips.get_by_role("link", name="Room 11")).to_be_visible()
    assert serious(page) == []
    chips.get_by_role("link", name="Room 11").click()
    expect(page.locator(".grid-room")).to_have_text(["Room 11"])
    expect(page.get_by_text("Room: Room 11")).to_be_visible()
    page.context.close()
