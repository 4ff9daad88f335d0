"""POST /api/v1/venue/osm: an organizer sends an OpenStreetMap indoor map and gets the venue
document it makes and the report of what matched; nothing is stored."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from webapp import create_app

TOKEN = "s3cret-Organizer-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
ROOT = Path(__file__).parents[3]
OPENAPI = json.loads((ROOT / "webapp/schemas/openapi.json").read_text(encoding="utf-8"))
OSM = (ROOT / "tests/fixtures/osm/campus.osm").read_bytes()
GEOJSON = (ROOT / "tests/fixtures/osm/campus.geojson").read_bytes()


def validator(component: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({**OPENAPI, "$ref": f"#/components/schemas/{component}"})


def campus_rooms(data_dir: Path) -> None:
    """The shipped mini schedule's two rooms, named as the mapped venue's: one on the map."""
    path = data_dir / "schedule.json"
    doc = json.loads(path.read_text())
    doc["rooms"] = [{"id": "main", "name": "K.0.101 (Auditorium)"}, {"id": "side", "name": "Janson"}]
    path.write_text(json.dumps(doc))


@pytest.fixture
def app(data_dir: Path):
    campus_rooms(data_dir)
    return create_app({"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": TOKEN})


@pytest.mark.parametrize("body", [OSM, GEOJSON], ids=["osm", "geojson"])
def test_an_organizer_gets_the_venue_and_the_report_and_nothing_is_stored(client, data_dir, body) -> None:
    before = (data_dir / "venue.json").exists()
    resp = client.post("/api/v1/venue/osm", data=body, headers=AUTH)
    assert resp.status_code == 200, resp.data
    found = resp.get_json()
    validator("OsmImport").validate(found)
    report = found["report"]
    assert [(m["room"], m["osm"], m["floor"]) for m in report["matched"]] == [("main", "way/110", "K-0")]
    assert report["unmatched_schedule"] == [{"room": "side", "name": "Janson"}]
    assert [f["id"] for f in found["venue"]["floors"]] == ["H-0", "K-0", "K-1"]
    assert (data_dir / "venue.json").exists() == before
    assert resp.headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (OSM.replace(b"k='indoor'", b"k='outdoor'"), "no indoor tags"),
        (b"<!DOCTYPE osm [<!ENTITY x 'x'>]><osm>&x;</osm>", "declares a DTD"),
        (b'{"type": "Feature"}', "FeatureCollection"),
        (b"", "not an OpenStreetMap export"),
    ],
)
def test_a_file_that_is_not_a_venue_is_refused_saying_why(client, body, said) -> None:
    resp = client.post("/api/v1/venue/osm", data=body, headers=AUTH)
    assert resp.status_code == 400
    assert said in resp.get_json()["error"]
    validator("Error").validate(resp.get_json())


def test_without_the_token_nothing_is_read(client) -> None:
    resp = client.post("/api/v1/venue/osm", data=OSM)
    assert resp.status_code == 401


def test_a_file_larger_than_a_venue_could_be_is_413(client, monkeypatch) -> None:
    from webapp.views import venue_osm

    monkeypatch.setattr(venue_osm, "MAX_BYTES", 1000)
    resp = client.post("/api/v1/venue/osm", data=OSM, headers=AUTH)
    assert resp.status_code == 413
    assert "larger than" in resp.get_json()["error"]


def test_applied_with_the_dry_runs_version_it_is_the_venue_phones_read(client, data_dir) -> None:
    dry = client.post("/api/v1/venue/osm", data=OSM, headers=AUTH).get_json()
    assert dry["report"]["problems"] == [] and dry["applied"] is False
    head = {**AUTH, "If-Match": f'"{dry["version"]}"'}
    resp = client.post("/api/v1/venue/osm?apply=1", data=OSM, headers=head)
    assert resp.status_code == 200, resp.data
    stored = resp.get_json()
    validator("OsmImport").validate(stored)
    assert stored["applied"] is True and stored["version"] == dry["version"] + 1
    served = client.get("/api/v1/venue.json").get_json()
    assert served["version"] == stored["version"]
    assert [f["id"] for f in served["floors"]] == ["H-0", "K-0", "K-1"]
    main = next(r for r in served["rooms"] if r["id"] == "main")
    assert (main["floor"], main["building"], main["level"]) == ("K-0", "K", 0)


def test_apply_needs_the_version_and_a_stale_one_saves_nothing(client, data_dir) -> None:
    resp = client.post("/api/v1/venue/osm?apply=1", data=OSM, headers=AUTH)
    assert resp.status_code == 428
    stale = client.post("/api/v1/venue/osm?apply=1", data=OSM, headers={**AUTH, "If-Match": '"7"'})
    assert stale.status_code == 412
    assert not (data_dir / "venue.json").exists()


def test_a_venue_that_breaks_the_rules_is_not_applied(client, data_dir) -> None:
    (data_dir / "venue.json").write_text(json.dumps({"walking": "fast", "floors": []}))
    dry = client.post("/api/v1/venue/osm", data=OSM, headers=AUTH).get_json()
    assert dry["report"]["problems"]  # the kept walking table is not one
    resp = client.post(
        "/api/v1/venue/osm?apply=1", data=OSM, headers={**AUTH, "If-Match": f'"{dry["version"]}"'}
    )
    assert resp.status_code == 422
    assert json.loads((data_dir / "venue.json").read_text()) == {"walking": "fast", "floors": []}
