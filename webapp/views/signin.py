"""Who is writing: the organizer a request's bearer token names, as every write route of the
API checks it (corrections, the venue), with the same limit on failed sign-ins."""

from __future__ import annotations

from collections.abc import Callable

from flask import Response, current_app, request

from ..serving import current_runtime
from ..web import organizers, ratelimit
from .answers import error


def organizer(what: str) -> str | Response:
    """The signed-in organizer's name, or the error answer (403 closed, 429, 401)."""
    known = organizers.tokens(current_app.config)
    if not known:
        return error(403, "the write path is closed: no admin token is configured")
    name = organizers.identify(request.headers.get("Authorization", ""), known)
    if name is not None:
        return name  # a right token is never held back by others' wrong ones
    rt = current_runtime()
    client = request.remote_addr or "?"
    wait = ratelimit.failed_sign_in(rt.limiter, client, rt.config["WRITE_RATE_LIMIT"], rt.now().timestamp())
    if wait is not None:
        return error(429, f"too many failed sign-ins; retry in {wait} s", {"Retry-After": str(wait)})
    rt.logger.warning("refused %s from %s: missing or wrong token", what, client)
    return error(401, "missing or wrong bearer token", {"WWW-Authenticate": "Bearer"})


def within_limit(
    by: str, noun: str, write: Callable[[], Response], kept: Callable[[Response], bool]
) -> Response:
    """`write` for organizer `by` within the write limit (429 past it, "too many `noun`"); an
    answer `kept` says stored nothing gives its place back: a refused write does not count."""
    rt = current_runtime()
    limit, now = rt.config["WRITE_RATE_LIMIT"], rt.now().timestamp()
    wait = ratelimit.reserve_write(rt.limiter, by, limit, now)
    if wait is not None:
        return error(429, f"too many {noun} from {by}; retry in {wait} s", {"Retry-After": str(wait)})
    answer = write()
    if not kept(answer):
        ratelimit.release_write(rt.limiter, by, limit, now)
    return answer
