# ruff: noqa: E501 - request bodies read best on one line
"""A clashing correction is refused with 409 naming the clash, unless it says force; /check
answers the consequences and stores nothing; the command line refuses it unless --force."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from webapp import create_app
from webapp.domain.timeutil import parse_iso

TOKEN = "clash-test-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
MOVE = {"kind": "move", "session": "s1a2b3", "room": "side"}  # side is taken 09:15-09:25
OPENAPI = json.loads((Path(__file__).parents[3] / "webapp/schemas/openapi.json").read_text(encoding="utf-8"))
NOW = parse_iso("2026-04-01T12:00:00+02:00")


@pytest.fixture
def app(data_dir: Path):
    config = {"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": TOKEN, "CLOCK": lambda: NOW}
    return create_app(config)


def version(client) -> int:
    return client.get("/api/v1/schedule.json").get_json()["version"]


def test_a_move_that_double_books_a_room_is_refused_with_409_naming_the_clash(client):
    resp = client.post("/api/v1/corrections", json=MOVE, headers=AUTH)
    assert resp.status_code == 409
    body = resp.get_json()
    assert body["error"] == "clash"
    assert [(c["kind"], c["sessions"]) for c in body["clashes"]] == [("room", ["s1a2b3", "k9x8y7"])]
    assert "Side Room is double-booked" in body["clashes"][0]["message"]
    assert version(client) == 0
    jsonschema.Draft202012Validator({**OPENAPI, "$ref": "#/components/schemas/Clashes"}).validate(body)


def test_force_publishes_it_anyway(client):
    resp = client.post("/api/v1/corrections", json={**MOVE, "force": True}, headers=AUTH)
    assert resp.status_code == 201
    assert version(client) == 1
    assert client.post("/api/v1/corrections", json={**MOVE, "force": "yes"}, headers=AUTH).status_code == 400


def test_check_answers_the_clashes_and_the_preview_and_stores_nothing(client):
    resp = client.post("/api/v1/corrections/check", json=MOVE, headers=AUTH)
    assert resp.status_code == 200
    body = resp.get_json()
    assert [c["kind"] for c in body["clashes"]] == ["room"]
    assert (body["preview"]["id"], body["preview"]["room"]) == ("s1a2b3", "side")
    fine = client.post(
        "/api/v1/corrections/check", json={"kind": "move", "session": "q4w5e6", "room": "side"}, headers=AUTH
    )
    assert fine.get_json()["clashes"] == []
    assert client.post("/api/v1/corrections/check", json=MOVE).status_code == 401
    assert client.post("/api/v1/corrections/check", json={"kind": "move"}, headers=AUTH).status_code == 400
    assert version(client) == 0


def test_the_server_clock_decides_what_is_past(data_dir):
    during = parse_iso("2026-04-08T11:00:00+02:00")
    app = create_app(
        {"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": TOKEN, "CLOCK": lambda: during}
    )
    resp = app.test_client().post(
        "/api/v1/corrections", json={"kind": "move", "session": "q4w5e6", "room": "side"}, headers=AUTH
    )
    assert (resp.status_code, [c["kind"] for c in resp.get_json()["clashes"]]) == (409, ["past"])


def test_the_cli_refuses_a_clash_by_name_and_force_publishes_it(app):
    runner = app.test_cli_runner()
    refused = runner.invoke(args=["corrections", "add", "move", "s1a2b3", "room=side"])
    assert refused.exit_code == 1
    assert "refused, nothing changed: room clash: Side Room is double-booked" in refused.output
    assert "--force" in refused.output
    forced = runner.invoke(args=["corrections", "add", "move", "s1a2b3", "room=side", "--force"])
    assert forced.exit_code == 0, forced.output
    assert forced.output.startswith("v1 move: ")
