"""An import that fails half-way leaves the previous schedule intact: a disk that refuses the
write at any step (read-only, full), or the import process SIGKILLed while it writes. The
bad-input cases (each a refused file, nothing written) are in test_cli_import.py. And a
corrections store that cannot write answers 503 with nothing stored, never a 500."""

from __future__ import annotations

import errno
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from webapp import create_app
from webapp.domain import storage
from webapp.serving import runtime
from webapp.serving.published import published

ROOT = Path(__file__).resolve().parents[3]
SEEDS = sorted((ROOT / "data" / "sources").glob("*.txt"))


def fail(err: int):
    def raiser(*args: object, **kwargs: object) -> None:
        raise OSError(err, os.strerror(err))

    return raiser


STEPS = {
    "read-only directory (create the temp file)": ("mkstemp", errno.EROFS),
    "disk full while writing": ("fdopen", errno.ENOSPC),
    "disk error on fsync": ("fsync", errno.EIO),
    "read-only at the rename": ("replace", errno.EROFS),
}


@pytest.mark.parametrize("step", STEPS)
def test_disk_refusing_the_write_at_any_step_keeps_the_previous_schedule(runner, data_dir, monkeypatch, step):
    name, err = STEPS[step]
    target = data_dir / "schedule.json"
    before = target.read_bytes()
    served = published(runtime(create_app({"TESTING": True, "DATA_DIR": str(data_dir)}))).etag
    if name == "mkstemp":
        monkeypatch.setattr(storage.tempfile, "mkstemp", fail(err))
    elif name == "fdopen":
        real = os.fdopen

        def full(fd: int, *args: object, **kwargs: object):
            fh = real(fd, *args, **kwargs)
            fh.write = fail(err)
            return fh

        monkeypatch.setattr(storage.os, "fdopen", full)
    else:
        monkeypatch.setattr(storage.os, name, fail(err))
    result = runner.invoke(args=["schedule", "import", *map(str, SEEDS)])
    monkeypatch.undo()
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit), f"crashed: {result.exception!r}"
    assert os.strerror(err) in result.output and str(target) in result.output
    assert target.read_bytes() == before
    assert not [p.name for p in data_dir.iterdir() if p.name.endswith(".tmp")], "a temp file was left"
    assert published(runtime(create_app({"TESTING": True, "DATA_DIR": str(data_dir)}))).etag == served


# Runs the import command in its own process with a hook on one os call of storage.write_atomic:
# on its Nth call the hook says so in a marker file and waits to be killed.
HOOKED_IMPORT = """
import os, sys, time
from pathlib import Path
from flask.cli import main
name, nth, marker, *sources = sys.argv[1:]
real, calls = getattr(os, name), []
def hook(*args, **kwargs):
    calls.append(1)
    if len(calls) == int(nth):
        Path(marker).write_text(name)
        time.sleep(60)
    return real(*args, **kwargs)
setattr(os, name, hook)
sys.argv = ["flask", "--app", "webapp", "schedule", "import", *sources]
main()
"""
KILL_POINTS = {
    "temp file written, not yet synced": ("fsync", 1, "old"),
    "temp file synced, not yet renamed": ("replace", 1, "old"),
    "renamed, directory not yet synced": ("fsync", 2, "new"),
}


def new_schedule_bytes(data_dir: Path, tmp_path: Path) -> bytes:
    """What the import writes when nothing goes wrong (run on a copy of the data directory)."""
    copy = tmp_path / "clean"
    copy.mkdir()
    (copy / "schedule.json").write_bytes((data_dir / "schedule.json").read_bytes())
    env = {**os.environ, "HALLWAY_DATA_DIR": str(copy)}
    cmd = [sys.executable, "-m", "flask", "--app", "webapp", "schedule", "import", *map(str, SEEDS)]
    subprocess.run(cmd, cwd=ROOT, env=env, check=True, capture_output=True, timeout=120)
    return (copy / "schedule.json").read_bytes()


def wait_for_file(path: Path, proc: subprocess.Popen, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not path.exists():
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else "import exited early"
        assert time.monotonic() < deadline, f"{path} did not appear within {timeout} s"
        time.sleep(0.02)


@pytest.mark.parametrize("point", KILL_POINTS)
def test_import_killed_while_it_writes_leaves_the_old_or_the_new_schedule_whole(data_dir, tmp_path, point):
    name, nth, expected = KILL_POINTS[point]
    target = data_dir / "schedule.json"
    old, new = target.read_bytes(), new_schedule_bytes(data_dir, tmp_path)
    assert old != new
    served = published(runtime(create_app({"TESTING": True, "DATA_DIR": str(data_dir)})))
    marker = tmp_path / "marker"
    env = {**os.environ, "HALLWAY_DATA_DIR": str(data_dir)}
    cmd = [sys.executable, "-c", HOOKED_IMPORT, name, str(nth), str(marker), *map(str, SEEDS)]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        wait_for_file(marker, proc)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    leftovers = [p.name for p in data_dir.iterdir() if p.name.endswith(".tmp")]
    print(f"\nkilled at {point}: schedule is the {expected} one, {len(leftovers)} temp file(s) left")
    assert target.read_bytes() == {"old": old, "new": new}[expected]
    storage.load_schedule(target)
    after = published(runtime(create_app({"TESTING": True, "DATA_DIR": str(data_dir)})))
    if expected == "old":
        assert after.etag == served.etag
    else:
        assert after.version == served.version + 1 and after.schedule.event.name != served.schedule.event.name


def test_import_killed_at_random_moments_never_leaves_a_partial_schedule(data_dir, tmp_path):
    target = data_dir / "schedule.json"
    old, new = target.read_bytes(), new_schedule_bytes(data_dir, tmp_path)
    rng = random.Random(3)
    env = {**os.environ, "HALLWAY_DATA_DIR": str(data_dir)}
    cmd = [sys.executable, "-m", "flask", "--app", "webapp", "schedule", "import", *map(str, SEEDS)]
    start = time.monotonic()
    clean_env = {**env, "HALLWAY_DATA_DIR": str(tmp_path / "clean")}
    subprocess.run(cmd, cwd=ROOT, env=clean_env, capture_output=True, check=True, timeout=120)
    took = time.monotonic() - start
    outcomes = {"old": 0, "new": 0}
    for _ in range(8):
        target.write_bytes(old)
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            proc.wait(timeout=rng.uniform(0.5, 1.1) * took)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=10)
        data = target.read_bytes()
        assert data in (old, new), "a partial schedule was left"
        outcomes["old" if data == old else "new"] += 1
    print(f"\n8 imports killed at random moments ({took:.2f} s a full run): {outcomes}")


@pytest.mark.parametrize("message", ["database or disk is full", "disk I/O error", "database is locked"])
def test_a_store_that_cannot_write_answers_503_and_changes_nothing(data_dir, monkeypatch, message) -> None:
    import sqlite3

    from webapp.corrections.store import Writer

    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": "t", "WRITE_RATE_LIMIT": 0})
    client = app.test_client()
    before = client.get("/api/v1/schedule.json").data

    def refuse(self, change, *args):
        raise sqlite3.OperationalError(message)

    monkeypatch.setattr(Writer, "append", refuse)
    body = {"kind": "cancel", "session": "s1a2b3"}
    resp = client.post("/api/v1/corrections", json=body, headers={"Authorization": "Bearer t"})
    assert resp.status_code == 503 and resp.headers["Retry-After"] == "5"
    assert "nothing changed" in resp.get_json()["error"]
    monkeypatch.undo()
    assert client.get("/api/v1/schedule.json").data == before
