"""The schedule document split in two for the app: the outline (what the first screen needs)
and the long texts (session descriptions, speaker bios), fetched after it.

At 1,000 sessions the texts are nine tenths of the compressed feed, and no list view shows
them: the app loads the outline, renders, then merges the texts in. `/api/v1/schedule.json`
stays whole for every other reader.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from ..domain import jsontext
from ..domain.kinds import kind_names
from ..domain.languages import language_names
from ..domain.timeutil import parse_iso, zone_periods

# How far around the event the outline's zone table reaches: "now" a year before or after (a
# reader planning ahead, or looking back) still needs no Intl for the venue's day and clock.
ZONE_MARGIN = timedelta(days=400)


def split(body: bytes) -> tuple[bytes, bytes]:
    """(outline, texts) JSON of the schedule document `body` (its `version` and `store` in both).

    The outline is the document minus each session's `description` and each speaker's `bio`;
    the texts hold the non-empty ones by id: {"version", "store", "descriptions", "bios"}.
    """
    doc = jsontext.loads(body)  # our own document, but every read goes one way (depth-safe)
    descriptions: dict[str, list[str]] = {}
    bios: dict[str, str] = {}
    for session in doc["sessions"]:
        text = session.pop("description", None)
        if text:
            descriptions[session["id"]] = text
    for speaker in doc["speakers"]:
        bio = speaker.pop("bio", None)
        if bio:
            bios[speaker["id"]] = bio
    texts = {"version": doc["version"], "store": doc["store"], "descriptions": descriptions, "bios": bios}
    table = zone_table(doc)
    if table:
        doc["zone"] = table
    tags = [s.get("language") for s in doc["sessions"]] + [doc["event"].get("language")]
    names = language_names(tag for tag in tags if isinstance(tag, str))
    if names:
        doc["language_names"] = names
    kinds = kind_names(s["kind"] for s in doc["sessions"] if isinstance(s.get("kind"), str))
    if kinds:
        doc["kind_names"] = kinds
    return _json(doc), _json(texts)


def zone_table(doc: dict[str, Any]) -> dict[str, Any] | None:
    """The venue zone's offsets and short names around the event's sessions, for the app to
    show venue times without Intl on its first screen; None when there is nothing to cover."""
    times = [parse_iso(s[key]) for s in doc["sessions"] for key in ("start", "end")]
    if not times:
        return None
    name = doc["event"]["timezone"]
    until = max(times) + ZONE_MARGIN
    periods = zone_periods(name, min(times) - ZONE_MARGIN, until)
    if not periods:
        return None
    return {
        "name": name,
        "until": _utc(until),
        "periods": [
            {"from": _utc(since), "offset": minutes, "label": label} for since, minutes, label in periods
        ],
    }


def _utc(t: datetime) -> str:
    return t.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _json(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
