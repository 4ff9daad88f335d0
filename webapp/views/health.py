"""`/healthz` for a reverse proxy or a load balancer: 200 when this worker can serve the
schedule, 503 (with what failed) when it cannot.

It checks what every attendee request needs: the corrections store answers and the current
schedule builds. The shared cache is reported but does not fail the check: without it the
feed is computed instead of cached, slower but correct, so the worker should stay in rotation.
A damaged store is a 503 even while the last good schedule is served from memory (writes
fail); a missing or refused schedule file is reported under `problems` with a 200, since
the last import keeps being served from the store. So is a followed source that fails
(HALLWAY_FOLLOW): `follow` says what failed and since when, and the last good schedule is served.
"""

from __future__ import annotations

import json
import time
from typing import Any

from flask import Blueprint, Response

from ..serving import cache, current_runtime, follow, push
from ..serving.published import published
from ..serving.runtime import Runtime
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
    try:
        pub = published(rt)  # serves from memory when the store is damaged
        head = rt.store.head()
    except Exception as exc:  # noqa: BLE001 - the proxy needs a 503, whatever broke
        rt.logger.error("health check failed: %s: %s", type(exc).__name__, exc)
        doc.update(status="error", error=f"{type(exc).__name__}: {str(exc)[:200]}")
        doc["problems"] = rt.problems.current()
        return Response(json.dumps(doc), status=503, mimetype="application/json", headers=HEADERS)
    found = rt.problems.current()
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
    return Response(json.dumps(doc), mimetype="application/json", headers=HEADERS)
