"""Issue 41, buildings and floors from the room names with no venue file: a congress with
FOSDEM-like room names (tests/fixtures/fosdem-like.xml, imported as an organizer would) shows
its map as buildings, their floors and their rooms with what is on now and next; Now, the rooms
grid's picker and the filter panel group the rooms by building, then floor; links promise a map
or directions only where there is one. With a plan, its floor is drawn under its building."""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Page, expect

from tests.harness import FIXTURES
from tests.harness.a11y import serious
from tests.harness.browser import NARROW, PHONES, Profile, phone
from tests.harness.publish import import_schedule

AT = datetime(2026, 1, 31, 11, 25, tzinfo=ZoneInfo("Europe/Brussels"))  # day one, mid-morning
# The buildings the names say, in the order the schedule first names them (K.3.201, Janson,
# H.2215, UD2.120, ...): Janson and Online follow no convention.
BUILDINGS = [
    "Building K",
    "Building H",
    "Building UD",
    "Building AW",
    "Building UA",
    "Building UB",
    "Other rooms",
]
K_FLOORS = {"Level 1": ["K.1.105 (La Fontaine)"], "Level 3": ["K.3.201"], "Level 4": ["K.4.401"]}
IN_BUILDING = {
    "Building K": ["K.1.105 (La Fontaine)", "K.3.201", "K.4.401"],  # floor order, not the source's
    "Building H": ["H.1301 (Cornil)", "H.2215 (Ferrer)"],
    "Other rooms": ["Janson", "Online"],
}
SCREEN = PHONES[1]  # 390 x 844
MEASURE = "[document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth, \
getComputedStyle(document.body).fontSize]"


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    path = import_schedule(FIXTURES / "fosdem-like.xml", tmp_path_factory.mktemp("fosdem") / "schedule.json")
    return path, json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture
def server(make_server, imported):
    srv = make_server(schedule=imported[0])
    assert not (srv.data_dir / "venue.json").exists()  # the names alone
    return srv


def on_at(doc: dict[str, Any], room: str) -> list[str]:
    return [
        s["title"]
        for s in doc["sessions"]
        if s["room"] == room and datetime.fromisoformat(s["start"]) <= AT < datetime.fromisoformat(s["end"])
    ]


def next_at(doc: dict[str, Any], room: str) -> str | None:
    later = sorted(
        (s for s in doc["sessions"] if s["room"] == room and datetime.fromisoformat(s["start"]) > AT),
        key=lambda s: s["start"],
    )
    return later[0]["title"] if later else None


def room_id(doc: dict[str, Any], name: str) -> str:
    return next(r["id"] for r in doc["rooms"] if r["name"] == name)


def test_the_map_shows_buildings_their_floors_and_rooms_with_what_is_on_now(
    browser, server, imported
) -> None:
    doc = imported[1]
    page = phone(browser, SCREEN, at=AT)
    page.goto(server.url + "/map")
    buildings = page.locator("details.building")
    expect(buildings.locator("> summary h2")).to_have_text(BUILDINGS)
    k = page.locator('details.building[data-building="K"]')
    expect(k).to_have_attribute("open", "")  # a venue this size starts with every building open
    expect(k.locator(".level > h3")).to_have_text(list(K_FLOORS))
    for floor, names in K_FLOORS.items():
        expect(
            k.locator(".level", has=page.locator(f'h3:text-is("{floor}")')).locator("a.name")
        ).to_have_text(names)
    for title, names in IN_BUILDING.items():
        group = buildings.filter(has=page.locator(f'summary h2:text-is("{title}")'))
        expect(group.locator("a.name")).to_have_text(names)
    busy = 0
    for room in doc["rooms"]:
        row = page.locator(f'.roomlist li[data-room="{room["id"]}"]')
        expect(row.locator("a.name")).to_have_attribute("href", f"/room/{room['id']}")
        on = on_at(doc, room["id"])
        expect(row.locator(".what.on")).to_have_text(" · ".join(on) if on else "Nothing on")
        expect(row.locator(".what.next")).to_contain_text(next_at(doc, room["id"]) or "Nothing more here")
        busy += bool(on)
    assert 0 < busy < len(doc["rooms"]), "the pinned time must have rooms in use and rooms between talks"
    expect(page.get_by_text("Not on the plan")).to_have_count(0)  # no plan: nothing to be left off
    # 12 rooms in a page a person scans in two screens (a card per room: 1,905 px before).
    height = page.evaluate("document.scrollingElement.scrollHeight")
    assert height <= 2 * SCREEN["height"], height
    page.context.close()


