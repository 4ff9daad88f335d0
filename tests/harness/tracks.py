"""What the track tests read from the generated congress they run on."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

NOW = "now=2026-09-14T11:20:00%2B02:00"  # the first morning of the congress


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def per_track(doc: dict[str, Any]) -> Counter[str]:
    return Counter(s["track"] for s in doc["sessions"] if s["track"])
