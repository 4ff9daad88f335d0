"""The answers for what any route that reads the schedule may meet, registered app-wide by the
factory (`create_app`): a 503 that says why and when to retry, never a 500; a wrong address
said in words, not Flask's English page."""

from __future__ import annotations

from flask import Response, current_app, request
from werkzeug.exceptions import HTTPException

from ..domain.serialize import ScheduleFormatError
from ..serving.failures import StoreUnavailable
from ..serving.language import server_translator
from .answers import plain


def no_schedule(exc: ScheduleFormatError) -> Response:
    """No schedule has ever been imported, or the only file there is refused (a later broken file
    is never seen here: the last good import keeps being served)."""
    current_app.logger.error("no schedule to serve: %s", exc)
    t = server_translator()  # the event's language (HALLWAY_LANGUAGE: no schedule to read it from)
    text = t._(
        "No schedule is being served yet: the schedule file is missing or refused (see the server log)."
    )
    return plain(t, 503, text, {"Retry-After": "60", "Cache-Control": "no-store"})


def store_unavailable(exc: StoreUnavailable) -> Response:
    """The store cannot be read and this process has no schedule in memory to serve instead."""
    t = server_translator()
    text = t._(
        "The schedule cannot be served just now: {reason} (see the server log and /healthz).", reason=exc
    )
    return plain(t, 503, text, {"Retry-After": "30", "Cache-Control": "no-store"})


def no_such_address(exc: HTTPException) -> Response | HTTPException:
    """404 and 405 outside the API: a person followed a wrong link (a door sign, a calendar, an
    old bookmark). One line in the event's language; the API keeps its answers for clients."""
    if request.path.startswith("/api/"):
        return exc
    t = server_translator()
    text = (
        t._("There is nothing at this address: {path}", path=request.path[:200])
        if exc.code == 404
        else t._("This address cannot be used that way ({method}).", method=request.method)
    )
    return plain(t, exc.code or 404, text, {"Cache-Control": "no-store"})
