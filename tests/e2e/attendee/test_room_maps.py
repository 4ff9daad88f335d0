"""Room maps against the real server and Chromium: the shipped schedule and venue plan."""

from __future__ import annotations

import json
from datetime import datetime
from urllib.parse import quote

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.harness.browser import PHONE, wait_controlled
from tests.harness.schedules import DATA, shipped, shipped_doc
from tests.harness.worker_caches import wait_second_phase

SCHEDULE = shipped_doc()
VENUE = json.loads((DATA / "venue.json").read_text())
ROOMS = {r["id"]: r["name"] for r in SCHEDULE["rooms"]}
NOW = "2026-04-07T11:05:00+02:00"
PLAN_READY = "svg.floor[data-ready]"


def sessions_in(room: str) -> list[dict]:
    return [s for s in SCHEDULE["sessions"] if s["room"] == room]


def on_now(room: str, now: str = NOW) -> list[str]:
    at = datetime.fromisoformat(now)
    return [
        s["title"]
        for s in sessions_in(room)
        if datetime.fromisoformat(s["start"]) <= at < datetime.fromisoformat(s["end"])
    ]


@pytest.fixture
def server(make_server):
    return shipped(make_server)


def open_map(page: Page, url: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector(PLAN_READY)
    assert errors == []


def test_map_draws_every_room_as_a_link_labelled_with_what_is_on_now(page: Page, server) -> None:
    open_map(page, f"{server.url}/map?now={quote(NOW)}")
    links = page.locator("svg.floor a.room")
    expect(links).to_have_count(len(ROOMS))
    assert len(ROOMS) == 4
    busy = 0
    for rid, name in ROOMS.items():
        link = page.locator(f'svg.floor a.room[data-room="{rid}"]')
        assert link.get_attribute("href") == f"/room/{rid}"
        label = link.get_attribute("aria-label")
        assert label.startswith(name)
        for title in on_now(rid):
            assert f"Now: {title}" in label
            busy += 1
        expect(link.locator("text")).to_contain_text(name)
    assert busy >= 2, "the pinned time must have sessions on in several rooms"
    expect(page.locator(".roomlist li")).to_have_count(4)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_where_link_on_a_session_page_opens_its_room_with_the_room_marked(page: Page, server) -> None:
    session = sessions_in("junior-stage")[0]
    page.goto(f"{server.url}/session/{session['id']}")
    page.locator(".where-link a").click()  # the room's page: its plan, directions, sessions (issue 14)
    page.wait_for_selector(PLAN_READY)
    assert page.url.endswith("/room/junior-stage")
    here = page.locator("svg.floor a.room.here")
    expect(here).to_have_count(1)
    expect(here).to_have_attribute("data-room", "junior-stage")
    expect(here).to_have_attribute("aria-current", "location")
    expect(page.locator("main h1")).to_have_text(ROOMS["junior-stage"])


def test_my_schedule_shows_where_the_next_starred_session_is(page: Page, server) -> None:
    later = next(s for s in sessions_in("founders-cafe") if s["start"] > NOW)
    page.add_init_script(f"localStorage.setItem('hallway.stars.v1', {json.dumps(json.dumps([later['id']]))})")
    page.goto(f"{server.url}/my?now={quote(NOW)}")
    page.locator(".next-here a").click()
    page.wait_for_selector(PLAN_READY)
    expect(page.locator("svg.floor a.room.here")).to_have_attribute("data-room", "founders-cafe")
    expect(page.locator(".where")).to_contain_text("Your next session")
    expect(page.locator(".where")).to_contain_text(later["title"])


def test_room_on_the_map_opens_its_page_with_directions_and_sessions_by_day(page: Page, server) -> None:
    open_map(page, f"{server.url}/map?now={quote(NOW)}")
    page.locator('svg.floor a.room[data-room="master-stage"]').click()
    page.wait_for_selector(PLAN_READY)
    assert page.url.split("?")[0].endswith("/room/master-stage")
    expect(page.locator("main h1")).to_have_text(ROOMS["master-stage"])
    expect(page.locator("svg.floor a.room.here")).to_have_attribute("data-room", "master-stage")
    directions = next(r["directions"] for r in VENUE["rooms"] if r["id"] == "master-stage")
    expect(page.locator(".room-place")).to_contain_text(directions)
    titles = [s["title"] for s in sessions_in("master-stage")]
    expect(page.locator(".room-page .card h3")).to_have_text(titles)
    days = sorted({s["start"][:10] for s in sessions_in("master-stage")})
    expect(page.locator(".room-page .day > h3")).to_have_count(len(days))


def test_zoom_buttons_and_a_pinch_zoom_the_plan(browser, server) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    open_map(page, f"{server.url}/map")
    svg = page.locator("svg.floor")
    width = lambda: float(svg.get_attribute("viewBox").split()[2])  # noqa: E731
    full = width()
    page.get_by_role("button", name="Zoom in").click()
    expect(svg).to_have_attribute("data-scale", "1.50")
    assert width() == pytest.approx(full / 1.5, rel=0.01)
    page.get_by_role("button", name="Show the whole floor").click()
    expect(svg).to_have_attribute("data-scale", "1.00")

    box = svg.bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = context.new_cdp_session(page)

    def touch(kind: str, spread: float) -> None:
        points = (
            []
            if kind == "touchEnd"
            else [{"x": cx - spread, "y": cy, "id": 1}, {"x": cx + spread, "y": cy, "id": 2}]
        )
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", 20)
    for spread in range(30, 110, 10):
        touch("touchMove", spread)
    touch("touchEnd", 0)
    assert float(svg.get_attribute("data-scale")) > 2
    assert width() < full / 2
    context.close()


def test_map_and_room_page_work_offline_after_the_first_visit(page: Page, server) -> None:
    page.goto(server.url + "/")
    wait_controlled(page)
    expect(page.locator("main h1")).to_be_visible()
    wait_second_phase(page)  # the map view comes after the first screen (webapp/views/sw.py LATER)
    server.stop()
    open_map(page, f"{server.url}/map?now={quote(NOW)}")
    expect(page.locator("svg.floor a.room")).to_have_count(4)
    page.goto(f"{server.url}/room/founders-cafe")
    page.wait_for_selector(PLAN_READY)
    expect(page.locator(".room-page .card")).to_have_count(len(sessions_in("founders-cafe")))


@pytest.mark.parametrize("path", ["/map?room=central-room", "/room/central-room"])
def test_map_pages_have_no_serious_accessibility_violations(page: Page, server, path: str) -> None:
    open_map(page, server.url + path)
    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert bad == [], [(v["id"], [n["target"] for n in v["nodes"]]) for v in bad]


HOSTILE_PLAN = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200" onload="window.pwned=1">
<script>window.pwned = 2</script>
<rect data-room="main" x="0" y="0" width="200" height="200" onclick="window.pwned=3"/>
<rect id="side" x="200" y="0" width="200" height="200" fill="url(https://example.org/x)"/>
<image href="https://example.org/track.png" width="10" height="10"/>
<text x="200" y="195">Lift</text></svg>"""


def test_an_organizers_svg_plan_is_drawn_without_its_scripts_or_external_references(
    page: Page, make_server
) -> None:
    srv = make_server()
    (srv.data_dir / "venue").mkdir()
    (srv.data_dir / "venue" / "plan.svg").write_text(HOSTILE_PLAN)
    venue = {
        "floors": [{"id": "g", "name": "Ground", "svg": "plan.svg"}],
        "rooms": [{"id": "main", "floor": "g"}],
    }
    (srv.data_dir / "venue.json").write_text(json.dumps(venue))
    offsite: list[str] = []
    page.on("request", lambda r: None if r.url.startswith(srv.url) else offsite.append(r.url))
    open_map(page, srv.url + "/map")
    expect(page.locator("svg.floor a.room")).to_have_count(2)
    page.locator('svg.floor a.room[data-room="main"]').click()
    expect(page.locator("main h1")).to_have_text("Main Room")
    assert page.evaluate("window.pwned") is None
    assert page.locator("svg.floor script, svg.floor image").count() == 0
    assert offsite == []


def test_rooms_on_the_plan_are_reached_and_opened_with_the_keyboard(page: Page, server) -> None:
    open_map(page, f"{server.url}/map")
    focused = None
    for _ in range(40):  # the header, tabs and zoom buttons come first
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement.closest('svg a.room')?.dataset.room || null")
        if focused:
            break
    assert focused in ROOMS
    page.keyboard.press("Enter")
    expect(page.locator("main h1")).to_have_text(ROOMS[focused])
    assert page.url.endswith(f"/room/{focused}")


def test_rooms_view_leads_to_the_map_and_to_a_room_page(page: Page, server) -> None:
    page.goto(f"{server.url}/rooms")
    page.get_by_role("link", name="Venue map: where each room is").click()
    page.wait_for_selector(PLAN_READY)
    page.goto(f"{server.url}/rooms?room=central-room")
    page.get_by_role("link", name=f"How to get to {ROOMS['central-room']}").click()
    expect(page.locator("main h1")).to_have_text(ROOMS["central-room"])
