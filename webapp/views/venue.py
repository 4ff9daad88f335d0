"""`/api/v1/venue.json`: the venue plan with the schedule's room names (see `webapp.venue.plan`)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, request

from ..corrections.published import published
from ..venue.plan import SVG_DIR, VENUE_FILE, VenueError, load_venue, no_plan

bp = Blueprint("venue", __name__)


@dataclass(frozen=True)
class VenueBody:
    body: bytes
    etag: str


def _stamp(app: Flask) -> tuple[object, ...]:
    """Changes whenever the schedule, venue.json or a plan in venue/ changes."""
    data_dir = Path(app.config["DATA_DIR"])
    files = [data_dir / VENUE_FILE, *sorted((data_dir / SVG_DIR).glob("*.svg"))]
    mtimes = tuple((p.name, p.stat().st_mtime_ns) for p in files if p.exists())
    return (published(app).etag, mtimes)


def current_venue(app: Flask) -> VenueBody:
    """Rebuilt when its inputs change; a broken venue.json is logged and the last good copy
    (or, with none, the plain room list) is served, so attendees never lose the rooms."""
    stamp = _stamp(app)
    cached = app.extensions.get("hallway.venue")
    if cached is not None and cached[0] == stamp:
        return cached[1]
    rooms = {r.id: r.name for r in published(app).schedule.rooms}
    try:
        doc = load_venue(Path(app.config["DATA_DIR"]), rooms).doc
    except VenueError as exc:
        app.logger.error("venue not updated: %s", exc)
        if cached is not None:
            app.extensions["hallway.venue"] = (stamp, cached[1])
            return cached[1]
        doc = no_plan(rooms).doc
    body = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    result = VenueBody(body, f'"{hashlib.sha256(body).hexdigest()[:16]}"')
    app.extensions["hallway.venue"] = (stamp, result)
    return result


@bp.get("/api/v1/venue.json")
def venue_json() -> Response:
    found = current_venue(current_app)
    headers = {"ETag": found.etag, "Cache-Control": "no-cache"}
    if request.if_none_match.contains(found.etag.strip('"')):
        return Response(status=304, headers=headers)
    return Response(found.body, mimetype="application/json", headers=headers)
