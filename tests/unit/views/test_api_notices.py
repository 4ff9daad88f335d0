"""Room status and announcements through the versioned feed: /api/v1/changes, the schedule
document's `notices` (current at the server's clock), the command line."""

# ruff: noqa: E501 - request bodies read best on one line

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from referencing import Registry, Resource

from webapp import create_app
from webapp.domain.timeutil import parse_iso

SCHEMAS = Path(__file__).parents[3] / "webapp" / "schemas"
TOKEN = "notice-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


def _schema(name: str) -> dict:
    return json.loads((SCHEMAS / name).read_text(encoding="utf-8"))


REGISTRY = Registry().with_resources(
    (s["$id"], Resource.from_contents(s))
    for s in map(_schema, ("correction.schema.json", "changes.schema.json"))
)
CHANGES = jsonschema.Draft202012Validator(_schema("changes.schema.json"), registry=REGISTRY)
SCHEDULE = jsonschema.Draft202012Validator(_schema("schedule.schema.json"))


@pytest.fixture
def now():
    return [parse_iso("2026-04-07T09:00:00+02:00")]


@pytest.fixture
def app(data_dir: Path, now):
    return create_app(
        {"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": TOKEN, "CLOCK": lambda: now[0]}
    )


def post(client, body: dict) -> dict:
    resp = client.post("/api/v1/corrections", json=body, headers=AUTH)
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def test_room_status_and_announcements_reach_both_feeds_and_clear_at_the_end_of_the_day(client, now):
    post(client, {"kind": "room_status", "room": "main", "status": "full", "note": "standing room only"})
    post(client, {"kind": "announce", "text": "Lunch is in Hall B today", "session": "q4w5e6"})
    feed = client.get("/api/v1/changes?since=0").get_json()
    CHANGES.validate(feed)
    assert [(c["kind"], c["session"], c["after"]) for c in feed["changes"]] == [
        ("room_status", None, {"room": "main", "status": "full"}),
        ("announce", None, {"text": "Lunch is in Hall B today", "session": "q4w5e6"}),
    ]
    doc = client.get("/api/v1/schedule.json")
    SCHEDULE.validate(doc.get_json())
    notices = doc.get_json()["notices"]
    assert notices["rooms"] == {
        "main": {
            "status": "full",
            "note": "standing room only",
            "version": 1,
            "until": "2026-04-08T00:00:00+02:00",
        }
    }
    assert [(a["version"], a["text"], a["session"]) for a in notices["announcements"]] == [
        (2, "Lunch is in Hall B today", "q4w5e6")
    ]
    # Same version, a day later: the status has cleared and the document (and its ETag) says so.
    now[0] = parse_iso("2026-04-08T08:00:00+02:00")
    later = client.get("/api/v1/schedule.json", headers={"If-None-Match": doc.headers["ETag"]})
    assert later.status_code == 200 and later.get_json()["version"] == 2
    assert later.get_json()["notices"]["rooms"] == {}
    assert len(later.get_json()["notices"]["announcements"]) == 1


def test_a_revert_withdraws_an_announcement_and_sessions_are_untouched(client):
    before = client.get("/api/v1/schedule.json").get_json()["sessions"]
    post(client, {"kind": "announce", "text": "Coffee in the lobby"})
    withdrawn = post(client, {"kind": "revert", "reverts": 1})
    assert (withdrawn["session"], withdrawn["before"], withdrawn["after"]) == (
        None,
        {"text": "Coffee in the lobby"},
        {},
    )
    doc = client.get("/api/v1/schedule.json").get_json()
    assert doc["notices"] == {"rooms": {}, "announcements": []}
    assert doc["sessions"] == before


def test_the_cli_sets_a_room_status_and_announces(app):
    runner = app.test_cli_runner()
    status = runner.invoke(
        args=["corrections", "add", "room_status", "side", "status=closed", "--note", "flooded"]
    )
    assert status.exit_code == 0, status.output
    assert status.output == "v1 room_status: room side is closed (flooded) [by cli]\n"
    said = runner.invoke(args=["corrections", "add", "announce", "text=Lunch is in Hall B today"])
    assert said.output == "v2 announce: announcement: Lunch is in Hall B today [by cli]\n"
    listed = runner.invoke(args=["corrections", "list"]).output
    assert "room side is closed" in listed and "announcement: Lunch" in listed
    bad = runner.invoke(args=["corrections", "add", "room_status", "side", "status=packed"])
    assert bad.exit_code == 1 and "open, full or closed" in bad.output
