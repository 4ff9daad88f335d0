"""JSON API: the schedule feed (whole, and split in outline and texts for the app), the changes
feed and the corrections write path. Thin routes: the work is in `feed`, `published` and
`corrections`; `schemas/openapi.json` describes them."""

from __future__ import annotations

import hmac  # noqa: F401 - tests watch hmac.compare_digest through this module
import json
import re
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, request
from werkzeug.exceptions import RequestEntityTooLarge

from ..corrections.apply import CorrectionError
from ..corrections.clashes import Clash, ClashError
from ..corrections.database import describe
from ..corrections.published import (
    STORE_ERRORS,
    StoreDamaged,
    StoreUnavailable,
    check,
    clock,
    publish,
    publish_once,
    store_for,
)
from ..corrections.store import KeyReused
from ..domain import jsontext
from ..domain.serialize import ScheduleFormatError
from ..web import feed, follow, organizers, ratelimit

bp = Blueprint("api", __name__, url_prefix="/api/v1")
STAMP = re.compile(r"[0-9a-f]{12}")
SINCE = re.compile(r"[0-9]{1,18}")
IDEMPOTENCY_KEY = re.compile(r"[\x20-\x7e]{1,128}")  # printable ASCII
FEED_HEADERS = {"Cache-Control": "no-cache"}


def _error(status: int, message: str, headers: dict[str, str] | None = None) -> Response:
    body = json.dumps({"error": message}, ensure_ascii=False)
    return Response(body, status=status, mimetype="application/json", headers=headers)


@bp.get("/schedule.json")
def schedule_json() -> Response:
    return _document(*feed.schedule_document(current_app))


# The app's split of the same document: the outline for the first screen, the texts after it.
@bp.get("/outline.json")
def outline_json() -> Response:
    return _document(*feed.outline_document(current_app))


@bp.get("/texts.json")
def texts_json() -> Response:
    return _document(*feed.texts_document(current_app))


def _document(etag: str, body: bytes) -> Response:
    headers = {"ETag": etag, **FEED_HEADERS}
    if request.if_none_match.contains_weak(etag.strip('"')):
        return Response(status=304, headers=headers)
    return Response(body, mimetype="application/json", headers=headers)


@bp.get("/changes")
def changes() -> Response:
    since, stamp = request.args.get("since"), request.args.get("stamp")
    if since is None or not SINCE.fullmatch(since):
        return _error(400, f"since must be a version number (an integer >= 0), got {since!r}")
    if stamp is not None and not STAMP.fullmatch(stamp):
        return _error(400, f"stamp must be the 12 hex digits a document gave, got {stamp[:40]!r}")
    body = feed.changes(current_app, int(since), stamp)
    return Response(body, mimetype="application/json", headers=FEED_HEADERS)


def _organizer(what: str) -> str | Response:
    """The signed-in organizer's name, or the error answer (403 closed, 429, 401)."""
    known = organizers.tokens(current_app.config)
    if not known:
        return _error(403, "the write path is closed: no admin token is configured")
    name = organizers.identify(request.headers.get("Authorization", ""), known)
    if name is not None:
        return name  # a right token is never held back by others' wrong ones
    client = request.remote_addr or "?"
    now = clock(current_app)().timestamp()
    wait = ratelimit.failed_sign_in(_limiter(), client, current_app.config["WRITE_RATE_LIMIT"], now)
    if wait is not None:
        return _error(429, f"too many failed sign-ins; retry in {wait} s", {"Retry-After": str(wait)})
    current_app.logger.warning("refused %s from %s: missing or wrong token", what, client)
    return _error(401, "missing or wrong bearer token", {"WWW-Authenticate": "Bearer"})


def _limiter() -> ratelimit.Limiter:
    limiter = current_app.extensions.get("hallway.limiter")
    if limiter is None:
        path = Path(current_app.config["DATA_DIR"]) / ratelimit.LIMIT_FILE
        limiter = current_app.extensions["hallway.limiter"] = ratelimit.Limiter(path)
    return limiter


@bp.get("/whoami")
def whoami() -> Response:
    """Which organizer a token belongs to: how the console checks a token when signing in."""
    name = _organizer("a sign-in")
    if isinstance(name, Response):
        return name
    body = json.dumps({"name": name}, ensure_ascii=False)
    return Response(body, mimetype="application/json", headers={"Cache-Control": "no-store"})


@bp.get("/follow")
def follow_status() -> Response:
    """How following the sources goes (HALLWAY_FOLLOW), for the console's status line."""
    name = _organizer("a follow status request")
    if isinstance(name, Response):
        return name
    doc = follow.report(current_app) or {"summary": "this server follows no sources", "problem": None}
    body = json.dumps({"following": current_app.config.get("FOLLOW") is not None, **doc}, ensure_ascii=False)
    return Response(body, mimetype="application/json", headers={"Cache-Control": "no-store"})


