"""The organizers' venue editor API: save the whole venue document (`PUT /api/v1/venue`, with
the version it was read at), and upload a floor plan (`POST /api/v1/venue/images`). Signed in
and rate limited as corrections are; every refusal says why and changes nothing. The work is
in `webapp.serving.venue_edit`; `schemas/openapi.json` describes the routes."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, request
from werkzeug.exceptions import RequestEntityTooLarge

from ..corrections.apply import CorrectionError
from ..serving import current_runtime, venue_edit
from ..serving.venue import venue_version
from ..venue.images import FORMATS, PDF, ImageError
from ..venue.plan import VenueError
from ..venue.store import VersionMismatch
from ..venue.svg import SvgError
from .answers import error, json_body
from .signin import organizer, within_limit

bp = Blueprint("venue_write", __name__, url_prefix="/api/v1")
IF_MATCH = re.compile(r'"([0-9]{1,18})"')
PAGE = re.compile(r"[0-9]{1,4}")
NO_STORE = {"Cache-Control": "no-store"}
ACCEPTED = (*FORMATS, venue_edit.SVG, PDF)


@bp.put("/venue")
def put_venue() -> Response:
    return _limited("a venue save", _save)


@bp.post("/venue/images")
def post_image() -> Response:
    return _limited("a plan upload", _upload)


def _limited(what: str, write: Callable[[], Response]) -> Response:
    """`write` for a signed-in organizer within the write limit; a refused write does not count."""
    by = organizer(what)
    if isinstance(by, Response):
        return by
    return within_limit(by, "writes", write, lambda answer: answer.status_code in (200, 201))


def _save() -> Response:
    rt = current_runtime()
    asked = request.headers.get("If-Match")
    if asked is None:
        return error(
            428, 'If-Match: "<version>" is required: the version of the venue this edit started from'
        )
    found = IF_MATCH.fullmatch(asked.strip())
    if found is None:
        return error(400, f'If-Match must be a version in quotes, like "3"; got {asked[:40]!r}')
    expected = int(found.group(1))
    if expected != (now := venue_version(rt)):
        return _stale(now)
    limit = rt.config["MAX_VENUE_BYTES"]
    try:
        doc = json_body(limit)
    except RequestEntityTooLarge:
        return error(413, f"the venue document is larger than {limit} bytes")
    except CorrectionError as exc:  # json_body's "not valid JSON"
        return error(400, str(exc))
    try:
        version = venue_edit.save(rt, doc, expected)
    except VenueError as exc:
        problems = str(exc).splitlines()
        return _json(
            {"error": f"the venue has {len(problems)} problem(s); nothing was saved", "problems": problems},
            422,
        )
    except VersionMismatch as exc:  # another save came between the check above and this one
        return _stale(exc.current)
    return _json({"version": version}, 200, {"ETag": f'"{version}"'})


def _upload() -> Response:
    rt = current_runtime()
    kind = request.mimetype
    if kind not in ACCEPTED:
        return error(
            415, f"a plan must be sent as one of {', '.join(ACCEPTED)}; got {kind or 'no Content-Type'}"
        )
    page = request.args.get("page", "1")
    if not PAGE.fullmatch(page) or int(page) < 1:
        return error(400, f"page must be a page number from 1; got {page[:20]!r}")
    limit = rt.config["MAX_VENUE_IMAGE_BYTES"]
    request.max_content_length = limit + 1  # a chunked body is cut there: read one byte past
    try:
        data: bytes | None = request.get_data(cache=False)
    except RequestEntityTooLarge:  # a Content-Length past the limit: refused before reading
        data = None
    if data is None or len(data) > limit:
        return error(413, f"the plan is larger than {limit // 1_000_000} MB")
    if not data:
        return error(400, "the body is empty: send the plan's file as the body")
    try:
        stored = venue_edit.upload(rt, data, kind, int(page))
    except (ImageError, SvgError) as exc:
        return error(422, f"this plan cannot be used: {exc}")
    return _json(stored.answer, 201)


def _stale(current: int) -> Response:
    message = f"the venue changed since this edit started: it is at version {current}; read it again"
    return _json({"error": message, "version": current}, 412)


def _json(doc: dict[str, Any], status: int, headers: dict[str, str] | None = None) -> Response:
    body = json.dumps(doc, ensure_ascii=False)
    return Response(body, status=status, mimetype="application/json", headers={**NO_STORE, **(headers or {})})
