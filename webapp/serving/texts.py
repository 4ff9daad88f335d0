"""The schedule document split in two for the app: the outline (what the first screen needs)
and the long texts (session descriptions, speaker bios), fetched after it.

At 1,000 sessions the texts are nine tenths of the compressed feed, and no list view shows
them: the app loads the outline, renders, then merges the texts in. `/api/v1/schedule.json`
stays whole for every other reader.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from ..domain.kinds import kind_names
from ..domain.languages import language_names
from ..domain.timeutil import parse_iso, zone_periods
from . import columns

# How far around the event the outline's zone table reaches: "now" a year before or after (a
# reader planning ahead, or looking back) still needs no Intl for the venue's day and clock.
ZONE_MARGIN = timedelta(days=400)
# What the outline leaves out: the long texts and the sessions' links, which only a session's
# page shows (in the texts document: 8.8 of a FOSDEM-sized outline's 43.8 KB brotli), and what the
# source gave that the app never reads: frab's guid and number (at 39C3, 9.3 of the outline's
# 22.5 KB: random UUIDs do not compress) and subtitle. schedule.json and the exports keep them all.
LEFT_OUT = {
    "sessions": ("description", "links", "guid", "number", "subtitle", "url"),
    "speakers": ("bio", "guid"),
    "rooms": ("guid",),
}


def split(doc: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(outline, texts) of the schedule document `doc`, the outline as served: `split_rows`'s,
    its sessions and speakers as columns (serving/columns.py)."""
    outline, texts = split_rows(doc)
    return columns.encode(outline), texts


def session_links(session: dict[str, Any]) -> list[dict[str, Any]]:
    """The session's links as the app gets them: its own page at its source first (its site's
    name for a title), or where the source listed it already, marked `"kind": "page"` either
    way. The mark is what the scanner finds the session by when that address is scanned,
    offline (static/js/features/qr/door-codes.js): no second copy of the address is sent."""
    page = session.get("url")
    listed = session.get("links") or []
    if page and any(x.get("url") == page for x in listed):
        return [{**x, "kind": "page"} if x.get("url") == page else x for x in listed]
    return ([{"url": page, "title": None, "kind": "page"}] if page else []) + listed


def split_rows(doc: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(outline, texts) of the schedule document `doc` (its `version` and `store` in both);
    `doc` itself is left as it is. The outline's sessions and speakers are rows here: what the
    server's first screen reads (serving/first_screen), as the app reads them once expanded.

    The outline is the document minus each session's `description` and each speaker's `bio`
    and the source's ids the app never reads (LEFT_OUT); the texts hold the non-empty ones by
    id: {"version", "store", "descriptions", "bios", "links"}.
    """
    descriptions: dict[str, list[str]] = {}
    links: dict[str, list[dict[str, Any]]] = {}
    bios: dict[str, str] = {}
    for session in doc["sessions"]:
        if session.get("description"):
            descriptions[session["id"]] = session["description"]
        found = session_links(session)
        if found:
            links[session["id"]] = found
    for speaker in doc["speakers"]:
        if speaker.get("bio"):
            bios[speaker["id"]] = speaker["bio"]
    outline = {
        **doc,
        **{
            listed: [{k: v for k, v in x.items() if k not in left} for x in doc[listed]]
            for listed, left in LEFT_OUT.items()
            if listed in doc
        },
    }
    texts = {
        "version": doc["version"],
        "store": doc["store"],
        "descriptions": descriptions,
        "bios": bios,
        "links": links,
    }
    table = zone_table(doc)
    if table:
        outline["zone"] = table
    tags = [s.get("language") for s in doc["sessions"]] + [doc["event"].get("language")]
    names = language_names(tag for tag in tags if isinstance(tag, str))
    if names:
        outline["language_names"] = names
    kinds = kind_names(s["kind"] for s in doc["sessions"] if isinstance(s.get("kind"), str))
    if kinds:
        outline["kind_names"] = kinds
    return outline, texts


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
