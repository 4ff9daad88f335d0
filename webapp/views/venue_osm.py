"""`POST /api/v1/venue/osm`: an OpenStreetMap indoor map (the raw .osm or .geojson file) as the
venue document, with the report of what matched the schedule's rooms (`webapp.venue.osm`).
Organizers only. A dry run by default; with `?apply=1` and `If-Match: "<version>"` (the
`version` a dry run answered) the document is saved as `PUT /api/v1/venue` saves it."""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Blueprint, Response, request
from werkzeug.exceptions import RequestEntityTooLarge

from ..serving import current_runtime, venue_edit
from ..serving.published import published
from ..serving.venue import venue_version
from ..venue import osm_write
from ..venue.osm import OsmError
from ..venue.osm_errors import MAX_BYTES
from ..venue.plan import VenueError
from ..venue.store import VersionMismatch
from .answers import error
from .signin import organizer, within_limit

bp = Blueprint("venue_osm", __name__, url_prefix="/api/v1")
IF_MATCH = re.compile(r'"([0-9]{1,18})"')
NO_STORE = {"Cache-Control": "no-store"}


@bp.post("/venue/osm")
def import_osm() -> Response:
    if isinstance(by := organizer("an OpenStreetMap import"), Response):
        return by
    rt = current_runtime()
    apply = request.args.get("apply") == "1"
    expected = None
    if apply:
        asked = request.headers.get("If-Match")
        found = IF_MATCH.fullmatch(asked.strip()) if asked else None
        if found is None:
            return error(428, 'If-Match: "<version>" is required to apply: the version the dry run answered')
        expected = int(found.group(1))
    # One byte past the limit: a chunked body is cut there without an error, and a cut file
    # must be a 413, not "not well-formed XML".
    request.max_content_length = MAX_BYTES + 1
    try:
        data: bytes | None = request.get_data(cache=False)
    except RequestEntityTooLarge:  # a Content-Length past the limit: refused before reading
        data = None
    if data is None or len(data) > MAX_BYTES:
        return error(
            413, f"the file is larger than {MAX_BYTES // 1_000_000} MB: a venue's export is far smaller"
        )
    rooms = {r.id: r.name for r in published(rt).schedule.rooms}
    try:
        found_import, problems = osm_write.prepare(data, rooms, rt.data_dir)
    except OsmError as exc:
        return error(400, f"refused: {exc}")
    answer: dict[str, Any] = {
        "venue": found_import.doc,
        "report": {**found_import.report, "problems": problems.splitlines() if problems else []},
        "version": venue_version(rt),
        "applied": False,
    }
    if expected is None:
        return _json(answer, 200)
    if problems:
        return _json(
            {**answer, "error": "the venue it makes breaks the venue's rules; nothing was saved"}, 422
        )
    return within_limit(by, "writes", lambda: _apply(found_import.doc, expected, answer, by), _saved)


def _apply(doc: dict[str, Any], expected: int, answer: dict[str, Any], by: str) -> Response:
    rt = current_runtime()
    try:
        version = venue_edit.save(rt, doc, expected)
    except VenueError as exc:  # the schedule's rooms changed since prepare
        return _json({**answer, "error": str(exc)}, 422)
    except VersionMismatch as exc:
        message = f"the venue changed since the dry run: it is at version {exc.current}; import again"
        return _json({"error": message, "version": exc.current}, 412)
    rt.logger.info("venue imported from OpenStreetMap by %s as version %d", by, version)
    return _json({**answer, "version": version, "applied": True}, 200, {"ETag": f'"{version}"'})


def _saved(answer: Response) -> bool:
    return answer.status_code == 200


def _json(doc: dict[str, Any], status: int, headers: dict[str, str] | None = None) -> Response:
    body = json.dumps(doc, ensure_ascii=False)
    return Response(body, status=status, mimetype="application/json", headers={**NO_STORE, **(headers or {})})
