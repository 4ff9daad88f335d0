"""GET /api/v1/venue/source: the organizer's own venue.json and its version, for the console's
editor to start from; organizers only; a save moves both, a hand edit that is not JSON says so."""

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
ANSWERS = OPENAPI["paths"]["/api/v1/venue/source"]["get"]["responses"]
SHAPE = ANSWERS["200"]["content"]["application/json"]["schema"]
DOC = {
    "floors": [{"id": "ground", "name": "Ground floor", "width": 100, "height": 50}],
    "rooms": [{"id": "main", "floor": "ground", "at": [10, 10]}],
}


@pytest.fixture
def app(data_dir: Path):
    config = {"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": TOKEN, "WRITE_RATE_LIMIT": 0}
    return create_app(config)


def source(client):
    answer = client.get("/api/v1/venue/source", headers=AUTH)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.headers["Cache-Control"] == "no-store"
    jsonschema.validate(answer.get_json(), SHAPE)
    return answer.get_json()


def test_no_venue_yet_is_version_0_and_no_document(client, data_dir: Path) -> None:
    (data_dir / "venue.json").unlink(missing_ok=True)
    assert source(client) == {"version": 0, "venue": None}


def test_a_save_is_read_back_as_written_with_its_version(client, data_dir: Path) -> None:
    (data_dir / "venue.json").unlink(missing_ok=True)
    saved = client.put(
        "/api/v1/venue",
        data=json.dumps(DOC),
        headers={**AUTH, "If-Match": '"0"', "Content-Type": "application/json"},
    )
    assert saved.status_code == 200, saved.get_data(as_text=True)
    assert source(client) == {"version": 1, "venue": DOC}


def test_a_hand_written_venue_is_the_document_as_the_organizer_wrote_it(client, data_dir: Path) -> None:
    (data_dir / "venue.json").write_text(json.dumps({**DOC, "notes": "hand made"}), encoding="utf-8")
    got = source(client)
    assert got["venue"] == {**DOC, "notes": "hand made"}
    assert got["version"] == client.get("/api/v1/venue.json").get_json()["version"]


@pytest.mark.parametrize(
    ("headers", "status"),
    [({}, 401), ({"Authorization": "Bearer wrong"}, 401), ({"Authorization": TOKEN}, 401)],
)
def test_only_organizers_read_the_source(client, headers, status) -> None:
    answer = client.get("/api/v1/venue/source", headers=headers)
    assert answer.status_code == status
    assert "venue" not in answer.get_json()


def test_a_venue_json_that_is_not_json_says_so(client, data_dir: Path) -> None:
    (data_dir / "venue.json").write_text('{"floors": [', encoding="utf-8")
    answer = client.get("/api/v1/venue/source", headers=AUTH)
    assert answer.status_code == 409
    assert "not valid JSON" in answer.get_json()["error"]


def test_closed_when_no_token_is_configured(data_dir: Path) -> None:
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir)})
    assert app.test_client().get("/api/v1/venue/source", headers=AUTH).status_code == 403
