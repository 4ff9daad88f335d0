"""A full disk under DATA_DIR: a correction is refused with a 503 that says the disk is full
(never a 500), nothing is half-stored, readers are still served, and /healthz names the
problem in every worker until a write succeeds again.

Filled for real where this machine lets the test mount a 1 MB tmpfs (as root, as CI runs the
tests), and through SQLite's own size cap (PRAGMA max_page_count) everywhere."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.conftest import FIXTURES
from webapp import create_app
from webapp.serving import disk, runtime

TOKEN = "t0ken-full-disk"
ADMIN = {"Authorization": f"Bearer {TOKEN}"}
FULL = "the server's disk is full: the correction was not saved"
ROUTES = ("/", "/api/v1/schedule.json", "/api/v1/outline.json", "/api/v1/changes?since=0", "/session/s1a2b3")


def app_on(data_dir: Path):
    return create_app(
        {"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": TOKEN, "WRITE_RATE_LIMIT": 0}
    )


def correct(client, n: int):
    body = {"kind": "edit", "session": "q4w5e6", "description": [f"{n} " + "x" * 1900]}
    return client.post("/api/v1/corrections", json=body, headers=ADMIN)


def test_a_store_at_its_size_cap_refuses_saying_the_disk_is_full_until_a_write_succeeds(data_dir):
    app = app_on(data_dir)
    client = app.test_client()
    assert client.get("/healthz").json == {"status": "ok"}
    store = runtime(app).store
    conn = store._conn()  # this thread's connection: the test client's requests use it too
    conn.execute(f"PRAGMA max_page_count = {conn.execute('PRAGMA page_count').fetchone()[0]}")
    answers = []
    for n in range(20):  # the free room left in the last pages fills first
        answers.append(correct(client, n))
        if answers[-1].status_code != 201:
            break
    refused = answers[-1]
    assert refused.status_code == 503, refused.data
    assert refused.json == {"error": FULL} and refused.headers["Retry-After"] == "60"
    stored = len(answers) - 1
    assert store.head().version == stored  # the import (0), then what was stored: nothing half-written
    for route in ROUTES:
        assert client.get(route).status_code == 200, route

    public = client.get("/healthz")
    assert public.status_code == 200 and public.json == {"status": "degraded", "problems": ["disk"]}
    detail = client.get("/healthz", headers=ADMIN).json
    assert "disk is full" in detail["problems"]["disk"] and "SQLITE_FULL" not in public.get_data(as_text=True)

    conn.execute("PRAGMA max_page_count = 1073741823")  # room again
    assert correct(client, 99).status_code == 201
    assert client.get("/healthz").json == {"status": "ok"}


def test_every_worker_names_a_disk_with_no_room_left(data_dir, monkeypatch):
    client = app_on(data_dir).test_client()  # a worker that never wrote
    room = SimpleNamespace(f_bavail=3, f_frsize=4096)
    monkeypatch.setattr(disk.os, "statvfs", lambda path: room)
    assert client.get("/healthz").json == {"status": "degraded", "problems": ["disk"]}
    assert "12 KB free" in client.get("/healthz", headers=ADMIN).json["problems"]["disk"]
    room.f_bavail = 10_000
    assert client.get("/healthz").json == {"status": "ok"}


def _mount_tmpfs(where: Path) -> bool:
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where)], capture_output=True, timeout=30
    )
    return done.returncode == 0


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path | None]:
    """A 1 MB file system of its own, or None where this machine does not let the test mount one."""
    where = tmp_path / "small"
    where.mkdir()
    mounted = _mount_tmpfs(where)
    yield where if mounted else None
    if mounted:
        subprocess.run(["umount", "-l", str(where)], check=True, timeout=30)


def fill(where: Path) -> Path:
    """Write a file until the disk refuses: the disk is full."""
    filler = where / "filler"
    with open(filler, "wb", buffering=0) as fh:  # unbuffered: nothing left to fail at close
        try:
            while True:
                fh.write(b"\0" * 4096)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC, exc
    return filler


def test_a_real_full_disk_refuses_corrections_and_imports_and_serves_readers(small_disk, tmp_path):
    if small_disk is None:
        # Not root, or no right to mount: the size cap above stands in for a full disk here.
        small_disk = tmp_path / "not-small"
        small_disk.mkdir()
        full_for_real = False
    else:
        full_for_real = True
    data_dir = small_disk / "data"
    data_dir.mkdir()
    shutil.copy(FIXTURES / "mini_schedule.json", data_dir / "schedule.json")
    app = app_on(data_dir)
    client = app.test_client()
    assert correct(client, 0).status_code == 201
    if not full_for_real:
        conn = runtime(app).store._conn()
        conn.execute(f"PRAGMA max_page_count = {conn.execute('PRAGMA page_count').fetchone()[0]}")
        filler = None
    else:
        filler = fill(small_disk)
    answers = [correct(client, n) for n in range(1, 6)]
    refused = [a for a in answers if a.status_code != 201]
    assert refused and all(a.status_code == 503 and a.json == {"error": FULL} for a in refused)
    for route in ROUTES:
        assert client.get(route).status_code == 200, route
    health = client.get("/healthz").json
    assert health["status"] == "degraded" and "disk" in health["problems"]  # (the push store's too)
    if full_for_real:
        # Another worker, which wrote nothing, sees the full disk too, and serves.
        other = app_on(data_dir).test_client()
        assert "disk" in other.get("/healthz").json["problems"]
        for route in ROUTES:
            assert other.get(route).status_code == 200, route
        before = (data_dir / "schedule.json").read_bytes()
        imported = app.test_cli_runner().invoke(args=["schedule", "import", str(FIXTURES / "frab_mini.xml")])
        assert imported.exit_code == 1 and isinstance(imported.exception, SystemExit), imported.output
        assert "No space left on device" in imported.output
        assert (data_dir / "schedule.json").read_bytes() == before
        filler.unlink()
    else:
        runtime(app).store._conn().execute("PRAGMA max_page_count = 1073741823")
    assert correct(client, 9).status_code == 201
    assert client.get("/healthz").json == {"status": "ok"}


def test_a_dry_run_on_a_store_that_cannot_be_read_is_a_503_not_a_500(data_dir):
    app = app_on(data_dir)
    client = app.test_client()
    assert client.get("/").status_code == 200
    store = data_dir / "corrections.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{store}{suffix}").unlink(missing_ok=True)
    store.mkdir()  # a directory in its place
    body = {"kind": "cancel", "session": "s1a2b3"}
    answer = client.post("/api/v1/corrections/check", json=body, headers=ADMIN)
    assert answer.status_code == 503 and "retry" in answer.json["error"]


def test_following_on_a_full_disk_says_so_and_keeps_the_schedule(data_dir, source, tmp_path, monkeypatch):
    import json

    from webapp.domain import storage

    plan = tmp_path / "follow.json"
    plan.write_text(json.dumps({"sources": [source.url], "language": "en"}), encoding="utf-8")
    config = {"FOLLOW": str(plan), "FOLLOW_IN_BACKGROUND": False, "FETCH_TIMEOUT": 2}
    runner = create_app({"TESTING": True, "DATA_DIR": str(data_dir), **config}).test_cli_runner()
    assert runner.invoke(args=["schedule", "follow", "--once"]).exit_code == 0
    before = (data_dir / "schedule.json").read_bytes()
    source.set(source.body.replace(b"TorchStore", b"TorchStores"))

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(storage.os, "fsync", full)
    followed = runner.invoke(args=["schedule", "follow", "--once"])
    monkeypatch.undo()
    assert followed.exit_code == 1 and isinstance(followed.exception, SystemExit), followed.exception
    assert "No space left on device" in followed.output and "unchanged" in followed.output
    assert (data_dir / "schedule.json").read_bytes() == before
