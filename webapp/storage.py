"""Reading and writing schedule files. Writes are atomic: a reader sees the old file or
the new one, never half of one, and a failed write leaves the old file in place."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from .model import Schedule
from .serialize import ScheduleFormatError, schedule_from_dict, schedule_to_dict

SCHEDULE_FILE = "schedule.json"


def write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
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
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ScheduleFormatError(f"{path}: cannot read schedule: {exc}") from exc
    try:
        return schedule_from_dict(doc)
    except ScheduleFormatError as exc:
        raise ScheduleFormatError(f"{path}: {exc}") from exc
