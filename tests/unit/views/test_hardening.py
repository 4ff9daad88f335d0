"""Issue 16, at the layer a user meets each break (HTTP, CLI): a replaced store, times no
consumer can read, damaged files, bad input, the Host header. Each case is the one the attack
run found; the rule behind it is tested beside it on its whole class."""

from __future__ import annotations

import json
import logging
import shutil
import sqlite3
from pathlib import Path

import pytest

from webapp import create_app
from webapp.corrections.store import STORE_FILE, Store
from webapp.serving import runtime

TOKEN = "hardening-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def app(data_dir: Path):
    return create_app(
        {"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": TOKEN, "WRITE_RATE_LIMIT": 0}
    )


def post(client, body, raw: bytes | None = None):
    data = raw if raw is not None else json.dumps(body).encode()
    return client.post("/api/v1/corrections", data=data, headers={**AUTH, "Content-Type": "application/json"})


def remove_store(data_dir: Path) -> None:
    for f in data_dir.glob(STORE_FILE + "*"):
        f.unlink()


# 1. The store's identity ------------------------------------------------------------------


def test_both_feed_documents_and_the_etag_name_the_store(client):
    doc = client.get("/api/v1/schedule.json")
    store = doc.get_json()["store"]
    assert len(store) >= 8
    assert store in doc.headers["ETag"]
    assert client.get("/api/v1/changes?since=0").get_json()["store"] == store
    assert client.get("/api/v1/changes?since=99").get_json()["store"] == store  # a reload names it too


def test_a_replaced_store_is_another_identity_and_another_etag_at_the_same_version(app, client, data_dir):
    before = client.get("/api/v1/schedule.json")
    assert post(client, {"kind": "cancel", "session": "s1a2b3"}).status_code == 201
    remove_store(data_dir)  # the store deleted (corrupt) while the server runs: a new one starts
    after = client.get("/api/v1/schedule.json")
    assert after.get_json()["version"] == before.get_json()["version"] == 0
    assert after.get_json()["store"] != before.get_json()["store"]
    assert after.headers["ETag"] != before.headers["ETag"]
    # A phone revalidating with the old store's ETag gets the new document, not a 304.
    again = client.get("/api/v1/schedule.json", headers={"If-None-Match": before.headers["ETag"]})
    assert again.status_code == 200
    changes = client.get("/api/v1/changes?since=1").get_json()
    assert changes["store"] == after.get_json()["store"] and changes["reload"] is True


def test_the_static_export_carries_the_store(app, data_dir, tmp_path):
    from webapp.static_site.export import render

    store = app.test_client().get("/api/v1/schedule.json").get_json()["store"]
    out = render(app, "https://schedule.example.org")
    schedule = next(body for rel, body in out.files.items() if rel.endswith("api/v1/schedule.json"))
    changes = next(body for rel, body in out.files.items() if "changes" in rel and "api/v1" in rel)
    assert json.loads(schedule)["store"] == store
    assert json.loads(changes)["store"] == store


# 2. Times every consumer can read ---------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "says"),
    [
        ("2026-04-07T11:15:00+02:00:30", "whole minutes"),  # the attack run's case: invalid in JS
        ("2026-04-07T11:15:00+02:00:30.5", "whole minutes"),
        ("0001-04-07T11:15:00+02:00", "out of range"),
        ("9999-04-07T11:15:00+02:00", "out of range"),
        ("2026-W15-2T11:15:00+02:00", "every browser reads"),
        ("20260407T111500+0200", "every browser reads"),
        ("2026-04-07 11:15:00+02:00", "every browser reads"),
        ("2062-04-07T11:15:00+02:00", "days from the event"),
    ],
)
def test_a_retime_no_consumer_could_read_is_a_400(client, start, says):
    resp = post(client, {"kind": "retime", "session": "s1a2b3", "start": start})
    assert resp.status_code == 400
    assert says in resp.get_json()["error"]


def test_after_a_refused_retime_every_consumer_still_answers(client):
    post(client, {"kind": "retime", "session": "s1a2b3", "start": "9999-04-07T11:15:00+02:00"})
    for path in ("/schedule.ics", "/export/schedule.json", "/export/schedule.xml", "/print/all", "/healthz"):
        assert client.get(path).status_code == 200, path


