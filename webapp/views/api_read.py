"""The read API every phone polls: the schedule document (whole, and split in outline and texts
for the app) and the changes since a version. Thin routes over `webapp.serving`;
`schemas/openapi.json` describes them."""

from __future__ import annotations

import re
from functools import partial

from flask import Blueprint, Response, request

from ..serving import changes as changes_feed
from ..serving import current_runtime, feed
from ..serving.runtime import Runtime
from ..web.compress import not_modified
from ..web.fastpath import Environ, EtagOf
from .answers import error

bp = Blueprint("api_read", __name__, url_prefix="/api/v1")
STAMP = re.compile(r"[0-9a-f]{12}")
SINCE = re.compile(r"[0-9]{1,18}")
FEED_HEADERS = {"Cache-Control": "no-cache"}


@bp.get("/schedule.json")
def schedule_json() -> Response:
    return _document(*feed.schedule_document(current_runtime()))


# The app's split of the same document: the outline for the first screen, the texts after it.
@bp.get("/outline.json")
def outline_json() -> Response:
    return _document(*feed.outline_document(current_runtime()))


@bp.get("/texts.json")
def texts_json() -> Response:
    return _document(*feed.texts_document(current_runtime()))


def revalidated(rt: Runtime) -> dict[str, EtagOf]:
    """The documents the fast path in front of Flask answers (webapp/web/fastpath.py) with what
    these routes answered, while their ETag holds."""
    return {f"{bp.url_prefix}/{kind}.json": partial(_built_etag, rt, kind) for kind in feed.KINDS}


def _built_etag(rt: Runtime, kind: str, environ: Environ) -> str | None:
    return feed.built_etag(rt, kind)  # one answer per document: the query changes nothing


def replayed(rt: Runtime) -> dict[str, EtagOf]:
    """The changes feed, which every open app polls: the fast path answers its 304s and 200s
    with what `changes` answered for the same query while the store's head holds (its ETag
    names the head)."""
    return {f"{bp.url_prefix}/changes": partial(_changes_etag, rt)}


def _changes_etag(rt: Runtime, environ: Environ) -> str | None:
    return changes_feed.built_etag(rt)  # the same at every query: the fast path keys on the query


def _document(etag: str, body: bytes) -> Response:
    headers = {"ETag": etag, **FEED_HEADERS}
    if request.if_none_match.contains_weak(etag.strip('"')):
        return not_modified(headers, "application/json", body)
    return Response(body, mimetype="application/json", headers=headers)


@bp.get("/changes")
def changes() -> Response:
    since, stamp = request.args.get("since"), request.args.get("stamp")
    if since is None or not SINCE.fullmatch(since):
        return error(400, f"since must be a version number (an integer >= 0), got {since!r}")
    if stamp is not None and not STAMP.fullmatch(stamp):
        return error(400, f"stamp must be the 12 hex digits a document gave, got {stamp[:40]!r}")
    etag, body = changes_feed.changes(current_runtime(), int(since), stamp)
    if etag is None:  # answered from memory while the store cannot be read
        return Response(body, mimetype="application/json", headers=FEED_HEADERS)
    return _document(etag, body)
