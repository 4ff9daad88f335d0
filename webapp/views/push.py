"""Web Push routes (webapp/push): the server's public key, and a device's subscription with
the wake-up instants it needs. No sign-in: a subscription's endpoint is its own capability,
known only to the device and its push service."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from flask import Blueprint, Response, request
from werkzeug.exceptions import RequestEntityTooLarge

from ..corrections.apply import CorrectionError
from ..push import enabled
from ..push.validate import PushRequestError, endpoint_request, subscription_request
from ..serving import current_runtime
from ..serving.published import published
from ..serving.runtime import Runtime
from ..web import ratelimit
from . import push_store as subscriptions
from .answers import error, json_body

bp = Blueprint("push", __name__, url_prefix="/api/v1/push")
MAX_BODY = 16 * 1024
NO_STORE = {"Cache-Control": "no-store"}


@bp.before_request
def push_is_on() -> Response | None:
    if not enabled(current_runtime().config):
        return error(404, "push is turned off on this server (HALLWAY_PUSH=0)")
    return None


@bp.get("/key")
def key() -> Response:
    body = json.dumps({"publicKey": current_runtime().vapid_key().public_b64})
    return Response(body, mimetype="application/json", headers={"Cache-Control": "no-cache"})


@bp.put("/subscription")
def put_subscription() -> Response:
    if (limited := _limited()) is not None:
        return limited
    rt = current_runtime()
    now, config = rt.now(), rt.config
    try:
        window = event_window(rt)
        sub, wake = subscription_request(
            _body(), window, now, config["PUSH_SERVICES"], config["PUSH_LOOPBACK"]
        )
    except RequestEntityTooLarge:
        return error(413, f"the body is larger than {MAX_BODY} bytes")
    except (PushRequestError, CorrectionError) as exc:
        return error(400, str(exc))
    kept = wake[: config["PUSH_MAX_WAKE"]]  # the soonest: the device sends its list again on each open
    expires = window[1] + timedelta(days=config["PUSH_KEEP_DAYS"])
    if (refused := subscriptions.store(rt, sub, kept, now, expires)) is not None:
        return refused
    body = {"ok": True, "wake": len(kept)} | (
        {"dropped": len(wake) - len(kept)} if len(kept) < len(wake) else {}
    )
    return Response(json.dumps(body), mimetype="application/json", headers=NO_STORE)


@bp.delete("/subscription")
def delete_subscription() -> Response:
    if (limited := _limited()) is not None:
        return limited
    try:
        url = endpoint_request(_body())
    except RequestEntityTooLarge:
        return error(413, f"the body is larger than {MAX_BODY} bytes")
    except (PushRequestError, CorrectionError) as exc:
        return error(400, str(exc))
    if (refused := subscriptions.forget(current_runtime(), url)) is not None:
        return refused
    return Response(status=204, headers=NO_STORE)


def _body() -> object:
    return json_body(MAX_BODY)  # CorrectionError says "the body is not valid JSON: ..."


def _limited() -> Response | None:
    rt = current_runtime()
    client = request.remote_addr or "?"
    wait = ratelimit.client_write(
        rt.limiter, "push", client, rt.config["PUSH_RATE_LIMIT"], rt.now().timestamp()
    )
    if wait is None:
        return None
    return error(
        429,
        f"too many push subscription changes from {client}; retry in {wait} s",
        {"Retry-After": str(wait)},
    )


def event_window(rt: Runtime) -> tuple[datetime, datetime]:
    """From the first session's start to the last one's end (the event's days when it has no
    sessions yet): wake-up instants must fall within a day of it."""
    schedule = published(rt).schedule
    if schedule.sessions:
        return min(s.start for s in schedule.sessions), max(s.end for s in schedule.sessions)
    ranges = schedule.event.day_ranges
    if ranges:
        return ranges[0].start, ranges[-1].end
    days = schedule.event.days
    if not days:
        raise PushRequestError("the schedule has no sessions and no days yet: nothing to be reminded of")
    zone = ZoneInfo(schedule.event.timezone)
    first = datetime.combine(days[0], datetime.min.time(), zone)
    return first, datetime.combine(days[-1], datetime.min.time(), zone) + timedelta(days=1)
