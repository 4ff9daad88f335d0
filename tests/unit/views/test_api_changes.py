"""GET /api/v1/changes and the versioned schedule.json: `since` edge cases, reloads, the contract."""

# ruff: noqa: E501 - tables of cases read best one per line

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest
from referencing import Registry, Resource

from webapp import create_app
from webapp.serving import runtime
from webapp.serving.writes import publish

SCHEMAS = Path(__file__).parents[3] / "webapp" / "schemas"


def _schema(name: str) -> dict:
    return json.loads((SCHEMAS / name).read_text(encoding="utf-8"))


REGISTRY = Registry().with_resources(
    (s["$id"], Resource.from_contents(s))
    for s in map(_schema, ("correction.schema.json", "changes.schema.json"))
)
CHANGES = jsonschema.Draft202012Validator(_schema("changes.schema.json"), registry=REGISTRY)
SCHEDULE = jsonschema.Draft202012Validator(_schema("schedule.schema.json"))

EDITS = [
    {"kind": "move", "session": "s1a2b3", "room": "side", "note": "bigger room"},
    {"kind": "retime", "session": "k9x8y7", "start": "2026-04-07T11:00:00+02:00", "end": "2026-04-07T11:10:00+02:00"},
    {"kind": "cancel", "session": "q4w5e6"},
    {"kind": "edit", "session": "k9x8y7", "title": "Compiling More Things", "speakers": ["ada-lovelace"]},
    {"kind": "add", "title": "Extra", "start": "2026-04-08T12:00:00+02:00", "end": "2026-04-08T12:30:00+02:00"},
    {"kind": "restore", "session": "q4w5e6"},
    {"kind": "revert", "reverts": 1},
]  # fmt: skip
# Several of these clash (a room taken, outside the day's hours): published anyway.
EDITS = [{**edit, "force": True} for edit in EDITS]


@pytest.fixture
def app(data_dir: Path):
    return create_app({"TESTING": True, "DATA_DIR": str(data_dir), "CHANGES_LIMIT": 100})


def changes(client, since: object) -> dict:
    resp = client.get(f"/api/v1/changes?since={since}")
    assert resp.status_code == 200
    doc = resp.get_json()
    CHANGES.validate(doc)
    # The store's id is the same in every answer of one store (tests/unit/web/test_feed_store.py
    # checks what it means); the answers compared here are about versions.
    whole = client.get("/api/v1/schedule.json").get_json()
    assert doc.pop("store") == whole["store"]
    assert doc.pop("stamp") == whole["stamp"]  # the newest version's, in both
    return doc


def apply_like_a_client(schedule: dict, feed: dict) -> dict:
    """The documented client rule: add creates the session from `after`, otherwise set `after`."""
    doc = copy.deepcopy(schedule)
    for change in feed["changes"]:
        session = next((s for s in doc["sessions"] if s["id"] == change["session"]), None)
        if change["kind"] == "add" and session is None:
            doc["sessions"].append(dict(change["after"]))
        else:
            session.update(change["after"])
    doc["version"], doc["stamp"] = feed["version"], feed["stamp"]
    return doc


def test_a_client_applying_the_changes_gets_exactly_the_served_schedule(app, client):
    old = client.get("/api/v1/schedule.json").get_json()
    for body in EDITS:
        publish(runtime(app), body)
    new = client.get("/api/v1/schedule.json").get_json()
    SCHEDULE.validate(new)
    feed = client.get("/api/v1/changes?since=0").get_json()
    assert [c["version"] for c in feed["changes"]] == list(range(1, len(EDITS) + 1))
    assert [c["kind"] for c in feed["changes"]] == [b["kind"] for b in EDITS]
    assert apply_like_a_client(old, feed) == new


def test_since_zero_lists_everything_and_since_current_lists_nothing(app, client):
    for body in EDITS[:3]:
        publish(runtime(app), body)
    assert changes(client, 0)["version"] == 3
    assert [c["version"] for c in changes(client, 1)["changes"]] == [2, 3]
    assert changes(client, 3) == {"version": 3, "since": 3, "reload": False, "venue": 0, "changes": []}


def test_before_any_correction_the_feed_is_empty_at_version_zero(client):
    assert changes(client, 0) == {"version": 0, "since": 0, "reload": False, "venue": 0, "changes": []}


def test_a_future_version_tells_the_client_to_reload(app, client):
    publish(runtime(app), EDITS[0])
    doc = changes(client, 2)
    assert (doc["reload"], doc["version"]) == (True, 1)
    assert "unknown" in doc["reason"]
    assert changes(client, 10**17)["reload"] is True


@pytest.mark.parametrize("since", ["", "abc", "-1", "1.5", "1e3", " 1", "0x10", "١", "9" * 19])
def test_malformed_since_gets_400(client, since):
    resp = client.get("/api/v1/changes", query_string={"since": since})
    assert resp.status_code == 400
    assert "since must be a version number" in resp.get_json()["error"]


def test_missing_since_gets_400(client):
    assert client.get("/api/v1/changes").status_code == 400


def test_versions_before_a_reimport_of_another_event_must_reload_and_the_import_version_need_not(
    app, client, data_dir
):
    # What a re-import of the same event changed comes as a delta: test_api_source_changes.py.
    publish(runtime(app), EDITS[0])
    doc = json.loads((data_dir / "schedule.json").read_text(encoding="utf-8"))
    doc["event"]["name"] = "Re-imported"
    (data_dir / "schedule.json").write_text(json.dumps(doc), encoding="utf-8")
    reimported = client.get("/api/v1/schedule.json").get_json()
    assert reimported["version"] == 2
    for since in (0, 1):
        doc = changes(client, since)
        assert doc["reload"] is True and "imported again at version 2" in doc["reason"]
    assert changes(client, 2) == {"version": 2, "since": 2, "reload": False, "venue": 0, "changes": []}
    publish(runtime(app), EDITS[1])
    assert [c["version"] for c in changes(client, 2)["changes"]] == [3]


def test_a_client_too_far_behind_is_told_to_reload(data_dir):
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "CHANGES_LIMIT": 2})
    client = app.test_client()
    for body in EDITS[:3]:
        publish(runtime(app), body)
    assert changes(client, 0)["reload"] is True
    assert len(changes(client, 1)["changes"]) == 2


def test_schedule_etag_follows_the_version(app, client):
    first = client.get("/api/v1/schedule.json")
    assert first.headers["Cache-Control"] == "no-cache"
    assert (
        client.get("/api/v1/schedule.json", headers={"If-None-Match": first.headers["ETag"]}).status_code
        == 304
    )
    publish(runtime(app), EDITS[0])
    again = client.get("/api/v1/schedule.json", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 200
    assert again.get_json()["version"] == 1
    assert again.headers["ETag"].startswith('"v1-') and again.headers["ETag"] != first.headers["ETag"]
