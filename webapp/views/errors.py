"""The answers for what any route that reads the schedule may meet, registered app-wide by the
factory (`create_app`): a 503 that says why and when to retry, never a 500."""

from __future__ import annotations

from flask import Response, current_app

from ..domain.serialize import ScheduleFormatError
from ..serving.failures import StoreUnavailable
from ..serving.language import server_translator


def no_schedule(exc: ScheduleFormatError) -> Response:
    """No schedule has ever been imported, or the only file there is refused (a later broken file
    is never seen here: the last good import keeps being served)."""
    current_app.logger.error("no schedule to serve: %s", exc)
    t = server_translator()  # the event's language (HALLWAY_LANGUAGE: no schedule to read it from)
    return Response(
        t._("No schedule is being served yet: the schedule file is missing or refused (see the server log).")
        + "\n",
        status=503,
        mimetype="text/plain",
        headers={"Retry-After": "60", "Cache-Control": "no-store", "Content-Language": t.lang},
    )


def store_unavailable(exc: StoreUnavailable) -> Response:
    """The store cannot be read and this process has no schedule in memory to serve instead."""
    t = server_translator()
    return Response(
        t._("The schedule cannot be served just now: {reason} (see the server log and /healthz).", reason=exc)
        + "\n",
        status=503,
        mimetype="text/plain",
        headers={"Retry-After": "30", "Cache-Control": "no-store", "Content-Language": t.lang},
    )
