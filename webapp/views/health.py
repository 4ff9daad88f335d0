"""`/healthz` for a reverse proxy or a load balancer: 200 when this worker can serve the
schedule, 503 (with what failed) when it cannot.

It checks what every attendee request needs: the corrections store answers and the current
schedule builds. The shared cache is reported but does not fail the check: without it the
feed is computed instead of cached, slower but correct, so the worker should stay in rotation.
A damaged store is a 503 even while the last good schedule is served from memory (writes
fail); a missing or refused schedule file is reported under `problems` with a 200, since
the last import keeps being served from the store. So is a followed source that fails
(HALLWAY_FOLLOW): `follow` says what failed and since when, and the last good schedule is served.
A full disk under DATA_DIR is a problem too (`disk`): writes are refused, reads go on.

Anyone may ask, and gets the status and the problems' names only. The details (the followed
sources' addresses, the follower's process, paths, error texts, the version) are for an
organizer: `Authorization: Bearer <admin token>`.
"""

from __future__ import annotations

import json
import time
from typing import Any

from flask import Blueprint, Response, request

from ..serving import cache, current_runtime, disk, follow, push
from ..serving.published import published
from ..serving.runtime import Runtime
from ..web import organizers, ratelimit
from .push_store import PROBLEM as PUSH_PROBLEM

bp = Blueprint("health", __name__)
HEADERS = {"Cache-Control": "no-store"}


def _cache_state(rt: Runtime) -> str:
    left = cache.bypassed(rt)
    if left:  # not asked again: a hung backend would hold every health check a second
        return f"bypassed for {left:.0f} s: answers are computed by this worker"
    try:
        backend = cache.cache.cache
        backend.set("hallway/healthz", time.time(), timeout=60)
        backend.get("hallway/healthz")
    except Exception as exc:  # noqa: BLE001 - any backend failure is "unavailable", never a 500
        cache.failed(rt, exc)
        return f"unavailable: {type(exc).__name__}"
    cache.working(rt)
    return "ok"


@bp.get("/healthz")
def healthz() -> Response:
    rt = current_runtime()
    doc: dict[str, Any] = {"cache": _cache_state(rt)}
    low = disk.low_space(rt.data_dir)  # in every process, whichever met the full disk
    try:
        pub = published(rt)  # serves from memory when the store is damaged
        head = rt.store.head()
    except Exception as exc:  # noqa: BLE001 - the proxy needs a 503, whatever broke
        rt.logger.error("health check failed: %s: %s", type(exc).__name__, exc)
        doc.update(status="error", error=f"{type(exc).__name__}: {str(exc)[:200]}")
        doc["problems"] = rt.problems.current() | ({disk.PROBLEM: low} if low else {})
        public = {"status": "error", "error": type(exc).__name__}
        return _answer(doc, public, 503)
    found = rt.problems.current()
    if low is not None:
        found.setdefault(disk.PROBLEM, low)
    if (full := push.store_problem(rt)) is not None:
        found.setdefault(PUSH_PROBLEM, full)
    following = follow.report(rt)  # from the follower's status file, in any process
    if following is not None:
        doc["follow"] = following
        if following["problem"]:
            found[follow.PROBLEM] = following["problem"]
    doc.update(
        status="degraded" if found else "ok", version=head.version, sessions=len(pub.schedule.sessions)
    )
    if found:
        doc["problems"] = found
    return _answer(doc, {"status": doc["status"]}, 200)


def _answer(doc: dict[str, Any], public: dict[str, Any], status: int) -> Response:
    """`doc` for an organizer; for anyone else `public` and the problems' names, which say what
    to look at without the addresses, process ids and paths their texts hold."""
    shown = (
        doc
        if _organizer_asks()
        else public | ({"problems": sorted(doc["problems"])} if doc.get("problems") else {})
    )
    headers = {**HEADERS, "Vary": "Authorization"}
    return Response(json.dumps(shown), status=status, mimetype="application/json", headers=headers)


def _organizer_asks() -> bool:
    """Whether an organizer's token came with the request. A wrong one counts as a failed
    sign-in, as on the write path, and past the limit no token is looked at: /healthz must
    not be a way to try tokens at the rate health checks are answered. The status itself is
    never refused (a load balancer reads it)."""
    rt = current_runtime()
    known = organizers.tokens(rt.config)
    header = request.headers.get("Authorization", "")
    if not known or not header:
        return False
    client, limit, now = request.remote_addr or "?", rt.config["WRITE_RATE_LIMIT"], rt.now().timestamp()
    if ratelimit.over_failed_sign_ins(rt.limiter, client, limit, now):
        return False
    if organizers.identify(header, known) is not None:
        return True
    ratelimit.failed_sign_in(rt.limiter, client, limit, now)
    return False