# 3. Damaged files --------------------------------------------------------------------------

READS = ("/", "/api/v1/schedule.json", "/api/v1/changes?since=1", "/schedule.ics", "/session/s1a2b3/qr.svg")


def _bad_header(path: Path) -> None:
    path.write_bytes(b"this is not a database" * 200)


def _truncated(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:1500])


def _zeroed_page(path: Path) -> None:
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big") or 65536
    for n in range(1, len(data) // page):  # every page after the header page: the tables' roots
        data[n * page : (n + 1) * page] = bytes(page)
    path.write_bytes(bytes(data))


def _directory(path: Path) -> None:
    path.unlink()
    path.mkdir()


@pytest.mark.parametrize("damage", [_bad_header, _truncated, _zeroed_page, _directory])
def test_a_damaged_store_keeps_reads_served_from_memory(app, client, data_dir, damage, caplog):
    assert (
        post(client, {"kind": "move", "session": "s1a2b3", "room": "side", "force": True}).status_code == 201
    )
    served = client.get("/api/v1/schedule.json").get_json()
    store = data_dir / STORE_FILE
    conn = sqlite3.connect(store)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the whole store in the one file to damage
    conn.close()
    runtime(app).store = Store(
        store, clock=runtime(app).now
    )  # as a new request thread would: no connection kept open
    damage(store)
    caplog.set_level(logging.ERROR)
    for path in READS:
        assert client.get(path).status_code == 200, path
    assert client.get("/api/v1/schedule.json").get_json() == served  # the last good one, corrections in
    health = client.get("/healthz", headers=AUTH)
    assert health.status_code == 503
    assert str(store) in health.get_json()["problems"]["store"]
    write = post(client, {"kind": "cancel", "session": "k9x8y7"})
    assert write.status_code == 503 and "nothing changed" in write.get_json()["error"]
    assert str(store) in caplog.text  # the log names the file


def test_a_damaged_store_with_nothing_in_memory_is_a_503_that_says_so(data_dir):
    _bad_header(data_dir / STORE_FILE)
    client = create_app({"TESTING": True, "DATA_DIR": str(data_dir)}).test_client()
    for path in ("/", "/api/v1/schedule.json", "/schedule.ics"):
        resp = client.get(path)
        assert resp.status_code == 503 and b"corrections store" in resp.data, path


def test_a_deeply_nested_schedule_file_keeps_the_last_import_served(client, data_dir):
    good = client.get("/api/v1/schedule.json").get_json()
    (data_dir / "schedule.json").write_text('{"event":' + "[" * 100_000 + "]" * 100_000 + "}")
    for path in ("/", "/api/v1/schedule.json", "/schedule.ics", "/session/s1a2b3/qr.svg"):
        assert client.get(path).status_code == 200, path
    assert client.get("/api/v1/schedule.json").get_json() == good
    health = client.get("/healthz", headers=AUTH).get_json()
    assert "nested too deeply" in health["problems"]["schedule file"]


def test_a_missing_schedule_file_keeps_every_route_serving_the_last_import(client, data_dir):
    client.get("/")
    (data_dir / "schedule.json").unlink()
    for path in (
        "/schedule.ics",
        "/session/s1a2b3.ics",
        "/room/main.ics",
        "/my.ics?s=s1a2b3",
        "/api/v1/schedule.json",
    ):
        assert client.get(path).status_code == 200, path
    health = client.get("/healthz", headers=AUTH)
    assert health.status_code == 200 and "missing" in health.get_json()["problems"]["schedule file"]


# 4. Bad input ------------------------------------------------------------------------------

SURROGATE_BODIES = [
    rb'{"kind":"edit","session":"s1a2b3","title":"x\ud800y"}',
    rb'{"kind":"cancel","session":"s1a2b3","note":"x\udfffy"}',
    rb'{"kind":"edit","session":"s1a2b3","description":["ok","\ud83d"]}',
    rb'{"kind":"edit","session":"s1a2b3","title":"ok","\ud800":1}',
]


@pytest.mark.parametrize("raw", SURROGATE_BODIES)
def test_a_lone_surrogate_anywhere_in_a_correction_is_a_400(client, raw):
    resp = post(client, None, raw)
    assert resp.status_code == 400
    assert "surrogate" in resp.get_json()["error"] or "unknown field" in resp.get_json()["error"]


@pytest.mark.parametrize("reverts", [10**30, 2**63, 2**53, -(10**30), 10**4000])
def test_a_huge_version_to_revert_is_a_400(client, reverts):
    raw = b'{"kind":"revert","reverts":' + str(reverts).encode() + b"}"
    resp = post(client, None, raw)
    assert resp.status_code == 400


def test_deeply_nested_json_in_a_correction_is_a_400(client):
    assert post(client, None, b"[" * 30_000 + b"]" * 30_000).status_code == 400
    assert (
        post(
            client, None, b'{"kind":"edit","session":"s1a2b3","title":' + b"[" * 900 + b"]" * 900 + b"}"
        ).status_code
        == 400
    )


def test_the_cli_refuses_a_lone_surrogate_and_a_huge_version(runner, app):
    for args in (
        ["corrections", "add", "edit", "s1a2b3", "title=x\udcedy"],  # argv bytes that are not UTF-8
        ["corrections", "add", "edit", "s1a2b3", 'title:="x\\ud800y"'],
        ["corrections", "add", "cancel", "s1a2b3", "--note", "n\udcffo"],
        ["corrections", "revert", str(10**30)],
    ):
        result = runner.invoke(args=args)
        assert result.exit_code == 1, (args, result.output)
        assert "refused, nothing changed" in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)


