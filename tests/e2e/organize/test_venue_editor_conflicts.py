"""The venue editor when the server disagrees: another organizer published the venue
meanwhile (412: both shown, nothing lost, mine sent only when asked), and a venue the server
refuses (422: its problems listed). Rooms placed with the keyboard alone."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import expect

from tests.harness.browser import PHONE, phone
from tests.harness.net import request
from tests.harness.organizers import ADA, BOB, ENV, keep, sign_in
from tests.harness.schedules import today_schedule


def source(server: Any) -> dict[str, Any]:
    answer = request(server, "GET", "/api/v1/venue/source", headers={"Authorization": f"Bearer {ADA}"})
    assert answer.status == 200, answer.body[:300]
    return answer.json()


def put_venue(server: Any, doc: dict[str, Any], version: int, token: str) -> Any:
    headers = {
        "Authorization": f"Bearer {token}",
        "If-Match": f'"{version}"',
        "Content-Type": "application/json",
    }
    return request(server, "PUT", "/api/v1/venue", body=json.dumps(doc).encode(), headers=headers)


def test_a_venue_changed_meanwhile_shows_both_and_mine_waits_for_my_choice(
    browser, make_server, tmp_path
) -> None:
    server = make_server(today_schedule(tmp_path), env=ENV)
    org = phone(browser, PHONE)
    sign_in(org, server, path="/organize/venue")
    org.locator("#vf-new-name").fill("Ground")
    org.keyboard.press("Enter")  # the form's submit, from the keyboard
    expect(org.get_by_label("Floor", exact=True)).to_contain_text("Ground")
    org.get_by_label("Room to place").select_option(label="Main Room")
    plan = org.locator("#venue-plan")
    plan.focus()
    org.keyboard.press("Enter")  # at the centre of the plan
    expect(org.locator(".venue-items li")).to_have_count(1)
    expect(plan).to_be_focused()
    org.keyboard.press("ArrowRight")
    org.keyboard.press("Shift+ArrowDown")
    expect(plan).to_be_focused()

    # Bob publishes another venue from his laptop before Ada does.
    theirs = {
        "floors": [{"id": "hall", "name": "Hall", "width": 100, "height": 50}],
        "rooms": [{"id": "side", "floor": "hall", "at": [10, 10]}],
    }
    assert put_venue(server, theirs, 0, BOB).status == 200
    org.get_by_role("button", name="Publish the venue").click()
    queued = org.locator(".outbox .queued")
    expect(queued).to_contain_text("Changed meanwhile", timeout=20000)
    expect(queued).to_contain_text("version 1")
    diff = queued.locator(".venue-diff li")
    expect(diff.filter(has_text="Room main")).to_contain_text("yours: Ground at 504, 372")
    expect(diff.filter(has_text="Room main")).to_contain_text("theirs: not on the plan")
    expect(diff.filter(has_text="Room side")).to_contain_text("theirs: Hall at 10, 10")
    got = source(server)
    assert (got["version"], got["venue"]) == (1, theirs)  # nothing overwritten

    org.get_by_role("button", name="Publish mine anyway").click()
    expect(org.locator(".outbox")).to_be_hidden(timeout=20000)
    got = source(server)
    assert got["version"] == 2
    assert got["venue"]["rooms"] == [{"id": "main", "floor": "ground", "at": [504.4, 372.2]}]
    # The next edit stands on the version mine made: published with no conflict.
    org.get_by_role("button", name="Select Main Room").click()
    plan.press("ArrowLeft")
    org.get_by_role("button", name="Publish the venue").click()
    expect(org.get_by_text("Published as version 3")).to_be_visible(timeout=20000)
    assert source(server)["venue"]["rooms"] == [{"id": "main", "floor": "ground", "at": [500, 372.2]}]
    org.context.close()


def test_a_venue_the_server_refuses_lists_its_problems(browser, make_server, tmp_path) -> None:
    server = make_server(today_schedule(tmp_path), env=ENV)
    org = phone(browser, PHONE)
    sign_in(org, server)
    bad = {
        "floors": [{"id": "f", "name": "F", "width": 10, "height": 10}],
        "rooms": [
            {"id": "nowhere", "floor": "f", "at": [1, 1]},
            {"id": "main", "floor": "f", "at": [50, 50]},
        ],
    }
    item = {
        "key": "k-venue",
        "body": {"kind": "venue", "doc": bad, "version": 0},
        "label": "The venue plan, 2 rooms placed",
        "state": "waiting",
    }
    keep(org, [item])
    org.goto(server.url + "/organize/venue?poll=1")
    queued = org.locator(".outbox .queued")
    expect(queued).to_contain_text("Refused", timeout=20000)
    expect(queued).to_contain_text("The server found problems in it")
    problems = queued.locator(".problems li")
    expect(problems.filter(has_text="(nowhere)")).to_contain_text("not a room of the schedule")
    expect(problems.filter(has_text="(main)")).to_contain_text("inside the floor")
    assert source(server)["version"] == 0
    org.context.close()
