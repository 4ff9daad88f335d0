"""The schedule as attendees see it: the imported schedule with its version and ETag.

The corrections layer plugs in here (it applies corrections and supplies the version);
views only ever ask `published(app)`.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask

from .model import Schedule
from .serialize import schedule_to_dict
from .storage import SCHEDULE_FILE, load_schedule


@dataclass(frozen=True)
class Published:
    schedule: Schedule
    version: int
    body: bytes  # the JSON of /api/v1/schedule.json
    etag: str


def schedule_path(app: Flask) -> Path:
    return Path(app.config["DATA_DIR"]) / SCHEDULE_FILE


def build(schedule: Schedule, version: int) -> Published:
    doc: dict[str, Any] = {"version": version, **schedule_to_dict(schedule)}
    body = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    etag = f'"v{version}-{hashlib.sha256(body).hexdigest()[:16]}"'
    return Published(schedule=schedule, version=version, body=body, etag=etag)


def published(app: Flask) -> Published:
    """Re-read only when the schedule file changed (an import in another process)."""
    path = schedule_path(app)
    stamp = path.stat().st_mtime_ns
    cached = app.extensions.get("hallway.published")
    if cached is not None and cached[0] == stamp:
        return cached[1]
    result = build(load_schedule(path), version=0)
    app.extensions["hallway.published"] = (stamp, result)
    return result
