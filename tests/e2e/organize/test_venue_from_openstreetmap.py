"""An organizer imports the venue from an OpenStreetMap indoor map (tests/fixtures/osm/campus.osm)
in the console on a phone: the report says which schedule rooms the map has, and once saved an
attendee's map shows the venue's floors with the room on its plan."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import expect

from tests.harness.a11y import serious
from tests.harness.browser import PHONE
from tests.harness.net import get_json
from tests.harness.organizers import ENV, attendee, sign_in
from tests.harness.schedules import today_schedule

CAMPUS = Path(__file__).parents[2] / "fixtures" / "osm" / "campus.osm"


def campus_schedule(tmp_path: Path) -> Path:
    """MiniCon today, its two rooms named as the campus's: one mapped (ref K.0.101), one not."""
    path = today_schedule(tmp_path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["rooms"] = [{"id": "main", "name": "K.0.101 (Auditorium)"}, {"id": "side", "name": "Janson"}]
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_an_osm_map_imported_in_the_console_becomes_the_attendees_map(browser, make_server, tmp_path) -> None:
    server = make_server(campus_schedule(tmp_path), env=ENV)
    before = get_json(server, "/api/v1/venue.json")
    assert before["floors"] == []
    org_context = browser.new_context(viewport=PHONE)
    org = org_context.new_page()
    sign_in(org, server)

    org.get_by_label("Map file").set_input_files(CAMPUS)
    report = org.locator("[data-osm-report]")
    expect(report.get_by_role("status")).to_have_text("3 floors · 1 of 2 schedule rooms found on the map")
    found = report.get_by_role("list").nth(0)
    expect(found.get_by_role("listitem")).to_have_text(["K.0.101 (Auditorium) on Building K, level 0"])
    expect(report.get_by_role("heading", name="Schedule rooms not on the map")).to_be_visible()
    expect(report.get_by_role("list").nth(1).get_by_role("listitem")).to_have_text(["Janson"])
    expect(report.get_by_role("heading", name="Mapped rooms the schedule does not use")).to_be_visible()
    expect(report.get_by_role("list").nth(2)).to_contain_text("Toilets")
    # Shown, not yet saved.
    assert get_json(server, "/api/v1/venue.json")["floors"] == []
    assert org.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    assert serious(org, ".osm-import") == []

    org.get_by_role("button", name="Use this map for the venue").click()
    expect(org.locator("[data-osm-saved]")).to_contain_text("Saved: phones get the new plan")
    venue = get_json(server, "/api/v1/venue.json")
    assert venue["version"] > before["version"]
    assert [f["id"] for f in venue["floors"]] == ["H-0", "K-0", "K-1"]

    phone_context, phone = attendee(browser, server, "/map?day=all")
    # Each floor's plan, under its building (the map groups by building, then floor).
    floors = phone.locator("section.floor")
    expect(floors).to_have_count(3)
    assert [f.get_attribute("data-floor") for f in floors.all()] == ["H-0", "K-0", "K-1"]
    room = phone.locator('svg.floor a.room[data-room="main"]')
    expect(room).to_have_count(1)
    expect(room).to_have_attribute("href", "/room/main")
    for context in (org_context, phone_context):
        context.close()
