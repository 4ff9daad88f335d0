"""A stored correction whose bytes changed on disk (SQLite's integrity check still passes) never
takes the site down: the schedule is served with every correction that still reads, /healthz,
the log and the CLI name the damaged row, writes answer 503 until the organizer sets the row
aside (itself a revert-able correction). Bytes are flipped in the real file."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from webapp import create_app
from webapp.corrections.store import READ, STORE_FILE
from webapp.serving import runtime
from webapp.serving.writes import publish

TOKEN = "t0ken"
ADMIN = {"Authorization": f"Bearer {TOKEN}"}  # /healthz's details are for organizers
NOTES = ["first-note-aaaa", "second-note-bbbb", "third-note-cccc"]
ROUTES = ["/", "/api/v1/outline.json", "/api/v1/schedule.json", "/api/v1/texts.json", "/schedule.ics",
          "/export/schedule.json", "/session/s1a2b3", "/healthz"]  # fmt: skip


def app_on(data_dir: Path):
    return create_app(
        {"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": TOKEN, "WRITE_RATE_LIMIT": 0}
    )


def checkpointed(data_dir: Path) -> Path:
    """The store with its WAL folded in, every connection closed: the rows are in the file."""
    path = data_dir / STORE_FILE
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return path


@pytest.fixture
def store_with_three(data_dir: Path) -> Path:
    app = app_on(data_dir)
    with app.app_context():
        publish(
            runtime(app),
            {"kind": "move", "session": "s1a2b3", "room": "side", "note": NOTES[0], "force": True},
        )
        publish(runtime(app), {"kind": "cancel", "session": "k9x8y7", "note": NOTES[1]})
        publish(runtime(app), {"kind": "edit", "session": "q4w5e6", "title": "Renamed", "note": NOTES[2]})
    runtime(app).store._connections = None  # let go of the file
    return checkpointed(data_dir)


def flip(path: Path, marker: bytes, replacement: bytes) -> None:
    data = path.read_bytes()
    at = data.index(marker)
    path.write_bytes(data[:at] + replacement + data[at + len(replacement) :])


@pytest.mark.parametrize(
    ("damage", "why"),
    [
        (b'{"no', "JSONDecodeError"),  # the note's JSON string is broken: the row does not parse
        (b"\xff\xfe", "UnicodeDecodeError"),  # not UTF-8 any more
    ],
)
def test_a_damaged_row_is_named_and_the_rest_is_served(store_with_three, data_dir, damage, why):
    # Break the second correction's `after` JSON (it holds its note's neighbour, status).
    flip(store_with_three, b'"cancelled"', damage)
    app = app_on(data_dir)
    client = app.test_client()
    for route in ROUTES:
        assert client.get(route).status_code in (200, 304), route
    doc = client.get("/api/v1/schedule.json").get_json()
    by_id = {s["id"]: s for s in doc["sessions"]}
    assert by_id["s1a2b3"]["room"] == "side" and by_id["q4w5e6"]["title"] == "Renamed"  # intact ones
    assert by_id["k9x8y7"].get("status") != "cancelled"  # the damaged one is left out
    assert [c["version"] for c in client.get("/api/v1/changes?since=0").get_json()["changes"]] == [1, 3]
    health = client.get("/healthz", headers=ADMIN).get_json()
    assert health["status"] == "degraded" and "v2" in health["problems"]["store rows"]
    assert why in health["problems"]["store rows"]
    refused = client.post("/api/v1/corrections", json={"kind": "cancel", "session": "s1a2b3"},
                          headers={"Authorization": f"Bearer {TOKEN}"})  # fmt: skip
    assert refused.status_code == 503 and "set-aside" in refused.get_json()["error"]

    runner = app.test_cli_runner()
    listed = runner.invoke(args=["corrections", "list"])
    assert listed.exit_code == 0, listed.output
    assert "v2 DAMAGED, left out" in listed.output and "set-aside 2" in listed.output
    assert runner.invoke(args=["corrections", "set-aside", "1"]).exit_code == 1  # not damaged: refused
    aside = runner.invoke(args=["corrections", "set-aside", "2", "--note", "bit flip"])
    assert aside.exit_code == 0, aside.output
    health = client.get("/healthz", headers=ADMIN).get_json()
    assert health["status"] == "ok", health
    stored = client.post("/api/v1/corrections", json={"kind": "cancel", "session": "s1a2b3"},
                         headers={"Authorization": f"Bearer {TOKEN}"})  # fmt: skip
    assert stored.status_code == 201, stored.get_json()
    # A phone at version 1 saw the history change under it: it takes the schedule whole.
    assert client.get("/api/v1/changes?since=1").get_json()["reload"] is True
    # The set-aside is a correction like any other: reverting it brings the damaged row back.
    set_aside_version = int(aside.output.split()[0][1:])
    assert runner.invoke(args=["corrections", "revert", str(set_aside_version)]).exit_code == 0
    assert client.get("/healthz", headers=ADMIN).get_json()["status"] == "degraded"


def test_a_row_that_reads_but_no_longer_applies_is_damaged_too(store_with_three, data_dir):
    flip(store_with_three, b'"Renamed"', b"123456789")  # still JSON: a title that is a number
    app = app_on(data_dir)
    client = app.test_client()
    for route in ROUTES:
        assert client.get(route).status_code in (200, 304), route
    assert "v3" in client.get("/healthz", headers=ADMIN).get_json()["problems"]["store rows"]


def intact_rows(pristine: Path, flipped: Path) -> set[int] | None:
    """Versions of corrections whose stored bytes are the same in both files (None: the
    flipped file does not open as a database at all)."""
    query = f"SELECT {READ} FROM history"
    try:
        conn = sqlite3.connect(f"file:{flipped}?mode=ro", uri=True)
        mine = {row[0]: row for row in conn.execute(query).fetchall()}
        conn.close()
    except sqlite3.Error:
        return None
    conn = sqlite3.connect(f"file:{pristine}?mode=ro", uri=True)
    theirs = {row[0]: row for row in conn.execute(query).fetchall()}
    conn.close()
    return {v for v, row in theirs.items() if mine.get(v) == row and v > 0}


def test_random_byte_flips_never_answer_500_and_every_intact_correction_is_served(
    store_with_three, data_dir, tmp_path
):
    pristine = tmp_path / "pristine.sqlite3"
    shutil.copy(store_with_three, pristine)
    size = pristine.stat().st_size
    rng = random.Random(20261124)
    served_checked = 0
    for _ in range(int(os.environ.get("FLIPS", "60"))):
        shutil.copy(pristine, store_with_three)
        data = bytearray(store_with_three.read_bytes())
        at = rng.randrange(size)
        data[at] ^= 1 << rng.randrange(8)
        store_with_three.write_bytes(bytes(data))
        client = app_on(data_dir).test_client()
        for route in ROUTES + ["/api/v1/changes?since=0"]:
            answer = client.get(route)
            assert answer.status_code != 500, (at, route, answer.data[:300])
        intact = intact_rows(pristine, store_with_three)
        changes = client.get("/api/v1/changes?since=0")
        if intact is not None and changes.status_code == 200 and not changes.get_json().get("reload"):
            served = {c["version"] for c in changes.get_json()["changes"]}
            assert intact <= served, (at, intact, served)
            served_checked += 1
    assert served_checked > 0


def test_a_row_that_no_longer_applies_is_not_sent_to_phones(store_with_three, data_dir):
    flip(store_with_three, b'"Renamed"', b"123456789")
    client = app_on(data_dir).test_client()
    assert [c["version"] for c in client.get("/api/v1/changes?since=0").get_json()["changes"]] == [1, 2]


def damage_kind(path: Path, version: int, kind: str) -> None:
    """Change one stored row's kind alone, in the file (the append-only trigger set aside for it)."""
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER history_no_update")
    conn.execute("UPDATE history SET kind = ? WHERE version = ?", (kind, version))
    conn.commit()
    conn.close()


@pytest.mark.parametrize("kind", ["xancel", "CANCEL", "import ", "set-aside"])
def test_a_row_whose_kind_alone_changed_is_damaged_not_served(store_with_three, data_dir, kind):
    damage_kind(store_with_three, 2, kind)  # v2 was a cancel
    client = app_on(data_dir).test_client()
    for route in ROUTES:
        assert client.get(route).status_code in (200, 304), route
    changes = client.get("/api/v1/changes?since=0").get_json()["changes"]
    assert [c["version"] for c in changes] == [1, 3]
    assert kind not in client.get("/api/v1/changes?since=0").get_data(as_text=True)
    doc = client.get("/api/v1/schedule.json").get_json()
    assert {s["id"]: s for s in doc["sessions"]}["k9x8y7"].get("status") != "cancelled"
    health = client.get("/healthz", headers=ADMIN).get_json()
    assert health["status"] == "degraded"
    assert "v2" in health["problems"]["store rows"] and "unknown kind" in health["problems"]["store rows"]
    listed = app_on(data_dir).test_cli_runner().invoke(args=["corrections", "list"])
    assert "v2 DAMAGED, left out" in listed.output
