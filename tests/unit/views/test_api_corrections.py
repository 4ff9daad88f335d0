"""POST /api/v1/corrections: closed without a token, 401/413/429/400 as documented, 201 stored."""

# ruff: noqa: E501 - tables of cases read best one per line

from __future__ import annotations

import json
import logging
from pathlib import Path

import jsonschema
import pytest

from webapp import create_app
from webapp.domain.timeutil import parse_iso

TOKEN = "s3cret-Organizer-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
OPENAPI = json.loads((Path(__file__).parents[3] / "webapp/schemas/openapi.json").read_text(encoding="utf-8"))


def validator(component: str) -> jsonschema.Draft202012Validator:
    """A validator for an OpenAPI component, resolving its $refs inside openapi.json."""
    return jsonschema.Draft202012Validator({**OPENAPI, "$ref": f"#/components/schemas/{component}"})


@pytest.fixture
def app(data_dir: Path):
    return create_app({"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": TOKEN})


def version(client) -> int:
    return client.get("/api/v1/schedule.json").get_json()["version"]


def test_write_path_is_closed_when_no_token_is_configured(data_dir):
    client = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": None}).test_client()
    resp = client.post("/api/v1/corrections", json={"kind": "cancel", "session": "s1a2b3"}, headers=AUTH)
    assert resp.status_code == 403
    validator("Error").validate(resp.get_json())
    assert version(client) == 0


@pytest.mark.parametrize(
    "headers",
    [{}, {"Authorization": "Bearer wrong"}, {"Authorization": TOKEN}, {"Authorization": f"Basic {TOKEN}"},
     {"Authorization": f"Bearer {TOKEN}x"}, {"Authorization": "Bearer é"}],
    ids=["missing", "wrong", "no scheme", "basic", "longer", "non-ascii"],
)  # fmt: skip
def test_missing_or_wrong_token_gets_401_and_changes_nothing(client, headers):
    resp = client.post("/api/v1/corrections", json={"kind": "cancel", "session": "s1a2b3"}, headers=headers)
    assert resp.status_code == 401
    assert resp.headers["WWW-Authenticate"] == "Bearer"
    assert version(client) == 0


def test_token_is_compared_in_constant_time(client, monkeypatch):
    import hmac

    calls = []
    real = hmac.compare_digest
    monkeypatch.setattr(hmac, "compare_digest", lambda a, b: calls.append((a, b)) or real(a, b))
    client.post("/api/v1/corrections", json={"kind": "cancel", "session": "s1a2b3"}, headers=AUTH)
    assert calls == [(TOKEN.encode(), TOKEN.encode())]


def test_accepted_correction_is_201_with_its_version_and_shows_in_both_feeds(client):
    body = {"kind": "move", "session": "s1a2b3", "room": "side", "note": "moved to the larger room"}
    resp = client.post("/api/v1/corrections", json={**body, "force": True}, headers=AUTH)  # side is taken
    assert resp.status_code == 201
    stored = resp.get_json()
    validator("Correction").validate(stored)
    assert (stored["version"], stored["kind"], stored["session"]) == (1, "move", "s1a2b3")
    assert (stored["before"], stored["after"], stored["note"]) == (
        {"room": "main"},
        {"room": "side"},
        body["note"],
    )
    schedule = client.get("/api/v1/schedule.json").get_json()
    assert schedule["version"] == 1
    assert next(s for s in schedule["sessions"] if s["id"] == "s1a2b3")["room"] == "side"
    assert client.get("/api/v1/changes?since=0").get_json()["changes"] == [stored]


def test_add_through_http_returns_the_new_session_id(client):
    body = {
        "kind": "add",
        "title": "Lunch",
        "start": "2026-04-07T12:00:00+02:00",
        "end": "2026-04-07T12:45:00+02:00",
        "force": True,  # after the day's last session
    }
    stored = client.post("/api/v1/corrections", json=body, headers=AUTH).get_json()
    new_id = stored["session"]
    assert stored["after"]["id"] == new_id
    assert new_id in {s["id"] for s in client.get("/api/v1/schedule.json").get_json()["sessions"]}


