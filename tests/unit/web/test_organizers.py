"""Named organizer tokens: who published a correction, and GET /api/v1/whoami."""

from __future__ import annotations

import logging
import sqlite3

import pytest

from webapp import create_app, settings
from webapp.corrections.store import Store
from webapp.web.organizers import identify, tokens

ADA, BOB = "ada-token-0123456789", "bob-token-9876543210"


@pytest.fixture
def app(data_dir):
    config = {"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKENS": f"ada:{ADA}, bob:{BOB}"}
    return create_app(config)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_names_come_from_admin_tokens_and_the_single_token_is_admin():
    assert tokens({"ADMIN_TOKENS": "ada:x,bob:y:z", "ADMIN_TOKEN": "w"}) == {
        "ada": "x",
        "bob": "y:z",
        "admin": "w",
    }
    assert tokens({"ADMIN_TOKENS": None, "ADMIN_TOKEN": None}) == {}
    known = {"ada": "x", "bob": "y"}
    assert [identify(h, known) for h in ("Bearer y", "bearer x", "Basic x", "Bearer z", "", "x")] == [
        "bob", "ada", None, None, None, None,
    ]  # fmt: skip


@pytest.mark.parametrize(
    "raw", ["ada", "ada:", ":s3cr3t", "ada:t1,ada:t2", "ada:dup-secret,bob:dup-secret", "a b:s3cr3t"]
)
def test_a_malformed_token_list_is_refused_without_showing_any_token(monkeypatch, raw):
    monkeypatch.setenv("HALLWAY_ADMIN_TOKENS", raw)
    with pytest.raises(ValueError, match="HALLWAY_ADMIN_TOKENS") as info:
        settings.load()
    for secret in ("t1", "t2", "dup-secret", "s3cr3t"):
        assert secret not in str(info.value)


def test_whoami_names_the_organizer_401_for_a_wrong_token_403_when_closed(app, data_dir):
    client = app.test_client()
    ok = client.get("/api/v1/whoami", headers=bearer(BOB))
    assert (ok.status_code, ok.get_json(), ok.headers["Cache-Control"]) == (200, {"name": "bob"}, "no-store")
    assert client.get("/api/v1/whoami", headers=bearer(ADA + "x")).status_code == 401
    assert client.get("/api/v1/whoami").status_code == 401
    closed = create_app({"TESTING": True, "DATA_DIR": str(data_dir)}).test_client()
    assert closed.get("/api/v1/whoami", headers=bearer(ADA)).status_code == 403
    single = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": "solo-token"})
    assert single.test_client().get("/api/v1/whoami", headers=bearer("solo-token")).get_json() == {
        "name": "admin"
    }


def test_each_correction_records_its_organizer_in_the_feed_and_the_cli_list(app, monkeypatch):
    client = app.test_client()
    # Its own handler on the app's logger, enabled (test_rel_hostile_data disables the shared
    # "webapp" logger and leaves it so): whatever ran before, this sees every message.
    monkeypatch.setattr(app.logger, "disabled", False)
    records: list[logging.LogRecord] = []
    handler = logging.Handler(logging.INFO)
    handler.emit = records.append  # type: ignore[method-assign]
    app.logger.addHandler(handler)
    app.logger.setLevel(logging.INFO)
    moved = client.post(
        "/api/v1/corrections", json={"kind": "cancel", "session": "q4w5e6"}, headers=bearer(ADA)
    )
    assert (moved.status_code, moved.get_json()["by"]) == (201, "ada")
    client.post("/api/v1/corrections", json={"kind": "restore", "session": "q4w5e6"}, headers=bearer(BOB))
    changes = client.get("/api/v1/changes?since=0").get_json()["changes"]
    assert [c["by"] for c in changes] == ["ada", "bob"]
    listed = app.test_cli_runner().invoke(args=["corrections", "list"]).output.splitlines()
    assert [line.rsplit(" ", 1)[-1] for line in listed] == ["ada]", "bob]"]
    app.logger.removeHandler(handler)
    log = "\n".join(r.getMessage() for r in records)
    assert "by ada" in log and ADA not in log and BOB not in log


def test_the_cli_records_its_by_option(app):
    result = app.test_cli_runner().invoke(args=["corrections", "add", "cancel", "q4w5e6", "--by", "carol"])
    assert result.exit_code == 0, result.output
    assert result.output.rstrip().endswith("[by carol]")


def test_a_store_made_before_organizer_names_gains_the_column_and_keeps_its_rows(tmp_path):
    path = tmp_path / "corrections.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript(
        "CREATE TABLE history (version INTEGER PRIMARY KEY, time TEXT NOT NULL, kind TEXT NOT NULL,"
        " session TEXT, before TEXT NOT NULL, after TEXT NOT NULL, note TEXT, reverts INTEGER);"
        "INSERT INTO history VALUES (1, '2026-04-07T07:00:00+00:00', 'cancel', 'x',"
        ' \'{"status": "confirmed"}\','
        ' \'{"status": "cancelled"}\', NULL, NULL);'
    )
    conn.close()
    store = Store(path)
    [old] = store.corrections()
    assert (old.version, old.by, old.change.kind) == (1, None, "cancel")
