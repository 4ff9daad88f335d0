"""What the feed routes answer, cached by version: the schedule document (whole, or split into
the outline and the texts for the app) and the changes since N.

Both carry the store's id (`store`) next to the version: versions count within one store, and
a store replaced on disk (a backup restored, a new server) starts again, so a phone must know
that its version 12 and the server's version 12 may be different schedules.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from flask import Flask

from ..corrections.delta import source_changes
from ..corrections.notices import notices
from ..corrections.published import (
    STORE_ERRORS,
    Published,
    clock,
    current_damaged,
    last_good,
    published,
    store_for,
    sync_import,
)
from ..corrections.store import Head
from . import caching, texts

NONE: dict[str, Any] = {"rooms": {}, "announcements": []}
MAX_IMPORTS = 8  # re-imports a phone catches up with from the changes feed; more: it reloads


def _key(kind: str, head: Head, *rest: object) -> str:
    return "/".join(("hallway", kind, head.store_id, str(head.version), head.stamp, *map(str, rest)))


def schedule_document(app: Flask) -> tuple[str, bytes]:
    """(ETag, body) of /api/v1/schedule.json at the current version, with the room statuses and
    announcements current now (`notices`): a status that expired changes the ETag too."""
    return _noticed(app, "schedule", lambda pub: pub.body)


def outline_document(app: Flask) -> tuple[str, bytes]:
    """(ETag, body) of /api/v1/outline.json: the schedule document without the long texts."""
    return _noticed(app, "outline", lambda pub: _split(app, pub)[0])


def texts_document(app: Flask) -> tuple[str, bytes]:
    """(ETag, body) of /api/v1/texts.json: the descriptions and bios of the same version."""
    try:
        sync_import(app)
        head = store_for(app).head()
    except STORE_ERRORS as exc:
        return _texts(app, last_good(app, exc))
    key = _key("texts", head)
    hit = caching.get(key)
    if hit is not None:
        return hit
    pub = published(app)
    value = _texts(app, pub)
    if pub.version == head.version and pub.store_id == head.store_id:
        caching.set(key, value)
    return value


def _texts(app: Flask, pub: Published) -> tuple[str, bytes]:
    body = _split(app, pub)[1]
    return f'"t{pub.version}-{pub.store_id}-{hashlib.sha256(body).hexdigest()[:16]}"', body


def _split(app: Flask, pub: Published) -> tuple[bytes, bytes]:
    """The (outline, texts) bodies of `pub`, split once per version in this process."""
    kept = app.extensions.get("hallway.split")
    if kept is not None and kept[0] == pub.etag:
        return kept[1]
    parts = texts.split(pub.body)
    app.extensions["hallway.split"] = (pub.etag, parts)
    return parts


def _noticed(app: Flask, kind: str, body_of: Callable[[Published], bytes]) -> tuple[str, bytes]:
    """(ETag, body) of the document `body_of` makes from the published schedule, with the
    notices current now, cached per version and notices."""
    try:
        sync_import(app)
        head = store_for(app).head()
    except STORE_ERRORS as exc:
        pub = last_good(app, exc)
        return _with_notices(app, pub, body_of(pub))[1]
    pub = published(app)
    extra, value = _with_notices(app, pub, body_of(pub))
    # The same version can carry other notices later (a room status expires): they key it too.
    key = _key(kind, head, *([hashlib.sha256(extra).hexdigest()[:16]] if extra != _json(NONE) else []))
    hit = caching.get(key)
    if hit is not None:
        return hit
    if pub.version == head.version and pub.store_id == head.store_id:  # else a newer one came meanwhile
        caching.set(key, value)
    return value


def _with_notices(app: Flask, pub: Published, doc: bytes) -> tuple[bytes, tuple[str, bytes]]:
    """(the notices' JSON, (ETag, body) of the document `doc` carrying them)."""
    extra = _json(notices(pub.notice_corrections, pub.schedule.event.timezone, clock(app)()))
    body = doc[:-1] + b',"notices":' + extra + b"}"
    return extra, (f'"v{pub.version}-{pub.store_id}-{hashlib.sha256(body).hexdigest()[:16]}"', body)


# Answers are cached for phones this close to the newest version (nearly all of them): a
# sweep of every `since` after each version grew Redis by ~540 MB a version. Further behind,
# an answer is worked out each time, which costs one indexed read.
CACHED_BEHIND = 32


def changes(app: Flask, since: int, stamp: str | None = None) -> bytes:
    """The JSON of /api/v1/changes?since=`since` (already checked to be >= 0); `stamp`: what the
    phone's version `since` held, to tell a store that went back and was written again."""
    try:
        return _changes(app, since, stamp)
    except STORE_ERRORS as exc:
        # No history to list: a phone at the version in memory is up to date, any other reloads
        # the schedule document (served from memory too).
        pub = last_good(app, exc)
        head = Head(pub.store_id, pub.version, pub.stamp)
        if since == pub.version:
            return _json(
                {
                    "version": pub.version,
                    "store": pub.store_id,
                    "since": since,
                    "reload": False,
                    "changes": [],
                }
            )
        return _json(_reload(head, "the corrections history cannot be read just now"))


def _changes(app: Flask, since: int, stamp: str | None) -> bytes:
    sync_import(app)
    store = store_for(app)
    head = store.head()
    if since > head.version:  # not cached: any number can be asked for
        # Versions only grow within a store, so a client ahead of it saw a history this store no
        # longer has (a backup of the same store restored): it must take the schedule whole.
        rewound = _reload(head, f"version {since} is unknown here; the newest is {head.version}")
        return _json({**rewound, "rewound": True})
    if stamp is not None and store.stamp_of(since) != stamp:
        # The same number, other content: a backup restored and written again since.
        rewound = _reload(head, f"version {since} here is not the version {since} this phone saw")
        return _json({**rewound, "rewound": True})
    cached = head.version - since <= CACHED_BEHIND
    hit = caching.get(_key("changes", head, since)) if cached else None
    if hit is not None:
        return hit
    limit = app.config["CHANGES_LIMIT"]
    head, last_import, rows = store.since(since, limit + 1)
    left_out = {d.version for d in current_damaged(app)}  # they read, but do not apply
    changes = [c.to_dict() for c in rows if c.version not in left_out]
    reason = None
    repaired = store.last_repair()
    if since < repaired:
        reason = f"stored corrections were set aside at version {repaired}"
    elif since < last_import and len(rows) <= limit:
        reason = _reimports(app, head, since, changes)
    if reason is not None:
        answer = _reload(head, reason)
    elif len(changes) > limit:
        answer = _reload(head, f"more than {limit} changes since version {since}")
    else:
        changes.sort(key=lambda c: c["version"])  # stable: an import's own entries keep their order
        answer = {
            "version": head.version,
            "store": head.store_id,
            "stamp": head.stamp,
            "since": since,
            "reload": False,
            "changes": changes,
        }
    body = _json(answer)
    if cached:
        caching.set(_key("changes", head, since), body)
    return body


def _reimports(app: Flask, head: Head, since: int, changes: list[dict[str, Any]]) -> str | None:
    """Add to `changes` what each re-import after `since` changed for attendees (origin: source);
    or say why a phone at `since` must take the schedule whole instead."""
    store = store_for(app)
    imports = [v for v in store.imports() if since < v <= head.version]
    if len(imports) > MAX_IMPORTS:  # each is worked out from two snapshots
        return (
            f"the schedule was imported again at version {imports[-1]} ({len(imports)} imports since {since})"
        )
    corrections = store.corrections()
    for version in imports:
        found = source_changes(app, store, version, corrections)
        if isinstance(found, str):
            return f"the schedule was imported again at version {version}: {found}"
        changes += found
    return None


def _reload(head: Head, reason: str) -> dict[str, Any]:
    return {
        "version": head.version,
        "store": head.store_id,
        "stamp": head.stamp,
        "reload": True,
        "reason": reason,
    }


def _json(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
