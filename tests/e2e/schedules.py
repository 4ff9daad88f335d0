"""Schedules for e2e tests, built from the mini fixture so each test says only what differs."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_schedule.json"


def mini() -> dict[str, Any]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def session(sid: str, title: str, start: str, end: str, room: str = "main", **extra: Any) -> dict[str, Any]:
    return {
        "id": sid,
        "title": title,
        "kind": None,
        "start": start,
        "end": end,
        "room": room,
        "track": None,
        "level": None,
        "slides": None,
        "description": [],
        "speakers": [],
        "status": "confirmed",
        **extra,
    }


def write(doc: dict[str, Any], directory: Path, name: str = "schedule.json") -> Path:
    path = directory / name
    path.write_text(json.dumps(copy.deepcopy(doc), ensure_ascii=False), encoding="utf-8")
    return path
