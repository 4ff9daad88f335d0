import json
from pathlib import Path

import jsonschema

SCHEMA = json.loads((Path(__file__).parents[3] / "webapp/schemas/schedule.schema.json").read_text())


def test_schedule_json_matches_its_schema(client):
    resp = client.get("/api/v1/schedule.json")
    assert resp.status_code == 200
    doc = resp.get_json()
    jsonschema.validate(doc, SCHEMA)
    assert isinstance(doc["version"], int)
    assert {s["id"] for s in doc["sessions"]} == {"s1a2b3", "k9x8y7", "q4w5e6"}


def test_schedule_json_answers_304_to_matching_etag(client):
    first = client.get("/api/v1/schedule.json")
    etag = first.headers["ETag"]
    again = client.get("/api/v1/schedule.json", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.data == b""
    other = client.get("/api/v1/schedule.json", headers={"If-None-Match": '"v0-nothing"'})
    assert other.status_code == 200


def test_times_carry_their_offset(client):
    doc = client.get("/api/v1/schedule.json").get_json()
    assert doc["sessions"][0]["start"] == "2026-04-07T09:00:00+02:00"
