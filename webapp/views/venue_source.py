"""`GET /api/v1/venue/source`: the organizer's own venue document (data/venue.json as stored,
not the built plan phones read) with its version, for the console's venue editor to edit and
send back whole with `PUT /api/v1/venue` (If-Match: that version). Signed in as writes are."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response

from ..domain import jsontext
from ..serving import current_runtime
from ..venue import store as venue_store
from ..venue.plan import VENUE_FILE
from .answers import error
from .signin import organizer

bp = Blueprint("venue_source", __name__, url_prefix="/api/v1")
TRIES = 3  # a save between reading the version and the file: read both again


@bp.get("/venue/source")
def venue_source() -> Response:
    by = organizer("a venue source read")
    if isinstance(by, Response):
        return by
    data_dir = current_runtime().data_dir
    for _ in range(TRIES):
        before = venue_store.version(data_dir)
        try:
            text = (data_dir / VENUE_FILE).read_text(encoding="utf-8")
        except FileNotFoundError:
            text = None
        if venue_store.version(data_dir) == before:
            break
    else:
        return error(503, "the venue is being saved again and again; try again")
    try:
        doc: Any = None if text is None else jsontext.loads(text)
    except ValueError as exc:
        # A hand edit that is not JSON: the editor cannot start from it, and says why.
        return error(409, f"{VENUE_FILE} on the server is not valid JSON ({exc}); fix it there first")
    body = json.dumps({"version": before, "venue": doc}, ensure_ascii=False)
    return Response(body, mimetype="application/json", headers={"Cache-Control": "no-store"})
