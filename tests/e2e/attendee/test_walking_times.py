"""Walking time and "near me" in Chromium, on a campus made for it (tests/fixtures/walking/):
building K with a scaled plan of two floors, K.1.101 right under K.2.201, the stairs 100 m
from them and the lift 150 m (4 min by stairs, 7 by lift), K.2.250 20 m from K.2.201, K.1.150
at the far end, and building U known by its rooms' names only. The page's clock is pinned.

The minutes in the assertions are worked out by hand from the model in docs/venue.md."""

from __future__ import annotations

import json
import shutil
import urllib.request
from datetime import datetime

import pytest
from playwright.sync_api import Page, expect

from tests.harness import ROOT
from tests.harness.browser import wait_controlled
from tests.harness.worker_caches import wait_second_phase

FIXTURE = ROOT / "tests" / "fixtures" / "walking"
MORNING = datetime.fromisoformat("2026-04-07T09:30:00+02:00")
DURING = datetime.fromisoformat("2026-04-07T11:10:00+02:00")
STARRED = ["w1", "w2", "w6"]  # K.1.101 to 10:58, K.2.201 from 11:00 to 11:45, U1.110 at 13:00


@pytest.fixture
def campus(make_server):
    server = make_server(schedule=FIXTURE / "schedule.json")
    shutil.copy(FIXTURE / "venue.json", server.data_dir / "venue.json")
    return server


def phone(browser, when: datetime, stars: list[str] = (), stored: dict[str, str] | None = None) -> Page:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.clock.install(time=when)
    seed = {"hallway.stars.v1": json.dumps(list(stars)), **(stored or {})}
    context.add_init_script(
        f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');"
        f" for (const [k, v] of Object.entries({json.dumps(seed)})) localStorage.setItem(k, v); }}"
    )
    return context.new_page()


def test_the_venue_document_carries_the_walking_table(campus) -> None:
    with urllib.request.urlopen(f"{campus.url}/api/v1/venue.json") as response:
        walk = json.load(response)["walk"]
    at = walk["rooms"].index
    assert walk["minutes"][at("K-1-101")][at("K-2-201")] == 4
    assert walk["minutes"][at("K-2-201")][at("K-2-250")] == 1
    assert walk["step_free"][at("K-1-101")][at("K-2-201")] == 7
    assert walk["from_plan"] is True


def test_a_starred_pair_across_floors_with_a_short_gap_is_too_tight_in_my_schedule(browser, campus) -> None:
    page = phone(browser, MORNING, STARRED)
    page.goto(f"{campus.url}/my")
    tight = page.locator(".my .walk.tight")
    expect(tight).to_have_count(1)
    expect(tight).to_have_text("⚠ Too tight: 4 min walk from K.1.101, 2 min gap")
    # it stands right before the session it is about
    assert tight.evaluate("(el) => el.nextElementSibling.dataset.session") == "w2"
    # a pair with time enough: the walk and when to leave
    expect(page.locator(".my .walk:not(.tight)")).to_have_text("9 min walk from K.2.201 · leave by 12:51")
    assert page.evaluate("document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth")


def test_the_step_free_switch_makes_every_walking_time_go_by_lift(browser, campus) -> None:
    page = phone(browser, MORNING, STARRED)
    page.goto(f"{campus.url}/my")
    expect(page.locator(".my .walk.tight")).to_contain_text("Too tight: 4 min walk")
    page.locator("#more-menu summary").click()
    switch = page.get_by_role("switch", name="Step-free routes")
    expect(switch).not_to_be_checked()
    switch.check()
    expect(page.locator(".my .walk.tight")).to_contain_text("Too tight: 7 min walk")
    expect(page.locator(".my .walk:not(.tight)")).to_have_text("13 min walk from K.2.201 · leave by 12:47")
    # kept on the device: a new visit walks step-free too
    page.reload()
    expect(page.locator(".my .walk.tight")).to_contain_text("Too tight: 7 min walk")
    expect(page.locator("#step-free")).to_be_checked()


def test_a_damaged_step_free_choice_on_the_device_is_ignored(browser, campus) -> None:
    page = phone(browser, MORNING, STARRED, {"hallway.step-free.v1": '{"on": true}'})
    page.goto(f"{campus.url}/my")
    expect(page.locator(".my .walk.tight")).to_contain_text("Too tight: 4 min walk")
    expect(page.locator("#step-free")).not_to_be_checked()


def test_a_session_page_says_the_walk_from_the_starred_session_before_it(browser, campus) -> None:
    page = phone(browser, MORNING, STARRED)
    page.goto(f"{campus.url}/session/w6")
    expect(page.locator(".detail .walk")).to_have_text("9 min walk from K.2.201 · leave by 12:51")