BAD_BODIES = [
    ("malformed JSON", b'{"kind": "cancel",', "not valid JSON"),
    ("empty body", b"", "not valid JSON"),
    ("not UTF-8", b'{"kind": "cancel", "session": "\xff"}', "not valid JSON"),
    ("NaN", b'{"kind": "retime", "session": "s1a2b3", "start": NaN}', "not valid JSON"),
    ("deeply nested", b"[" * 50000 + b"]" * 50000, None),
    ("an array", b'[{"kind": "cancel", "session": "s1a2b3"}]', "one JSON object"),
    ("unknown session", b'{"kind": "cancel", "session": "zzz"}', "unknown session 'zzz'"),
    ("unknown room", b'{"kind": "move", "session": "s1a2b3", "room": "attic"}', "unknown room 'attic'"),
    ("end before start", b'{"kind": "retime", "session": "s1a2b3", "end": "2026-04-07T08:00:00+02:00"}', "before start"),
    ("unknown field", b'{"kind": "cancel", "session": "s1a2b3", "room": "side"}', "unknown field(s)"),
    ("wrong type", b'{"kind": "edit", "session": "s1a2b3", "speakers": "ada-lovelace"}', "speakers must be a list"),
    ("revert of a version that does not exist", b'{"kind": "revert", "reverts": 42}', "no correction has version 42"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("data", "message"), [(d, m) for _, d, m in BAD_BODIES], ids=[n for n, _, _ in BAD_BODIES]
)
def test_bad_body_gets_400_that_says_what_is_wrong_and_changes_nothing(client, data, message):
    before = client.get("/api/v1/schedule.json").data
    resp = client.post("/api/v1/corrections", data=data, headers=AUTH, content_type="application/json")
    assert resp.status_code in (400, 413) if message is None else resp.status_code == 400
    validator("Error").validate(resp.get_json())
    if message:
        assert message in resp.get_json()["error"]
    assert client.get("/api/v1/schedule.json").data == before


def test_body_over_the_size_limit_gets_413(data_dir):
    app = create_app(
        {"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": TOKEN, "MAX_CORRECTION_BYTES": 200}
    )
    client = app.test_client()
    body = {"kind": "cancel", "session": "s1a2b3", "note": "x" * 300}
    resp = client.post("/api/v1/corrections", json=body, headers=AUTH)
    assert resp.status_code == 413
    assert "200 bytes" in resp.get_json()["error"]
    assert (
        client.post(
            "/api/v1/corrections", json={"kind": "cancel", "session": "s1a2b3"}, headers=AUTH
        ).status_code
        == 201
    )


def test_a_storm_from_one_organizer_is_rate_limited(data_dir):
    # The window is a wall-clock minute: the clock is pinned early in one, so no run straddles two.
    early = parse_iso("2026-04-07T10:00:05+02:00")
    app = create_app(
        {
            "TESTING": True,
            "DATA_DIR": str(data_dir),
            "ADMIN_TOKEN": TOKEN,
            "WRITE_RATE_LIMIT": 3,
            "CLOCK": lambda: early,
        }
    )
    client = app.test_client()
    body = {"kind": "edit", "session": "s1a2b3", "title": "t"}
    answers = [
        client.post("/api/v1/corrections", json={**body, "title": f"t{i}"}, headers=AUTH).status_code
        for i in range(5)
    ]
    assert answers == [201, 201, 201, 429, 429]
    limited = client.post("/api/v1/corrections", json=body, headers=AUTH)
    assert 1 <= int(limited.headers["Retry-After"]) <= 60
    # Counted per organizer: the same organizer from another address is still over the limit.
    other = client.post(
        "/api/v1/corrections", json=body, headers=AUTH, environ_base={"REMOTE_ADDR": "127.0.0.9"}
    )
    assert other.status_code == 429
    assert version(client) == 3


def test_tokens_never_reach_the_logs(client, caplog):
    caplog.set_level(logging.DEBUG)
    client.post("/api/v1/corrections", json={"kind": "cancel", "session": "s1a2b3"}, headers=AUTH)
    near_miss = TOKEN[:-1] + "X"
    client.post("/api/v1/corrections", json={}, headers={"Authorization": f"Bearer {near_miss}"})
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "published correction version 1" in text and "refused a correction" in text
    assert TOKEN not in text and near_miss not in text
