"""The venue editor's marks and scale, in Chromium against the real server: stairs on a
second floor of a building join the first floor's stairwell by its id (offered from the other
floors), an entrance is named, and the scale is set from two points and the metres between."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.harness.browser import PHONE, phone
from tests.harness.net import request
from tests.harness.organizers import ADA, ENV, sign_in
from tests.harness.schedules import today_schedule


def source(server: Any) -> dict[str, Any]:
    answer = request(server, "GET", "/api/v1/venue/source", headers={"Authorization": f"Bearer {ADA}"})
    assert answer.status == 200, answer.body[:300]
    return answer.json()


def add_floor(page: Any, name: str, building: str, level: int) -> None:
    page.get_by_text("Add a floor").click()
    page.locator("#vf-new-name").fill(name)
    page.locator("#vf-new-building").fill(building)
    page.locator("#vf-new-level").fill(str(level))
    page.get_by_role("button", name="Add the floor").click()
    expect(page.get_by_label("Floor", exact=True).locator("option:checked")).to_contain_text(name)


def test_stairs_join_across_floors_and_the_scale_comes_from_two_points(
    browser, make_server, tmp_path
) -> None:
    server = make_server(today_schedule(tmp_path), env=ENV)
    org = phone(browser, PHONE)
    sign_in(org, server, path="/organize/venue")
    plan = org.locator("#venue-plan")
    org.locator("#vf-new-name").fill("K level 1")
    org.locator("#vf-new-building").fill("K")
    org.locator("#vf-new-level").fill("1")
    org.get_by_role("button", name="Add the floor").click()
    org.get_by_role("radio", name="Stairs").check()
    plan.press("Enter")
    expect(org.locator(".venue-selected h2")).to_contain_text("Stairs A")
    org.get_by_role("radio", name="An entrance").check()
    plan.press("Enter")
    org.get_by_label("Name", exact=True).last.fill("North door")
    org.get_by_label("Note (optional)").fill("Step-free")
    org.get_by_role("button", name="Save", exact=True).click()
    expect(org.locator(".venue-items")).to_contain_text("North door")
    # The scale: two points 100 plan units apart (the plan is 1000 wide), 16 metres between them.
    org.get_by_role("radio", name="The scale (two points)").check()
    plan.press("Enter")
    expect(org.get_by_text("First point marked")).to_be_visible()
    plan.press("Enter")
    org.get_by_label("Metres between points 1 and 2").fill("16")
    org.get_by_role("button", name="Set the scale").click()
    expect(org.get_by_text("Scale set: 6.25 plan units per metre.")).to_be_visible()

    add_floor(org, "K level 2", "K", 2)
    org.get_by_role("radio", name="Stairs").check()
    plan.press("Enter")
    expect(org.locator(".venue-selected h2")).to_contain_text("Stairs B")  # not joined unasked
    join = org.get_by_label("The same stairs or lift as on another floor")
    expect(join.locator("option")).to_have_text(["Choose one", "Stairs A (stairs-a)"])
    join.select_option("stairs-a")
    expect(org.get_by_label("Id", exact=True)).to_have_value("stairs-a")
    # Another building's floor is offered no stairs of K.
    add_floor(org, "U ground", "U", 0)
    org.get_by_role("radio", name="Stairs").check()
    plan.press("Enter")
    expect(org.get_by_label("The same stairs or lift as on another floor")).to_have_count(0)

    org.get_by_role("button", name="Publish the venue").click()
    expect(org.get_by_text("Published as version 1")).to_be_visible(timeout=20000)
    floors = {f["id"]: f for f in source(server)["venue"]["floors"]}
    k1, k2, u0 = floors["k-1-k-level-1"], floors["k-2-k-level-2"], floors["u-0-u-ground"]
    assert [c["id"] for c in k1["connectors"]] == [c["id"] for c in k2["connectors"]] == ["stairs-a"]
    assert k2["connectors"][0]["name"] == "Stairs A" and k2["connectors"][0]["kind"] == "stairs"
    assert [c["id"] for c in u0["connectors"]] == ["stairs-b"]  # a stairwell of its own
    assert k1["entrances"] == [
        {"id": "entrance-a", "name": "North door", "at": [500, 350], "note": "Step-free"}
    ]
    assert k1["scale"] == 6.25 and "scale" not in k2
    assert (k1["building"], k1["level"], u0["building"], u0["level"]) == ("K", 1, "U", 0)
    org.context.close()
