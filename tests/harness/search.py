"""What the schedule's search promises, computed here from a schedule.json: a query word
matches a word of the title, a speaker's name, the track's name or the description that equals
it or begins with it, after folding (case, accents), and every word must match."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path
from typing import Any

SPECIAL = {"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i"}


def words(text: str) -> list[str]:
    bare = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)).lower()
    return re.findall(r"[^\W_]+", "".join(SPECIAL.get(c, c) for c in bare))


def searchable(path: Path) -> dict[str, Any]:
    """The schedule at `path`, each session with `_names` (its speakers') and `_fields` (what
    the search reads: title, names, track, then the description's paragraphs)."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    people = {p["id"]: p["name"] for p in doc["speakers"]}
    tracks = {t["id"]: t["name"] for t in doc["tracks"]}
    for s in doc["sessions"]:
        s["_names"] = [people[i] for i in s["speakers"]]
        s["_fields"] = [s["title"], *s["_names"], tracks.get(s.get("track"), ""), *s["description"]]
    return doc


def matching(doc: dict[str, Any], query: str, outline_only: bool = False) -> set[str]:
    """Ids of the sessions `query` finds; `outline_only`: without reading the descriptions."""
    terms = words(query)
    found = set()
    for s in doc["sessions"]:
        fields = s["_fields"][: 2 + len(s["_names"])] if outline_only else s["_fields"]
        said = [w for field in fields for w in words(field)]
        if all(any(w.startswith(t) for w in said) for t in terms):
            found.add(s["id"])
    return found


def count_of(n: int) -> str:
    return f"{n} session{'' if n == 1 else 's'}"
