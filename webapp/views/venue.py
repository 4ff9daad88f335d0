"""`/api/v1/venue.json`: the venue plan with the schedule's room names (see `webapp.venue.plan`)."""

from __future__ import annotations

from flask import Blueprint, Response, request

from ..serving import current_runtime
from ..serving.venue import current_venue
from ..web.compress import not_modified

bp = Blueprint("venue", __name__)


@bp.get("/api/v1/venue.json")
def venue_json() -> Response:
    found = current_venue(current_runtime())
    headers = {"ETag": found.etag, "Cache-Control": "no-cache"}
    if request.if_none_match.contains(found.etag.strip('"')):
        return not_modified(headers, "application/json", found.body)
    return Response(found.body, mimetype="application/json", headers=headers)