def test_the_cli_names_a_damaged_store(runner, data_dir):
    _bad_header(data_dir / STORE_FILE)
    result = runner.invoke(args=["corrections", "list"])
    assert result.exit_code == 1 and str(data_dir / STORE_FILE) in result.output


# 5. The Host header --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/session/s1a2b3/qr.png",
        "/session/s1a2b3/qr.svg",
        "/schedule.ics",
        "/export/schedule.json",
        "/print/all",
    ],
)
def test_a_host_nobody_configured_gets_no_url_built_on_it(client, path):
    resp = client.get(path, base_url="http://evil.example")
    assert resp.status_code == 400
    assert b"evil.example" not in resp.data.replace(b"'evil.example'", b"")  # named only in the refusal
    assert "public" not in resp.headers.get("Cache-Control", "")


def test_the_embedded_server_keeps_answering_on_loopback(client):
    for base in ("http://127.0.0.1:5000", "http://localhost:5000", "http://localhost"):
        assert client.get("/session/s1a2b3/qr.svg", base_url=base).status_code == 200, base


def test_public_url_is_trusted_and_urls_follow_it_whatever_the_host(data_dir):
    app = create_app(
        {"TESTING": True, "DATA_DIR": str(data_dir), "PUBLIC_URL": "https://schedule.example.org"}
    )
    client = app.test_client()
    assert client.get("/healthz", base_url="https://schedule.example.org").status_code == 200
    ics = client.get("/schedule.ics", base_url="http://127.0.0.1:8000").data
    assert b"URL:https://schedule.example.org/session/" in ics
    assert client.get("/healthz", base_url="http://evil.example").status_code == 400


def test_calendars_cached_for_one_host_are_not_served_for_another(app, client):
    app.config["TRUSTED_HOSTS"] = ["a.example", "b.example"]
    first = client.get("/schedule.ics", base_url="http://a.example").data
    second = client.get("/schedule.ics", base_url="http://b.example").data
    assert b"URL:http://a.example/session/" in first
    assert b"URL:http://b.example/session/" in second and b"a.example" not in second


def test_copying_a_store_backup_in_place_is_served_as_that_store(app, client, data_dir, tmp_path):
    backup = tmp_path / "backup.sqlite3"
    client.get("/")
    src = sqlite3.connect(data_dir / STORE_FILE)
    src.backup(sqlite3.connect(backup))
    src.close()
    old = client.get("/api/v1/schedule.json").get_json()["store"]
    assert post(client, {"kind": "cancel", "session": "s1a2b3"}).status_code == 201
    remove_store(data_dir)
    client.get("/")  # a new store was made meanwhile
    remove_store(data_dir)  # and the backup restored in its place (with its -wal and -shm gone)
    shutil.copy(backup, data_dir / STORE_FILE)
    doc = client.get("/api/v1/schedule.json").get_json()
    assert doc["store"] == old and doc["version"] == 0
