"""The app shell for every app route, the hashed assets, the manifest and the worker.

Routes are thin: documents are built in `webapp.serving.shell`, the worker in `webapp.views.sw`.
"""

from __future__ import annotations

import hashlib
import re

from flask import Blueprint, Response, abort, request

from ..i18n import catalogs
from ..i18n.choose import COOKIE, choose
from ..serving import current_runtime
from ..serving.language import event_language
from ..serving.published import published
from ..serving.shell import documents
from ..web import assets
from . import sw

bp = Blueprint("pages", __name__)

# Every path the app renders on the client. Adding a view: one entry here, one in static/js/routes.js.
APP_ROUTES: tuple[str, ...] = (
    *("/", "/my", "/now", "/rooms", "/speakers", "/session/<sid>", "/speaker/<sid>"),
    *("/map", "/room/<sid>"),
    *("/tracks", "/track/<sid>"),
    *("/scan", "/share"),
    "/changes",
    # The organizers' console (js/features/organize/, loaded with import() only when opened).
    *("/organize", "/organize/correct", "/organize/add", "/organize/history", "/organize/rooms"),
    "/organize/announce",
)
ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
IMMUTABLE = "public, max-age=31536000, immutable"


def _exists(kind: str, sid: str) -> bool:
    schedule = published(current_runtime()).schedule
    find = {
        "session": schedule.session,
        "speaker": schedule.speaker,
        "room": schedule.room,
        "track": schedule.track,
    }[kind]
    return find(sid) is not None


def reader_language() -> str:
    """The request's language: ?hl=, the cookie the app sets when the person chooses, the
    browser's Accept-Language, the event's language, English (webapp.i18n.choose)."""
    event = event_language(current_runtime())
    asked = [request.cookies.get(COOKIE), *request.accept_languages.values(), event]
    return choose(asked, catalogs.languages(), explicit=[request.args.get("hl")])


def _revalidated(body: bytes, etag: str, mimetype: str, status: int = 200, vary: str = "") -> Response:
    headers = {"ETag": etag, "Cache-Control": "no-cache"} | ({"Vary": vary} if vary else {})
    if status == 200 and request.if_none_match.contains(etag.strip('"')):
        return Response(status=304, headers=headers)
    return Response(body, status=status, mimetype=mimetype, headers=headers)


def shell(sid: str | None = None) -> Response:
    """The shell; an unknown id still gets it (its view says "not found") with status 404."""
    status = 200
    if sid is not None:
        kind = request.path.split("/")[1]
        if not ID.fullmatch(sid) or not _exists(kind, sid):
            status = 404
    docs = documents(current_runtime(), reader_language())
    # Written in the reader's language: a cache keys it on what chose it.
    return _revalidated(docs.shell, docs.shell_etag, "text/html", status, vary="Cookie, Accept-Language")


for _rule in APP_ROUTES:
    bp.add_url_rule(_rule, endpoint="shell_" + (_rule.strip("/").split("/")[0] or "home"), view_func=shell)


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    docs = documents(current_runtime())
    return _revalidated(docs.manifest, docs.manifest_etag, "application/manifest+json")


@bp.get("/sw.js")
def service_worker() -> Response:
    # The browser asks for the worker at every navigation and update check: with an ETag an
    # unchanged worker costs a 304, not its 1.5 KB again.
    body = sw.script(current_runtime(), APP_ROUTES)
    return _revalidated(body, '"' + hashlib.sha256(body).hexdigest()[:16] + '"', "text/javascript")


@bp.get("/assets/<tree_hash>/<path:name>")
def asset(tree_hash: str, name: str) -> Response:
    tree = current_runtime().tree()
    found = tree.files.get(name)
    if tree_hash != tree.tree_hash or found is None:
        abort(404)
    headers = {"Cache-Control": IMMUTABLE, "ETag": f'"{found.digest[:16]}"', "Vary": "Accept-Encoding"}
    coding = assets.pick_encoding(found, request.accept_encodings)
    if coding is not None:
        headers["Content-Encoding"] = coding
    return Response(
        found.encoded.get(coding, found.body) if coding else found.body,
        mimetype=found.mimetype,
        headers=headers,
    )
