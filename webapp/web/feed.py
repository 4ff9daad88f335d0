"""What the feed routes answer, cached by version: the schedule document and the changes since N."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from flask import Flask

from ..corrections.notices import notices
from ..corrections.published import clock, published, store_for, sync_import
from ..corrections.store import Head
from . import caching

NONE: dict[str, Any] = {"rooms": {}, "announcements": []}


def _key(kind: str, head: Head, *rest: object) -> str:
    return "/".join(("hallway", kind, head.store_id, str(head.version), *map(str, rest)))


def schedule_document(app: Flask) -> tuple[str, bytes]:
    """(ETag, body) of /api/v1/schedule.json at the current version, with the room statuses and
    announcements current now (`notices`): a status that expired changes the ETag too."""
    sync_import(app)
    head = store_for(app).head()
    pub = published(app)
    now = notices(pub.notice_corrections, pub.schedule.event.timezone, clock(app)())
    extra = _json(now)
    # The same version can carry other notices later (a room status expires): they key it too.
    key = _key("schedule", head, *([hashlib.sha256(extra).hexdigest()[:16]] if now != NONE else []))
    hit = caching.get(key)
    if hit is not None:
        return hit
    body = pub.body[:-1] + b',"notices":' + extra + b"}"
    value = (f'"v{pub.version}-{hashlib.sha256(body).hexdigest()[:16]}"', body)
    if pub.version == head.version:  # else a newer version was published meanwhile: serve, don't file
        caching.set(key, value)
    return value


def changes(app: Flask, since: int) -> bytes:
    """The JSON of /api/v1/changes?since=`since` (already checked to be >= 0)."""
    sync_import(app)
    store = store_for(app)
    head = store.head()
    if since > head.version:  # not cached: any number can be asked for
        return _json(_reload(head, f"version {since} is unknown here; the newest is {head.version}"))
    hit = caching.get(_key("changes", head, since))
    if hit is not None:
        return hit
    limit = app.config["CHANGES_LIMIT"]
    head, last_import, rows = store.since(since, limit + 1)
    if since < last_import:
        answer = _reload(head, f"the schedule was imported again at version {last_import}")
    elif len(rows) > limit:
        answer = _reload(head, f"more than {limit} changes since version {since}")
    else:
        changes = [c.to_dict() for c in rows]
        answer = {"version": head.version, "since": since, "reload": False, "changes": changes}
    body = _json(answer)
    caching.set(_key("changes", head, since), body)
    return body


def _reload(head: Head, reason: str) -> dict[str, Any]:
    return {"version": head.version, "reload": True, "reason": reason}


def _json(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
