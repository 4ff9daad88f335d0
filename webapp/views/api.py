"""JSON API: thin routes over `published`."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, request

from ..published import published

bp = Blueprint("api", __name__, url_prefix="/api/v1")


@bp.get("/schedule.json")
def schedule_json() -> Response:
    pub = published(current_app)
    headers = {"ETag": pub.etag, "Cache-Control": "no-cache"}
    if request.if_none_match.contains_weak(pub.etag.strip('"')):
        return Response(status=304, headers=headers)
    return Response(pub.body, mimetype="application/json", headers=headers)