def test_a_highlighted_room_opens_its_building_when_the_venue_is_large(
    browser, make_server, tmp_path, imported
) -> None:
    # 24 rooms: past the list's two screens, buildings start closed but for the room asked for.
    doc = json.loads(json.dumps(imported[1]))
    extra = [{"id": f"k-2-{n}", "name": f"K.2.{n}"} for n in range(100, 112)]
    doc["rooms"] += extra
    path = tmp_path / "schedule.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    srv = make_server(schedule=path)
    page = phone(browser, SCREEN, at=AT)
    page.goto(srv.url + "/map?room=" + room_id(doc, "UA2.114 (Baudoux)"))
    expect(page.locator("details.building > summary h2")).to_have_text(BUILDINGS)
    expect(page.locator("details.building[open]")).to_have_count(1)
    ua = page.locator('details.building[data-building="UA"]')
    expect(ua).to_have_attribute("open", "")
    expect(ua.locator("li.here a.name")).to_have_text("UA2.114 (Baudoux)")
    k_head = page.locator('details.building[data-building="K"] > summary')
    expect(k_head).to_contain_text("15 rooms · 1 in use now")
    k_head.click()
    expect(page.locator('details.building[data-building="K"] .level > h3')).to_have_text(
        ["Level 1", "Level 2", "Level 3", "Level 4"]
    )
    page.context.close()


def test_now_lists_rooms_by_building_then_floor_with_starred_rooms_first(browser, server, imported) -> None:
    doc = imported[1]
    online = room_id(doc, "Online")
    starred = next(
        s for s in doc["sessions"] if s["room"] == online and datetime.fromisoformat(s["start"]) > AT
    )
    page = phone(browser, SCREEN, at=AT)
    page.add_init_script(
        f"localStorage.setItem('hallway.stars.v1', {json.dumps(json.dumps([starred['id']]))})"
    )
    page.goto(server.url + "/now")
    groups = page.locator("section.building-group")
    expect(groups.locator("> h2")).to_have_text(["Your starred sessions", *BUILDINGS])
    expect(groups.first.locator(".nowrow")).to_have_attribute("data-room", online)
    for title, names in IN_BUILDING.items():
        group = groups.filter(has=page.locator(f'h2:text-is("{title}")'))
        expect(group.locator(".nowrow h3")).to_have_text([n for n in names if n != "Online"])
    expect(page.locator(f'.nowrow[data-room="{online}"]')).to_have_count(1)
    page.context.close()


def test_the_room_pickers_group_rooms_by_building_then_floor(browser, server) -> None:
    page = phone(browser, SCREEN, at=AT)
    page.goto(server.url + "/rooms?day=2026-01-31")
    page.locator(".roompick summary").click()
    chips = page.locator("nav.chips .chipgroup")
    expect(chips).to_have_count(len(BUILDINGS))
    assert [chips.nth(i).get_attribute("aria-label") for i in range(len(BUILDINGS))] == BUILDINGS
    for title, names in IN_BUILDING.items():
        expect(page.locator(f'.chipgroup[aria-label="{title}"] a')).to_have_text(names)

    page.goto(server.url + "/?day=2026-01-31")
    page.locator(".find > details > summary").click()
    page.locator('[data-pick="room"] summary').click()
    sections = page.locator('[data-pick="room"] .pick-section')
    expect(sections.locator("> legend")).to_have_text(BUILDINGS)
    k = sections.filter(has=page.locator('legend:text-is("Building K")'))
    expect(k.locator("label.opt")).to_have_text(IN_BUILDING["Building K"])
    k.get_by_role("checkbox", name="K.3.201", exact=True).check()  # a box in a group still filters
    page.wait_for_url(re.compile(r"room=k-3-201"))
    expect(page.locator(".results .card")).to_have_count(2)  # its two talks of day one
    page.context.close()


def test_links_to_a_room_promise_only_what_the_venue_has(browser, server, imported) -> None:
    doc = imported[1]
    k3 = room_id(doc, "K.3.201")
    talk = next(s for s in doc["sessions"] if s["room"] == k3 and datetime.fromisoformat(s["start"]) > AT)
    page = phone(browser, SCREEN, at=AT)
    page.add_init_script(f"localStorage.setItem('hallway.stars.v1', {json.dumps(json.dumps([talk['id']]))})")
    page.goto(server.url + f"/session/{talk['id']}")
    expect(page.locator(".where-link")).to_have_text("Where: K.3.201 (where it is)")
    page.goto(server.url + "/my")
    expect(page.locator(".next-here a")).to_have_text("K.3.201 (where it is)")
    page.goto(server.url + f"/room/{k3}")
    expect(page.locator(".building-level")).to_have_text("Building K, Level 3")
    expect(page.get_by_text("This room is not on the venue plan.")).to_have_count(0)
    page.context.close()


