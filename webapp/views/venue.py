"""`/api/v1/venue.json`: the venue plan with the schedule's room names (see `webapp.venue.plan`);
`/venue/<file>`: the floor plan images the server wrote (never a file as it was uploaded)."""

from __future__ import annotations

from flask import Blueprint, Response, abort, request

from ..serving import current_runtime
from ..serving.venue import current_venue
from ..venue.store import written_plan
from ..web.compress import not_modified

bp = Blueprint("venue", __name__)
# Named by their content (webapp/venue/store.py): a name never gets other bytes.
IMMUTABLE = "public, max-age=31536000, immutable"


@bp.get("/api/v1/venue.json")
def venue_json() -> Response:
    found = current_venue(current_runtime())
    headers = {"ETag": found.etag, "Cache-Control": "no-cache"}
    if request.if_none_match.contains(found.etag.strip('"')):
        return not_modified(headers, "application/json", found.body)
    return Response(found.body, mimetype="application/json", headers=headers)


@bp.get("/venue/<name>")
def plan_image(name: str) -> Response:
    path = written_plan(current_runtime().data_dir, name)
    if path is None:
        abort(404)
    body = path.read_bytes()
    etag = f'"{name}"'
    headers = {"ETag": etag, "Cache-Control": IMMUTABLE, "X-Content-Type-Options": "nosniff"}
    if request.if_none_match.contains(name):
        return Response(status=304, headers=headers)
    return Response(body, mimetype="image/webp", headers=headers)
