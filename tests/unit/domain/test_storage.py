"""Atomic schedule writes tidy up after writers that died: temporary files of a SIGKILLed
import older than a minute are removed by the next write, never one a live writer holds."""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from webapp.domain.storage import STALE_AFTER, load_schedule, remove_stale_temps, save_schedule, write_atomic

ROOT = Path(__file__).resolve().parents[3]

# write_atomic in its own process, stopped just before the rename (temp file written, synced and
# locked) until it is killed; it says so by creating `marker`.
STUCK_WRITER = """
import os, sys, time
from pathlib import Path
from webapp.domain import storage
target, marker = map(Path, sys.argv[1:])
def stuck(*args):
    marker.write_text("writing")
    time.sleep(60)
storage.os.replace = stuck
storage.write_atomic(target, b"half an import")
"""


def temps(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".tmp"))


def age(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


def start_stuck_writer(target: Path, tmp_path: Path) -> subprocess.Popen:
    marker = tmp_path / "marker"
    proc = subprocess.Popen(
        [sys.executable, "-c", STUCK_WRITER, str(target), str(marker)],
        cwd=ROOT,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while not marker.exists():
        assert proc.poll() is None, proc.stderr.read()
        assert time.monotonic() < deadline, "the writer did not start writing"
        time.sleep(0.02)
    return proc


def test_a_sigkilled_writers_temp_file_is_removed_by_the_next_save(data_dir, tmp_path):
    target = data_dir / "schedule.json"
    schedule = load_schedule(target)
    proc = start_stuck_writer(target, tmp_path)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    [left] = temps(data_dir)
    assert left.startswith(".schedule.json.")
    age(data_dir / left, STALE_AFTER + 1)
    save_schedule(target, schedule)
    assert temps(data_dir) == []
    assert load_schedule(target) == schedule


def test_a_temp_file_a_live_writer_holds_is_kept_however_old(data_dir, tmp_path):
    target = data_dir / "schedule.json"
    proc = start_stuck_writer(target, tmp_path)
    try:
        [held] = temps(data_dir)
        age(data_dir / held, 10 * STALE_AFTER)  # a write stalled for ten minutes
        write_atomic(target, b"{}")
        assert temps(data_dir) == [held]
    finally:
        proc.kill()
        proc.wait(timeout=10)
    assert target.read_bytes() == b"{}"


def test_only_old_unlocked_temp_files_of_this_target_are_removed(tmp_path):
    target = tmp_path / "schedule.json"
    names = {
        "old": ".schedule.json.a1b2.tmp",
        "fresh": ".schedule.json.c3d4.tmp",
        "locked": ".schedule.json.e5f6.tmp",
        "other target": ".venue.json.g7h8.tmp",
        "not a temp": ".schedule.json.i9j0",
    }
    for name in names.values():
        (tmp_path / name).write_bytes(b"x")
        age(tmp_path / name, STALE_AFTER + 5)
    age(tmp_path / names["fresh"], STALE_AFTER - 5)
    with open(tmp_path / names["locked"], "rb") as held:  # its own open file: a separate lock
        fcntl.flock(held, fcntl.LOCK_EX)
        removed = remove_stale_temps(target)
    assert removed == [tmp_path / names["old"]]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(v for k, v in names.items() if k != "old")


def test_age_is_measured_against_the_given_clock(tmp_path):
    target = tmp_path / "schedule.json"
    tmp = tmp_path / ".schedule.json.zz.tmp"
    tmp.write_bytes(b"x")
    written = tmp.stat().st_mtime
    assert remove_stale_temps(target, now=written + STALE_AFTER - 1) == []
    assert remove_stale_temps(target, now=written + STALE_AFTER) == [tmp]