def test_a_plan_of_one_floor_is_drawn_under_its_building(browser, server, imported) -> None:
    doc = imported[1]
    k3 = room_id(doc, "K.3.201")
    venue = {
        "floors": [
            {"id": "k3", "name": "K, third floor", "building": "K", "level": 3, "width": 100, "height": 50}
        ],
        "rooms": [
            {"id": k3, "floor": "k3", "shape": {"rect": [0, 0, 40, 50]}, "directions": "Stairs up to 3."}
        ],
    }
    (server.data_dir / "venue.json").write_text(json.dumps(venue), encoding="utf-8")
    page = phone(browser, SCREEN, at=AT)
    page.goto(server.url + "/map")
    k = page.locator('details.building[data-building="K"]')
    floor = k.locator(".level", has=page.locator('h3:text-is("K, third floor")'))
    expect(floor.locator(f'svg.floor a.room[data-room="{k3}"]')).to_have_count(1)
    expect(floor.locator("a.name")).to_have_text(["K.3.201"])
    expect(page.locator("details.building svg.floor")).to_have_count(1)  # no plan drawn apart
    expect(page.locator('.roomlist li[data-room="online"] .floor')).to_have_text("Not on the plan")
    talk = next(s for s in doc["sessions"] if s["room"] == k3)
    page.goto(server.url + f"/session/{talk['id']}")
    expect(page.locator(".where-link")).to_have_text("Where: K.3.201 (map and directions)")
    page.context.close()


def test_the_grouped_views_fit_320_px_at_200_percent_text(playwright, server, tmp_path) -> None:
    context = Profile(playwright, tmp_path / "profile", NARROW, font_px=32).context
    context.clock.install(time=AT)
    page = context.pages[0] if context.pages else context.new_page()
    wide = {}
    for path, ready in [
        ("/map", "details.building"),
        ("/now", "section.building-group"),
        ("/rooms?day=2026-01-31", ".roompick"),
    ]:
        page.goto(server.url + path)
        expect(page.locator(ready).first).to_be_visible()
        if path.startswith("/rooms"):
            page.locator(".roompick summary").click()
            expect(page.locator(".chipgroup").first).to_be_visible()
        got = page.evaluate(MEASURE)
        if got[0] > got[1] or got[2] != "32px":
            wide[path] = got
    context.close()
    assert wide == {}


@pytest.mark.parametrize("path", ["/map", "/now", "/rooms?day=2026-01-31"])
def test_the_grouped_views_have_no_serious_accessibility_violations(browser, server, path) -> None:
    page = phone(browser, SCREEN, at=AT)
    page.goto(server.url + path)
    expect(page.locator("details.building, section.building-group, .roompick").first).to_be_visible()
    if path.startswith("/rooms"):
        page.locator(".roompick summary").click()
        expect(page.locator(".chipgroup").first).to_be_visible()
    assert serious(page) == []
    page.context.close()


GROUPS = """([venue, rooms, options]) => window.mod.groupRooms(venue, rooms, options)
  .map((g) => [g.building, g.levels.map((l) => [l.level, l.floor, l.rooms.map((r) => r.id)])])"""
VENUE = {
    "buildings": [
        {
            "id": "K",
            "name": "K",
            "levels": [
                {"level": -1, "floor": None},
                {"level": 3, "floor": "k3"},
                {"level": None, "floor": None},
            ],
        },
        {"id": "H", "name": "H", "levels": [{"level": 1, "floor": None}]},
    ],
    "rooms": [
        {"id": "k3a", "building": "K", "level": 3},
        {"id": "h1", "building": "H", "level": 1},
        {"id": "kx", "building": "K", "level": None},
        {"id": "online", "building": None, "level": None},
        {"id": "kb", "building": "K", "level": -1},
        {"id": "k3b", "building": "K", "level": 3},
    ],
}


@pytest.mark.parametrize(
    ("venue", "rooms", "options", "groups"),
    [
        # The venue's order of buildings; levels ascending, unknown last; rooms in the given order.
        (
            VENUE,
            ["k3b", "online", "h1", "kx", "k3a", "kb"],
            {},
            [
                ["K", [[-1, None, ["kb"]], [3, "k3", ["k3b", "k3a"]], [None, None, ["kx"]]]],
                ["H", [[1, None, ["h1"]]]],
                [None, [[None, None, ["online"]]]],
            ],
        ),
        # Nearest first: buildings and levels by their first room; the rooms on no building last.
        (
            VENUE,
            ["online", "h1", "k3a", "kb"],
            {"byFirst": True},
            [
                ["H", [[1, None, ["h1"]]]],
                ["K", [[3, "k3", ["k3a"]], [-1, None, ["kb"]]]],
                [None, [[None, None, ["online"]]]],
            ],
        ),
        # A room the venue does not know, and a document without buildings (an older server).
        (VENUE, ["nope", "h1"], {}, [["H", [[1, None, ["h1"]]]], [None, [[None, None, ["nope"]]]]]),
        ({"rooms": VENUE["rooms"]}, ["k3a", "h1"], {}, [[None, [[None, None, ["k3a", "h1"]]]]]),
        (None, ["k3a"], {}, [[None, [[None, None, ["k3a"]]]]]),
    ],
)
def test_room_groups_follow_the_venue_documents_buildings_and_levels(
    app_modules: Page, venue, rooms, options, groups
) -> None:
    from tests.harness.modules import import_module

    import_module(app_modules, "js/data/room-groups.js")
    assert app_modules.evaluate(GROUPS, [venue, [{"id": r} for r in rooms], options]) == groups
