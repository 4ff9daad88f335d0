"""`POST /api/v1/venue/osm`: an OpenStreetMap indoor map (the raw .osm or .geojson file) as the
venue document, with the report of what matched the schedule's rooms (`webapp.venue.osm`).
Organizers only; a dry run: it stores nothing."""

from __future__ import annotations

import json

from flask import Blueprint, Response, request

from ..serving import current_runtime
from ..serving.published import published
from ..venue import osm_write
from ..venue.osm import OsmError
from ..venue.osm_errors import MAX_BYTES
from .answers import error
from .api_write import NO_STORE
from .api_write import _organizer as organizer

bp = Blueprint("venue_osm", __name__, url_prefix="/api/v1")


@bp.post("/venue/osm")
def import_osm() -> Response:
    if isinstance(by := organizer("an OpenStreetMap import"), Response):
        return by
    rt = current_runtime()
    # One byte past the limit: a chunked body is cut there without an error, and a cut file
    # must be a 413, not "not well-formed XML".
    request.max_content_length = MAX_BYTES + 1
    data = request.get_data(cache=False)
    if len(data) > MAX_BYTES:
        return error(
            413, f"the file is larger than {MAX_BYTES // 1_000_000} MB: a venue's export is far smaller"
        )
    rooms = {r.id: r.name for r in published(rt).schedule.rooms}
    try:
        found, problems = osm_write.prepare(data, rooms, rt.data_dir)
    except OsmError as exc:
        return error(400, f"refused: {exc}")
    report = {**found.report, "problems": problems.splitlines() if problems else []}
    body = json.dumps({"venue": found.doc, "report": report}, ensure_ascii=False)
    return Response(body, mimetype="application/json", headers=NO_STORE)