def rows(page: Page) -> list[str]:
    return page.locator(".nowrow").evaluate_all("(rows) => rows.map((r) => r.dataset.room)")


def test_after_a_door_scan_now_lists_the_nearest_rooms_first(browser, campus) -> None:
    page = phone(browser, DURING)
    page.goto(f"{campus.url}/now")
    expect(page.locator(".here-said")).to_contain_text("Where are you?")
    # with nowhere to start from: by building and floor in the venue's order, level 1 first
    expect(page.locator(".building-group .nowrow").first).to_have_attribute("data-room", "K-1-150")
    assert rows(page) == ["K-1-150", "K-1-101", "K-2-250", "K-2-201", "U1-110"]

    page.goto(f"{campus.url}/scan")
    page.locator("#scan-typed").fill("w2")  # the code on K.2.201's door, typed
    page.locator(".scan-type button[type=submit]").click()
    expect(page.locator("main h1")).to_have_text("Upper Floor Talk")
    page.locator("nav.tabs a[data-nav=now]").click()

    expect(page.locator(".here-said")).to_have_text("You are at K.2.201: the door you scanned.")
    expect(page.locator(".building-group .nowrow").first).to_have_attribute("data-room", "K-2-201")
    assert rows(page) == ["K-2-201", "K-2-250", "K-1-101", "K-1-150", "U1-110"]
    expect(page.locator('.nowrow[data-room="K-2-201"] .walk-tag')).to_have_text("You are here")
    expect(page.locator('.nowrow[data-room="K-2-250"] .walk-tag')).to_have_text("1 min walk")
    expect(page.locator('.nowrow[data-room="U1-110"] .walk-tag')).to_have_text("9 min walk")

    # the map marks it, on the plan
    page.goto(f"{campus.url}/map")
    here = page.locator("svg.floor a.room.you-are-here")
    expect(here).to_have_count(1)
    expect(here).to_have_attribute("data-room", "K-2-201")
    assert here.get_attribute("aria-label").startswith("You are here.")


def test_a_scanned_door_says_little_after_half_an_hour(browser, campus) -> None:
    page = phone(browser, DURING)
    page.goto(f"{campus.url}/scan")
    page.locator("#scan-typed").fill("w2")
    page.locator(".scan-type button[type=submit]").click()
    expect(page.locator("main h1")).to_have_text("Upper Floor Talk")
    page.clock.fast_forward("31:00")
    page.goto(f"{campus.url}/now")
    expect(page.locator(".here-said")).to_contain_text("Where are you?")
    expect(page.locator(".building-group .nowrow").first).to_have_attribute("data-room", "K-1-150")


def test_i_am_at_orders_now_from_the_room_chosen(browser, campus) -> None:
    page = phone(browser, DURING)
    page.goto(f"{campus.url}/now")
    expect(page.locator(".building-group .nowrow").first).to_have_attribute("data-room", "K-1-150")
    page.get_by_label("I am at").select_option("K-2-250")
    expect(page.locator(".here-said")).to_have_text("You are at K.2.250, as you said.")
    expect(page.locator(".building-group .nowrow").first).to_have_attribute("data-room", "K-2-250")
    # its floor first (K.2.201 1 min), then level 1 (4 min each, in the venue's order), then U
    assert rows(page) == ["K-2-250", "K-2-201", "K-1-150", "K-1-101", "U1-110"]


def test_near_me_works_offline_from_the_scan_to_the_map(browser, campus) -> None:
    page = phone(browser, DURING)
    page.goto(f"{campus.url}/now")
    expect(page.locator(".here-said")).to_contain_text("Where are you?")
    wait_controlled(page)
    wait_second_phase(page)  # the scanner's and the map's modules, fetched once idle
    campus.stop()

    page.goto(f"{campus.url}/scan")
    page.locator("#scan-typed").fill("w2")
    page.locator(".scan-type button[type=submit]").click()
    expect(page.locator("main h1")).to_have_text("Upper Floor Talk")
    response = page.goto(f"{campus.url}/now")
    assert response is not None and response.from_service_worker
    expect(page.locator('.nowrow[data-room="K-2-250"] .walk-tag')).to_have_text("1 min walk")
    expect(page.locator(".building-group .nowrow").first).to_have_attribute("data-room", "K-2-201")
    assert rows(page) == ["K-2-201", "K-2-250", "K-1-101", "K-1-150", "U1-110"]
    page.goto(f"{campus.url}/map")
    expect(page.locator("svg.floor a.room.you-are-here")).to_have_attribute("data-room", "K-2-201")