@bp.post("/corrections")
def post_correction() -> Response:
    by = _organizer("a correction")
    if isinstance(by, Response):
        return by
    limit, now = current_app.config["WRITE_RATE_LIMIT"], clock(current_app)().timestamp()
    wait = ratelimit.reserve_write(_limiter(), by, limit, now)
    if wait is not None:
        return _error(429, f"too many corrections from {by}; retry in {wait} s", {"Retry-After": str(wait)})
    answer = _store(by)
    if answer.status_code != 201:  # nothing new stored: the write does not count
        ratelimit.release_write(_limiter(), by, limit, now)
    return answer


def _store(by: str) -> Response:
    key = request.headers.get("Idempotency-Key")
    if key is not None and not IDEMPOTENCY_KEY.fullmatch(key):
        return _error(400, "Idempotency-Key must be 1 to 128 printable ASCII characters")
    stored_now = True
    try:
        body = _json_body(current_app.config["MAX_CORRECTION_BYTES"])
        if key is None:
            correction = publish(current_app, body, by)
        else:
            correction, stored_now = publish_once(current_app, body, key, by)
    except RequestEntityTooLarge:
        limit = current_app.config["MAX_CORRECTION_BYTES"]
        return _error(413, f"the body is larger than {limit} bytes")
    except CorrectionError as exc:
        return _error(400, str(exc))
    except ClashError as exc:
        return _clash(exc.clashes)
    except KeyReused as exc:
        return _error(409, str(exc))
    except StoreDamaged as exc:  # rows no longer read: the organizer sets them aside first
        return _error(503, str(exc), {"Retry-After": "60"})
    except STORE_ERRORS as exc:  # disk full, I/O error, locked, a damaged file: not stored
        path = store_for(current_app).path
        current_app.logger.error("could not store a correction in %s: %s", path, describe(exc))
        return _error(503, "the correction could not be stored; nothing changed, retry", {"Retry-After": "5"})
    current_app.logger.info(
        "%s correction version %d (%s %s) by %s",
        "published" if stored_now else "answered a retry with the stored",
        correction.version,
        correction.change.kind,
        correction.change.session,
        correction.by,
    )
    doc = json.dumps(correction.to_dict(), ensure_ascii=False)
    return Response(doc, status=201 if stored_now else 200, mimetype="application/json", headers=_head())


@bp.post("/corrections/check")
def check_correction() -> Response:
    """The consequences of a correction without publishing it: its clashes and the session after."""
    if isinstance(by := _organizer("a check"), Response):
        return by
    try:
        body = _json_body(current_app.config["MAX_CORRECTION_BYTES"])
        found, preview = check(current_app, body)
    except RequestEntityTooLarge:
        return _error(413, f"the body is larger than {current_app.config['MAX_CORRECTION_BYTES']} bytes")
    except CorrectionError as exc:
        return _error(400, str(exc))
    except StoreDamaged as exc:
        return _error(503, str(exc), {"Retry-After": "60"})
    doc = {"clashes": [c.to_dict() for c in found], "preview": preview}
    return Response(
        json.dumps(doc, ensure_ascii=False),
        mimetype="application/json",
        headers={"Cache-Control": "no-store"},
    )


def _clash(found: list[Clash]) -> Response:
    doc = {"error": "clash", "clashes": [c.to_dict() for c in found]}
    return Response(json.dumps(doc, ensure_ascii=False), status=409, mimetype="application/json")


def _head() -> dict[str, str]:
    """The newest version, for a client that retried; a failed read after the commit must not
    turn a stored correction into an error answer."""
    try:
        return {"Hallway-Version": str(store_for(current_app).head().version)}
    except STORE_ERRORS:
        return {}


@bp.app_errorhandler(ScheduleFormatError)
def no_schedule(exc: ScheduleFormatError) -> Response:
    """No schedule has ever been imported, or the only file there is refused (a later broken file
    is never seen here: the last good import keeps being served). Any route: 503, not 500."""
    current_app.logger.error("no schedule to serve: %s", exc)
    return Response(
        "No schedule is being served yet: the schedule file is missing or refused (see the server log).\n",
        status=503,
        mimetype="text/plain",
        headers={"Retry-After": "60", "Cache-Control": "no-store"},
    )


@bp.app_errorhandler(StoreUnavailable)
def store_unavailable(exc: StoreUnavailable) -> Response:
    """The store cannot be read and this process has no schedule in memory to serve instead."""
    return Response(
        f"The schedule cannot be served just now: {exc} (see the server log and /healthz).\n",
        status=503,
        mimetype="text/plain",
        headers={"Retry-After": "30", "Cache-Control": "no-store"},
    )


def _json_body(limit: int) -> Any:
    # Read one byte past the limit: a chunked body (no Content-Length) is cut at the limit
    # without an error, and a cut body must be a 413, not "not valid JSON".
    request.max_content_length = limit + 1
    data = request.get_data(cache=False)
    if len(data) > limit:
        raise RequestEntityTooLarge()
    try:
        return jsontext.loads(data.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise CorrectionError(f"the body is not valid JSON: {exc}") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")
