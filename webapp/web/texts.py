"""The schedule document split in two for the app: the outline (what the first screen needs)
and the long texts (session descriptions, speaker bios), fetched after it.

At 1,000 sessions the texts are nine tenths of the compressed feed, and no list view shows
them: the app loads the outline, renders, then merges the texts in. `/api/v1/schedule.json`
stays whole for every other reader.
"""

from __future__ import annotations

import json
from typing import Any

from ..domain import jsontext


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
    return _json(doc), _json(texts)


def _json(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
