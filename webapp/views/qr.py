"""QR images of sessions, and the printable door signs (thin routes)."""

from __future__ import annotations

import hashlib
import re
from datetime import date

from flask import Blueprint, Response, abort, current_app, render_template, request
from markupsafe import Markup

from ..exports import qr, signs
from ..serving import current_runtime
from ..serving.language import server_translator
from ..serving.published import published
from ..web.compress import not_modified
from .answers import plain

bp = Blueprint("qr", __name__)


@bp.context_processor
def _asset_urls() -> dict[str, object]:
    # Door signs link their stylesheet and script by content hash, like the app's assets.
    return {"asset": current_runtime().tree().url}


SESSION_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
# A session's code never changes (its id and URL are stable), so phones and the service
# worker may keep it a day without asking again.
IMAGE_CACHE = "public, max-age=86400"
# Door signs follow the corrections: a browser or proxy must ask again before reusing one
# (docs/deploy.md's table says so for the live server and the export alike).
REVALIDATE = "no-cache"


@bp.after_request
def _revalidated(response: Response) -> Response:
    response.headers.setdefault("Cache-Control", REVALIDATE)
    return response


def public_base() -> str:
    """`HALLWAY_PUBLIC_URL` when set, else this request's own scheme and host."""
    configured = current_app.config.get("PUBLIC_URL")
    return (configured or request.host_url).rstrip("/")


def session_url(session_id: str) -> str:
    return f"{public_base()}/session/{session_id}"


def _image(body: bytes, mimetype: str) -> Response:
    etag = hashlib.sha256(body).hexdigest()[:20]
    headers = {"ETag": f'"{etag}"', "Cache-Control": IMAGE_CACHE}
    if request.if_none_match.contains_weak(etag):
        return not_modified(headers, mimetype, body)
    return Response(body, mimetype=mimetype, headers=headers)


def _known_session(session_id: str) -> str:
    t = server_translator()
    if not SESSION_ID.match(session_id):
        abort(plain(t, 400, t._("malformed session id: expected 1-64 letters, digits, '-' or '_'")))
    if published(current_runtime()).schedule.session(session_id) is None:
        abort(plain(t, 404, t._("no session with id {id}", id=session_id)))
    return session_url(session_id)


@bp.get("/session/<session_id>/qr.svg")
def session_qr_svg(session_id: str) -> Response:
    return _image(qr.svg_bytes(_known_session(session_id)), "image/svg+xml")


@bp.get("/session/<session_id>/qr.png")
def session_qr_png(session_id: str) -> Response:
    return _image(qr.png_bytes(_known_session(session_id)), "image/png")


def _day(schedule_days: tuple[date, ...], text: str | None) -> date:
    known = ", ".join(d.isoformat() for d in schedule_days)
    t = server_translator()
    if not text:
        abort(plain(t, 400, t._("day=YYYY-MM-DD is required; the event's days are {days}", days=known)))
    try:
        day = date.fromisoformat(text)
    except ValueError:
        abort(plain(t, 400, t._("day={given} is not a date like YYYY-MM-DD", given=repr(text[:20]))))
    if day not in schedule_days:
        message = t._("{day} is not a day of the event; its days are {days}", day=day.isoformat(), days=known)
        abort(plain(t, 404, message))
    return day


def _lang() -> str:
    return server_translator().lang  # the event's: everyone reads a door sign


def _render(page_title: str, sheets: list[signs.Sign]) -> str:
    base = public_base()
    codes = {
        s.id: Markup(qr.svg_markup(f"{base}/session/{s.id}"))  # our own markup, no data in it
        for sheet in sheets
        for s in sheet.sessions
    }
    return render_template(
        "print_signs.html",
        page_title=page_title,
        sheets=sheets,
        codes=codes,
        event=published(current_runtime()).schedule.event,
        base_label=base.split("://", 1)[-1],
    )


@bp.get("/print")
def print_index() -> str:
    schedule = published(current_runtime()).schedule
    event_days = signs.days(schedule)
    every = signs.index(schedule, _lang())
    rows = [every[i : i + len(event_days)] for i in range(0, len(every), len(event_days) or 1)]
    return render_template(
        "print_index.html",
        event=schedule.event,
        days=event_days,
        day_labels=[signs.day_label(d, _lang()) for d in event_days],
        rows=rows,
    )


@bp.get("/print/room/<room_id>")
def print_room(room_id: str) -> str:
    schedule = published(current_runtime()).schedule
    room = schedule.room(room_id)
    if room is None:
        t = server_translator()
        abort(plain(t, 404, t._("no room with id {id}", id=room_id[:64])))
    day = _day(signs.days(schedule), request.args.get("day"))
    sheet = signs.sign(schedule, room, day, _lang())
    return _render(server_translator()._("{room}, {day}", room=room.name, day=sheet.day_label), [sheet])


@bp.get("/print/all")
def print_all() -> str:
    schedule = published(current_runtime()).schedule
    text = request.args.get("day")
    wanted = None if text is None else _day(signs.days(schedule), text)
    sheets = [sheet for sheet in signs.index(schedule, _lang()) if sheet.sessions]
    if wanted is not None:
        sheets = [sheet for sheet in sheets if sheet.day == wanted]
    t = server_translator()
    title = (
        t._("All door signs, {day}", day=sheets[0].day_label) if wanted and sheets else t._("All door signs")
    )
    return _render(title, sheets)
