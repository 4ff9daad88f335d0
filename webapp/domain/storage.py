"""Reading and writing schedule files. Writes are atomic: a reader sees the old file or
the new one, never half of one, and a failed write leaves the old file in place. A writer that
was killed leaves its temporary file behind; the next write removes it."""

from __future__ import annotations

import fcntl
import glob
import json
import os
import tempfile
import time
from pathlib import Path

from . import jsontext
from .model import Schedule
from .serialize import ScheduleFormatError, schedule_from_dict, schedule_to_dict

SCHEDULE_FILE = "schedule.json"
STALE_AFTER = 60.0  # seconds since a temporary file was last written


def remove_stale_temps(path: Path, now: float | None = None) -> list[Path]:
    """Remove the temporary files of writes to `path` that died (a SIGKILLed import): older than
    STALE_AFTER and not locked. A live writer holds a lock on its file for the whole write, so
    even a write stalled past the age (a slow fsync) keeps its file."""
    now = time.time() if now is None else now
    removed = []
    for name in glob.glob(f".{glob.escape(path.name)}.*.tmp", root_dir=path.parent):
        tmp = path.parent / name
        try:
            if now - tmp.stat().st_mtime < STALE_AFTER:
                continue
            fd = os.open(tmp, os.O_RDONLY)
        except OSError:  # removed by another writer first, or not ours to open: leave it
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            tmp.unlink()
            removed.append(tmp)
        except OSError:  # locked: a live writer; or gone, or not ours: tidying never fails a write
            pass
        finally:
            os.close(fd)  # releases the lock
    return removed


def write_atomic(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Write `path` whole or not at all, readable like other files (mkstemp makes 0600): with
    the mode it had, or `mode` when new."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = path.stat().st_mode & 0o777
    except FileNotFoundError:
        pass
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            os.fchmod(fh.fileno(), mode)
            # Locked until renamed, so a write stalled past STALE_AFTER is not taken for a dead one.
            fcntl.flock(fh, fcntl.LOCK_EX)
            remove_stale_temps(path)
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
            os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    # Make the rename itself durable.
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def save_schedule(path: Path, schedule: Schedule) -> None:
    if not schedule.sessions:
        raise ValueError("refusing to write a schedule with no sessions")
    doc = schedule_to_dict(schedule, provenance=True)
    write_atomic(path, (json.dumps(doc, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))


def load_schedule(path: Path) -> Schedule:
    try:
        doc = jsontext.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ScheduleFormatError(f"{path}: cannot read schedule: {exc}") from exc
    try:
        return schedule_from_dict(doc)
    except ScheduleFormatError as exc:
        raise ScheduleFormatError(f"{path}: {exc}") from exc
