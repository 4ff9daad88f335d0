"""The organizers' API: sign-in check, how following goes, and the corrections write path
(publish, and a dry run). Thin routes: the work is in `webapp.serving.writes`;
`schemas/openapi.json` describes them."""

from __future__ import annotations

import json
import re

from flask import Blueprint, Response, request
from werkzeug.exceptions import RequestEntityTooLarge

from ..corrections.apply import CorrectionError
from ..corrections.clashes import Clash, ClashError
from ..corrections.database import describe
from ..corrections.store import KeyReused
from ..serving import current_runtime, disk, follow, writes
from ..serving.failures import STORE_ERRORS, StoreDamaged
from .answers import error, json_body
from .signin import organizer as _organizer
from .signin import within_limit

bp = Blueprint("api_write", __name__, url_prefix="/api/v1")
IDEMPOTENCY_KEY = re.compile(r"[\x20-\x7e]{1,128}")  # printable ASCII
NO_STORE = {"Cache-Control": "no-store"}


@bp.get("/whoami")
def whoami() -> Response:
    """Which organizer a token belongs to: how the console checks a token when signing in."""
    name = _organizer("a sign-in")
    if isinstance(name, Response):
        return name
    return Response(
        json.dumps({"name": name}, ensure_ascii=False), mimetype="application/json", headers=NO_STORE
    )


@bp.get("/follow")
def follow_status() -> Response:
    """How following the sources goes (HALLWAY_FOLLOW), for the console's status line."""
    name = _organizer("a follow status request")
    if isinstance(name, Response):
        return name
    rt = current_runtime()
    doc = follow.report(rt) or {"summary": "this server follows no sources", "problem": None}
    body = json.dumps({"following": rt.config.get("FOLLOW") is not None, **doc}, ensure_ascii=False)
    return Response(body, mimetype="application/json", headers=NO_STORE)


@bp.post("/corrections")
def post_correction() -> Response:
    by = _organizer("a correction")
    if isinstance(by, Response):
        return by
    # Anything but a 201 stored nothing new (a replay, a refusal): the write does not count.
    return within_limit(by, "corrections", lambda: _store(by), lambda answer: answer.status_code == 201)


def _store(by: str) -> Response:
    rt = current_runtime()
    key = request.headers.get("Idempotency-Key")
    if key is not None and not IDEMPOTENCY_KEY.fullmatch(key):
        return error(400, "Idempotency-Key must be 1 to 128 printable ASCII characters")
    stored_now = True
    try:
        body = json_body(rt.config["MAX_CORRECTION_BYTES"])
        if key is None:
            correction = writes.publish(rt, body, by)
        else:
            correction, stored_now = writes.publish_once(rt, body, key, by)
    except RequestEntityTooLarge:
        return error(413, f"the body is larger than {rt.config['MAX_CORRECTION_BYTES']} bytes")
    except CorrectionError as exc:
        return error(400, str(exc))
    except ClashError as exc:
        return _clash(exc.clashes)
    except KeyReused as exc:
        return error(409, str(exc))
    except StoreDamaged as exc:  # rows no longer read: the organizer sets them aside first
        return error(503, str(exc), {"Retry-After": "60"})
    except STORE_ERRORS as exc:  # disk full, I/O error, locked, a damaged file: not stored
        rt.logger.error("could not store a correction in %s: %s", rt.store.path, describe(exc))
        reason = disk.refused(rt, exc, "the correction")  # a full disk is not cured by retrying soon
        if reason is not None:
            return error(503, reason, {"Retry-After": "60"})
        return error(503, "the correction could not be stored; nothing changed, retry", {"Retry-After": "5"})
    rt.logger.info(
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
    rt = current_runtime()
    try:
        found, preview = writes.check(rt, json_body(rt.config["MAX_CORRECTION_BYTES"]))
    except RequestEntityTooLarge:
        return error(413, f"the body is larger than {rt.config['MAX_CORRECTION_BYTES']} bytes")
    except CorrectionError as exc:
        return error(400, str(exc))
    except StoreDamaged as exc:
        return error(503, str(exc), {"Retry-After": "60"})
    except STORE_ERRORS as exc:  # the store cannot be read (or the file's import not recorded)
        rt.logger.error("could not check a correction against %s: %s", rt.store.path, describe(exc))
        return error(503, "the corrections store cannot be read just now; retry", {"Retry-After": "5"})
    doc = {"clashes": [c.to_dict() for c in found], "preview": preview}
    return Response(json.dumps(doc, ensure_ascii=False), mimetype="application/json", headers=NO_STORE)


def _clash(found: list[Clash]) -> Response:
    doc = {"error": "clash", "clashes": [c.to_dict() for c in found]}
    return Response(json.dumps(doc, ensure_ascii=False), status=409, mimetype="application/json")


def _head() -> dict[str, str]:
    """The newest version, for a client that retried; a failed read after the commit must not
    turn a stored correction into an error answer."""
    try:
        return {"Hallway-Version": str(current_runtime().store.head().version)}
    except STORE_ERRORS:
        return {}
