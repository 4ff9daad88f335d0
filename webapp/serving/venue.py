"""The venue plan a phone reads (`/api/v1/venue.json`), with the schedule's room names
(`webapp.venue.plan`) and the venue's version (`webapp.venue.store`), built again only when the
schedule or a plan file changed."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from ..venue import store as venue_store
from ..venue.plan import SVG_DIR, VENUE_FILE, VenueError, load_venue, no_plan
from .published import published
from .runtime import Runtime


@dataclass(frozen=True)
class VenueBody:
    body: bytes
    etag: str


def _stamp(rt: Runtime) -> tuple[object, ...]:
    """Changes whenever the schedule, venue.json or a plan in venue/ changes."""
    data_dir = rt.data_dir
    files = [data_dir / VENUE_FILE, *sorted((data_dir / SVG_DIR).glob("*.svg"))]
    mtimes = tuple((p.name, p.stat().st_mtime_ns) for p in files if p.exists())
    return (published(rt).etag, mtimes, venue_version(rt))


def venue_version(rt: Runtime) -> int:
    """The venue's version (what the changes feed tells phones), read again only when
    venue.json or its version record changed: every poll of the feed asks."""
    files = (rt.data_dir / VENUE_FILE, venue_store.venue_dir(rt.data_dir) / venue_store.STATE_FILE)
    stat = tuple(_stat(p) for p in files)
    found = rt.venue_version.get(stat)
    if found is None:
        found = rt.venue_version.put(stat, venue_store.version(rt.data_dir))
    return found


def _stat(path: Path) -> tuple[int, int, int] | None:
    try:
        s = path.stat()
    except OSError:
        return None
    return (s.st_mtime_ns, s.st_size, s.st_ino)


def current_venue(rt: Runtime) -> VenueBody:
    """Rebuilt when its inputs change; a broken venue.json is logged and the last good copy
    (or, with none, the plain room list) is served, so attendees never lose the rooms."""
    stamp = _stamp(rt)
    found = rt.venue.get(stamp)
    if found is not None:
        return found
    kept = rt.venue.last()
    rooms = {r.id: r.name for r in published(rt).schedule.rooms}
    try:
        doc = {**load_venue(rt.data_dir, rooms).doc, "version": stamp[-1]}
    except VenueError as exc:
        rt.logger.error("venue not updated: %s", exc)
        if kept is not None:
            return rt.venue.put(stamp, kept)
        doc = {**no_plan(rooms).doc, "version": stamp[-1]}
    body = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return rt.venue.put(stamp, VenueBody(body, f'"{hashlib.sha256(body).hexdigest()[:16]}"'))
