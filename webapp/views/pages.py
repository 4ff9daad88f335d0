"""The app shell for every app route, the hashed assets, the manifest and the worker.

Routes are thin: documents are built in `webapp.serving.shell`, the worker in `webapp.views.sw`.
"""

from __future__ import annotations

import hashlib
import re
from functools import partial

from flask import Blueprint, Response, abort, request
from werkzeug.wrappers import Request

from ..i18n import catalogs
from ..i18n.choose import COOKIE, choose
from ..serving import current_runtime
from ..serving.failures import STORE_ERRORS
from ..serving.first_page import built_page_etag, drawn_path, page
from ..serving.language import event_language, language_of
from ..serving.published import look_built, published
from ..serving.runtime import Runtime
from ..serving.shell import documents
from ..web import assets
from ..web.compress import not_modified
from ..web.fastpath import Environ, EtagOf
from . import sw

bp = Blueprint("pages", __name__)

# Every path the app renders on the client. Adding a view: one entry here, one in static/js/routes.js.
APP_ROUTES: tuple[str, ...] = (
    *("/", "/my", "/now", "/rooms", "/speakers", "/session/<sid>", "/speaker/<sid>"),
    *("/map", "/room/<sid>"),
    *("/tracks", "/track/<sid>"),
    *("/scan", "/share", "/s", "/s/<sid>"),  # /s: a short link or code (js/views/code.js)
    "/changes",
    # The organizers' console (js/features/organize/, loaded with import() only when opened).
    *("/organize", "/organize/correct", "/organize/add", "/organize/history", "/organize/rooms"),
    *("/organize/announce", "/organize/venue"),
)
ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
IMMUTABLE = "public, max-age=31536000, immutable"
VARY = "Cookie, Accept-Language"  # what chooses the shell's language (`reader_language`)


def _exists(kind: str, sid: str) -> bool:
    schedule = published(current_runtime()).schedule
    find = {
        "session": schedule.session,
        # A short link's id, any case (the app opens it case-blind: js/features/qr/door-codes.js).
        "s": lambda sid: next((s for s in schedule.sessions if s.id.lower() == sid), None),
        "speaker": schedule.speaker,
        "room": schedule.room,
        "track": schedule.track,
    }[kind]
    return find(sid) is not None


def reader_language(rt: Runtime, asked_by: Request) -> str:
    """The request's language: ?hl=, the cookie the app sets when the person chooses, the
    browser's Accept-Language, the event's language, English (webapp.i18n.choose)."""
    return _chosen(asked_by, event_language(rt))


def _chosen(asked_by: Request, event: str) -> str:
    asked = [asked_by.cookies.get(COOKIE), *asked_by.accept_languages.values(), event]
    return choose(asked, catalogs.languages(), explicit=[asked_by.args.get("hl")])


# The fast path's choices of language, by the raw headers and query that made them: parsing
# the Cookie, Accept-Language and the query cost ~25 us of a shell's 304 (more than the rest of
# it), and a phone sends the same strings at every request. The choice depends on nothing else
# (the languages offered are read once per process).
_CHOICES: dict[tuple[str | None, ...], str] = {}
KEPT_CHOICES = 256  # past this, the table starts again


def _fast_reader_language(environ: Environ, event: str) -> str:
    cookie = environ.get("HTTP_COOKIE")
    # Cookies other than the language's (an organizer's sign-in) change nothing: one key for them.
    key = (cookie if cookie and COOKIE in cookie else None, environ.get("HTTP_ACCEPT_LANGUAGE"),
           environ.get("QUERY_STRING"), event)  # fmt: skip
    found = _CHOICES.get(key)
    if found is None:
        if len(_CHOICES) >= KEPT_CHOICES:
            _CHOICES.clear()
        found = _CHOICES[key] = _chosen(Request(environ), event)
    return found


def _revalidated(body: bytes, etag: str, mimetype: str, status: int = 200, vary: str = "") -> Response:
    headers = {"ETag": etag, "Cache-Control": "no-cache"} | ({"Vary": vary} if vary else {})
    if status == 200 and request.if_none_match.contains(etag.strip('"')):
        return not_modified(headers, mimetype, body)
    return Response(body, status=status, mimetype=mimetype, headers=headers)


def shell(sid: str | None = None) -> Response:
    """The shell; an unknown id still gets it (its view says "not found") with status 404."""
    status = 200
    if sid is not None:
        kind = request.path.split("/")[1]
        if not ID.fullmatch(sid) or not _exists(kind, sid.lower() if kind == "s" else sid):
            status = 404
    rt = current_runtime()
    lang = reader_language(rt, request)
    drawn = status == 200 and drawn_path(request.path, request.query_string, lang)
    found = page(rt, request.path, lang, request.query_string) if drawn else None
    # Written in the reader's language, the first screen too: a cache keys it on what chose it.
    if found is not None:  # `/` and a session's page: their first screen is in the HTML
        return _revalidated(found[1], found[0], "text/html", vary=VARY)
    docs = documents(rt, lang)
    return _revalidated(docs.shell, docs.shell_etag, "text/html", status, vary=VARY)


@bp.get("/shell.html")
def plain_shell() -> Response:
    """The shell with no page drawn in it: what the service worker keeps and serves for every
    route, with a page's last drawing put in its place (templates/sw.js)."""
    docs = documents(current_runtime())
    return _revalidated(docs.shell, docs.shell_etag, "text/html")


for _rule in APP_ROUTES:
    bp.add_url_rule(_rule, endpoint="shell_" + (_rule.strip("/").split("/")[0] or "home"), view_func=shell)


def revalidated(rt: Runtime) -> dict[str, EtagOf]:
    """The routes the fast path in front of Flask answers (webapp/web/fastpath.py) with what
    `shell` answered, while the shell's ETag holds: those without an id (an unknown id is a 404,
    which only `shell` can tell)."""
    return {rule: partial(_built_etag, rt) for rule in APP_ROUTES if "<" not in rule}


def _built_etag(rt: Runtime, environ: Environ) -> str | None:
    # What chooses the answer here chooses it in `shell`: the query and the reader's language;
    # the store is looked at once, for the schedule, its event's language and the outline.
    try:
        pub = look_built(rt)[1]
    except STORE_ERRORS:
        return None  # Flask answers from the last good schedule
    if pub is None:
        return None
    event = language_of(rt, pub.schedule.event.language)
    query = environ.get("QUERY_STRING", "")
    lang = _fast_reader_language(environ, event)
    return built_page_etag(rt, pub, event, environ["PATH_INFO"], query.encode("latin-1"), lang)


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    docs = documents(current_runtime())
    return _revalidated(docs.manifest, docs.manifest_etag, "application/manifest+json")


@bp.get("/sw.js")
def service_worker() -> Response:
    # The browser asks for the worker at every navigation and update check: with an ETag an
    # unchanged worker costs a 304, not its 1.5 KB again.
    body = sw.script(current_runtime(), APP_ROUTES, push=request.args.get("push") == "1")
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
