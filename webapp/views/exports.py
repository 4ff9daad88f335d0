"""Calendar files and the open-format exports: thin routes over `ical` and `frab`.

Every route reads the schedule through `published`, so corrections are in. Ids from the
URL are checked against the id alphabet before they are looked up.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Iterable
from datetime import UTC, datetime

from flask import Blueprint, Response, current_app, request

from ..domain.model import Session
from ..exports import frab, ical
from ..exports.frab_xml import to_schedule_xml
from ..i18n.translate import fill
from ..serving import cache, current_runtime
from ..serving.language import server_translator
from ..serving.published import Published, published
from ..web.compress import not_modified
from .answers import plain

bp = Blueprint("exports", __name__)

_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
MAX_STARRED = 500


@bp.get("/export/schedule.json")
def frab_json() -> Response:
    pub = published(current_runtime())
    doc = frab.to_schedule_json(pub.schedule, _app_url(), version=str(pub.version))
    body = json.dumps(doc, ensure_ascii=False, indent=1).encode("utf-8")
    return _send(pub, body, "application/json", None)


@bp.get("/export/schedule.xml")
def frab_xml() -> Response:
    pub = published(current_runtime())
    body = to_schedule_xml(pub.schedule, _app_url(), version=str(pub.version))
    return _send(pub, body, "application/xml", None)


@bp.get("/schedule.ics")
def whole_event() -> Response:
    pub = published(current_runtime())
    ev = pub.schedule.event
    return _calendar(pub, pub.schedule.sessions, ev.name, f"{ev.id}.ics")


@bp.get("/session/<session_id>.ics")
def one_session(session_id: str) -> Response:
    pub = published(current_runtime())
    session = pub.schedule.session(session_id) if _ID.match(session_id) else None
    if session is None:
        t = server_translator()
        return plain(t, 404, t._("No session with id {id} in this schedule.", id=repr(session_id)))
    names = {"event": pub.schedule.event.name, "session": session.title}
    name = fill(ical.titles(server_translator())["session"], names)
    return _calendar(pub, [session], name, f"{pub.schedule.event.id}-{session.id}.ics")


@bp.get("/room/<room_id>.ics")
def one_room(room_id: str) -> Response:
    pub = published(current_runtime())
    room = pub.schedule.room(room_id) if _ID.match(room_id) else None
    if room is None:
        t = server_translator()
        return plain(t, 404, t._("No room with id {id} in this schedule.", id=repr(room_id)))
    sessions = [s for s in pub.schedule.sessions if s.room == room.id]
    names = {"event": pub.schedule.event.name, "room": room.name}
    name = fill(ical.titles(server_translator())["room"], names)
    return _calendar(pub, sessions, name, f"{pub.schedule.event.id}-room-{room.id}.ics")


@bp.get("/my.ics")
def starred() -> Response:
    """`?s=id,id,...`: the starred sessions. Ids of sessions no longer in the schedule are
    skipped, so a calendar subscribed with an old list keeps updating; a malformed id or
    more than MAX_STARRED ids is refused with a 400."""
    raw = request.args.get("s")
    t = server_translator()
    if raw is None:
        return plain(t, 400, t._("Give the starred sessions as ?s=<id>,<id>,..."))
    ids = [i for i in (part.strip() for part in raw.split(",")) if i]
    if len(ids) > MAX_STARRED:
        text = t._("At most {most} sessions in one calendar, got {n}.", most=MAX_STARRED, n=len(ids))
        return plain(t, 400, text)
    bad = [i for i in ids if not _ID.match(i)]
    if bad:
        text = t._("Not a session id: {id} (ids are letters, digits, - and _).", id=repr(bad[0][:80]))
        return plain(t, 400, text)
    pub = published(current_runtime())
    wanted = set(ids)
    sessions = [s for s in pub.schedule.sessions if s.id in wanted]
    name = fill(ical.titles(server_translator())["my"], {"event": pub.schedule.event.name})
    return _calendar(pub, sessions, name, f"{pub.schedule.event.id}-my.ics")


def _calendar(pub: Published, sessions: Iterable[Session], title: str, filename: str) -> Response:
    try:
        alarm = ical.parse_alarm(request.args.get("alarm"))
    except ValueError:
        t = server_translator()
        given = repr(request.args.get("alarm"))
        text = t._(
            "alarm: a whole number of minutes from 0 to {most}, not {given}",
            most=ical.MAX_ALARM_MINUTES,
            given=given,
        )
        return plain(t, 400, text)
    # Built once per version and URL (a whole-event calendar takes tens of ms), not per request;
    # only URLs without parameters read are kept, so made-up query strings cannot fill the cache.
    key = None if any(name in request.args for name in READ_PARAMETERS) else f"hallway/export/{_etag(pub)}"
    body = cache.get(current_runtime(), key) if key else None
    if body is None:
        body = ical.calendar(
            pub.schedule,
            sessions,
            title=title,
            app_url=_app_url(),
            stamp=_stamp(),
            revisions=pub.revisions,
            alarm_minutes=alarm,
            t=server_translator(),
        )
        if key:
            cache.set(current_runtime(), key, body)
    return _send(pub, body, "text/calendar; charset=utf-8", filename)


def _send(pub: Published, body: bytes, content_type: str, filename: str | None) -> Response:
    etag = _etag(pub)
    headers = {"Cache-Control": "no-cache", "ETag": f'"{etag}"'}
    if filename:
        # Ids come from imported data: keep the header one safe token whatever they hold.
        safe = re.sub(r"[^A-Za-z0-9._-]", "_", filename)
        headers["Content-Disposition"] = f'attachment; filename="{safe}"'
    if request.if_none_match.contains(etag):
        return not_modified(headers, content_type.split(";")[0], body)
    return Response(body, headers={**headers, "Content-Type": content_type})


# The only parameters any export reads: others change nothing in the body, so they must not
# change its ETag either (each new ETag is a new body to compress and keep).
READ_PARAMETERS = ("s", "alarm")


def _etag(pub: Published) -> str:
    # One schedule version gives one body per path, parameters read, app URL and language.
    read = [f"{name}={request.args.get(name)}" for name in READ_PARAMETERS if name in request.args]
    key = f"{pub.etag} {request.path} {' '.join(read)} {_app_url()} {server_translator().lang}".encode()
    return hashlib.sha256(key).hexdigest()[:24]


def _app_url() -> str:
    return (current_app.config.get("PUBLIC_URL") or request.host_url).rstrip("/")


def _stamp() -> datetime:
    """When the schedule was last written: the time a calendar entry was published."""
    try:
        mtime = current_runtime().schedule_path.stat().st_mtime
    except OSError:  # the file is gone: the schedule is served from the store, and it is now
        mtime = time.time()
    return datetime.fromtimestamp(int(mtime), UTC)
