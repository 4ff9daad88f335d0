"""The schedule documents a phone reads, each serialised once per version and notices: the
whole document (`/api/v1/schedule.json`), the outline and the texts the app loads in turn.

The documents carry the store's id (`store`) next to the version: versions count within one
store, and a store replaced on disk (a backup restored, a new server) starts again, so a phone
must know that its version 12 and the server's version 12 may be different schedules. The
outline and the whole document also carry the room statuses and announcements current now
(`notices`): a status that expires changes the body and the ETag within a version.

A request that finds its document built in this process (nearly all: a 304 to a phone that
holds it) costs a look at the schedule file, one read of the store's head and the notices; a
process that has not built it takes it from the shared cache when another worker put it there.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from ..corrections.notices import notices
from ..corrections.store import Head
from ..exports import ical
from ..i18n import catalogs
from ..i18n.translate import translator
from . import cache
from .failures import STORE_ERRORS
from .language import language_of
from .published import Published, at, last_good, look, look_built, served_head
from .runtime import Document, Memo, Runtime

NONE: dict[str, Any] = {"rooms": {}, "announcements": []}
KINDS = ("schedule", "outline", "texts")  # the documents, each at /api/v1/<kind>.json


def key(kind: str, head: Head, *rest: object) -> str:
    """The shared cache's key for `kind` at `head`."""
    return "/".join(("hallway", kind, head.store_id, str(head.version), head.stamp, *map(str, rest)))


def schedule_document(rt: Runtime) -> Document:
    """(ETag, body) of /api/v1/schedule.json at the current version, with its notices."""
    return _noticed(rt, "schedule", rt.schedule_document, lambda pub: pub.doc)[0]


def outline_document(rt: Runtime) -> Document:
    """(ETag, body) of /api/v1/outline.json: the schedule document without the long texts."""
    return _noticed(rt, "outline", rt.outline_document, lambda pub: _outline(rt, pub))[0]


def outline_rows(rt: Runtime) -> tuple[Document, Callable[[], dict[str, Any]]]:
    """The outline's (ETag, body) and what its body was encoded from: its sessions and speakers
    as rows (Published.rows) with the same notices. For the server's first screen, which reads
    rows as the app does once columns.js expanded them, so no Python decodes the columns; it
    calls the second only for an ETag it has not indexed yet."""
    value, pub, now = _noticed(rt, "outline", rt.outline_document, lambda pub: _outline(rt, pub))
    return value, lambda: {**pub.rows[0], "notices": now}


def _outline(rt: Runtime, pub: Published) -> dict[str, Any]:
    """The outline for the app, with the words of the server's calendar files in the event's
    language where it is not English (`calendar_words`), so the app makes the same files offline.
    Here, not in Published.parts: the event's language is also the setting's, which a schedule
    does not know. The reader's language would be wrong: everyone gets the event's files."""
    outline = pub.parts[0]
    lang = language_of(rt, pub.schedule.event.language)
    if lang == catalogs.SOURCE_LANGUAGE:
        return outline
    kinds = {s.kind for s in pub.schedule.sessions if s.kind}
    found = ical.words(translator(lang, "messages"), kinds)
    return {**outline, "calendar_words": found} if found else outline


def texts_document(rt: Runtime) -> Document:
    """(ETag, body) of /api/v1/texts.json: the descriptions and bios of the same version."""
    try:
        head = served_head(rt)
        found = rt.texts_document.get(head)
        if found is not None:
            return found
        hit = cache.get(rt, key("texts", head))
        if hit is not None:
            return rt.texts_document.put(head, hit)
        pub = at(rt, head)
    except STORE_ERRORS as exc:
        return _texts(last_good(rt, exc))
    value = _texts(pub)
    if pub.version == head.version and pub.store_id == head.store_id:  # else a newer one came meanwhile
        cache.set(rt, key("texts", head), value)
        rt.texts_document.put(head, value)
    return value


def built_etag(rt: Runtime, kind: str) -> str | None:
    """The ETag of the document `kind` ("schedule", "outline", "texts") at the current version
    and notices, when this process has built it; None when it has not, or the store cannot be
    read now (the app then builds it, or answers from the last good schedule). For the fast path
    in front of Flask (webapp/web/fastpath.py): the same checks as a request, nothing built."""
    try:
        if kind == "texts":
            found = rt.texts_document.get(served_head(rt))
        else:
            pub = look_built(rt)[1]
            return None if pub is None else built_etag_at(rt, kind, pub)
    except STORE_ERRORS:
        return None
    return None if found is None else found[0]


def built_etag_at(rt: Runtime, kind: str, pub: Published) -> str | None:
    """`built_etag` of the outline or the whole document for `pub`, the schedule the caller
    looked at already (the store is not read again)."""
    memo = rt.outline_document if kind == "outline" else rt.schedule_document
    found = memo.get((pub.etag, _notices(rt, pub)))
    return None if found is None else found[0]


def _texts(pub: Published) -> Document:
    body = json_bytes(pub.parts[1])
    return f'"t{pub.version}-{pub.store_id}-{hashlib.sha256(body).hexdigest()[:16]}"', body


def _noticed(
    rt: Runtime,
    kind: str,
    memo: Memo[tuple[str, dict[str, Any]], Document],
    doc_of: Callable[[Published], dict[str, Any]],
) -> tuple[Document, Published, dict[str, Any]]:
    """(ETag, body) of the document `doc_of` gives for the published schedule, with the notices
    current now: built once per version and notices in this process; with the published
    schedule and the notices it was built from."""
    try:
        head, pub = look(rt)
    except STORE_ERRORS as exc:
        pub = last_good(rt, exc)
        now = _notices(rt, pub)
        return _with_notices(pub, doc_of(pub), now), pub, now
    now = _notices(rt, pub)
    found = memo.get((pub.etag, now))
    if found is not None:
        return found, pub, now
    # The same version can carry other notices later (a room status expires): they key it too.
    extra = [] if now == NONE else [hashlib.sha256(json_bytes(now)).hexdigest()[:16]]
    hit = cache.get(rt, key(kind, head, *extra))
    if hit is not None:
        return memo.put((pub.etag, now), hit), pub, now
    value = _with_notices(pub, doc_of(pub), now)
    if pub.version == head.version and pub.store_id == head.store_id:
        cache.set(rt, key(kind, head, *extra), value)
    return memo.put((pub.etag, now), value), pub, now


def _notices(rt: Runtime, pub: Published) -> dict[str, Any]:
    if not pub.notice_corrections:  # most events: no clock read, no pass (~45 us with cold caches)
        return NONE
    return notices(pub.notice_corrections, pub.schedule.event.timezone, rt.now())


def _with_notices(pub: Published, doc: dict[str, Any], now: dict[str, Any]) -> Document:
    body = json_bytes({**doc, "notices": now})
    return f'"v{pub.version}-{pub.store_id}-{hashlib.sha256(body).hexdigest()[:16]}"', body


def json_bytes(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
