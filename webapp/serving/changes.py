"""`/api/v1/changes?since=N`: the corrections after N, and what each re-import after N changed
(`origin: source`); or why a phone at N must take the schedule whole (`reload`).

Answers are cached by store, version and N in the shared cache for phones near the newest
version; a re-import's entries are worked out once per process (`corrections.delta`).
"""

from __future__ import annotations

import threading
from typing import Any

from ..corrections.delta import source_changes
from ..corrections.store import Head
from . import cache
from .failures import STORE_ERRORS
from .feed import json_bytes, key
from .published import at, last_good, served_head
from .runtime import Runtime
from .venue import venue_version

MAX_IMPORTS = 8  # re-imports a phone catches up with from the changes feed; more: it reloads
KEPT = 16  # imports whose entries a process keeps (each is a few KB)
# Answers are cached for phones this close to the newest version (nearly all of them): a
# sweep of every `since` after each version grew Redis by ~540 MB a version. Further behind,
# an answer is worked out each time, which costs one indexed read.
CACHED_BEHIND = 32
KEEPING = threading.Lock()


def changes(rt: Runtime, since: int, stamp: str | None = None) -> tuple[str | None, bytes]:
    """The ETag and the JSON of /api/v1/changes?since=`since` (already checked to be >= 0);
    `stamp`: what the phone's version `since` held, to tell a store that went back and was
    written again. No ETag while the store cannot be read (the answer comes from memory)."""
    venue = venue_version(rt)
    try:
        head, body = _changes(rt, since, stamp, venue)
        return etag(head, venue), body
    except STORE_ERRORS as exc:
        # No history to list: a phone at the version in memory is up to date, any other reloads
        # the schedule document (served from memory too).
        pub = last_good(rt, exc)
        head = Head(pub.store_id, pub.version, pub.stamp)
        if since == pub.version:
            return None, json_bytes(
                {
                    "version": pub.version,
                    "store": pub.store_id,
                    "since": since,
                    "reload": False,
                    "venue": venue,
                    "changes": [],
                }
            )
        return None, json_bytes(_reload(head, venue, "the corrections history cannot be read just now"))


def etag(head: Head, venue: int) -> str:
    """The ETag of every changes answer at `head`. The answer to an address (its `since` and
    `stamp`) follows from the store's state, which the head names (the store, its version, what
    that version holds), so no hash of the body is needed, and the fast path in front of Flask
    (webapp/web/fastpath.py) knows it from one look at the head (`built_etag`); and the venue's
    version, which every answer says."""
    return f'"c{head.version}-{head.store_id}-{head.stamp}-v{venue}"'


def built_etag(rt: Runtime) -> str | None:
    """`etag` now, the schedule file looked at first as a request does (a changed file is a new
    version); None when the store cannot be read (Flask answers from memory, with no ETag)."""
    try:
        return etag(served_head(rt), venue_version(rt))
    except STORE_ERRORS:
        return None


def _changes(rt: Runtime, since: int, stamp: str | None, venue: int) -> tuple[Head, bytes]:
    """The head the answer was worked out at (a write may come while it is) and the answer."""
    store = rt.store
    head = served_head(rt)  # the last version built here while a costly one builds
    if head.version < since <= store.head().version and stamp in (None, store.stamp_of(since)):
        # Another process served a version this one is still building: nothing newer here yet.
        return head, json_bytes(_nothing_yet(head, since, venue))
    if since > head.version:  # not cached: any number can be asked for
        # Versions only grow within a store, so a client ahead of it saw a history this store no
        # longer has (a backup of the same store restored): it must take the schedule whole.
        rewound = _reload(head, venue, f"version {since} is unknown here; the newest is {head.version}")
        return head, json_bytes({**rewound, "rewound": True})
    if stamp is not None and store.stamp_of(since) != stamp:
        # The same number, other content: a backup restored and written again since.
        rewound = _reload(head, venue, f"version {since} here is not the version {since} this phone saw")
        return head, json_bytes({**rewound, "rewound": True})
    cached = head.version - since <= CACHED_BEHIND
    hit = cache.get(rt, key("changes", head, since, venue)) if cached else None
    if hit is not None:
        return head, hit
    limit = rt.config["CHANGES_LIMIT"]
    _, last_import, rows = store.since(since, limit + 1)
    if store.head() != head:  # answered at an older head: what came after it is not told yet
        rows = [c for c in rows if c.version <= head.version]
        last_import = max((v for v in store.imports() if v <= head.version), default=0)
    left_out = {d.version for d in at(rt, head).damaged}  # they read, but do not apply
    found = [c.to_dict() for c in rows if c.version not in left_out]
    reason = None
    repaired = store.last_repair()
    if since < repaired:
        reason = f"stored corrections were set aside at version {repaired}"
    elif since < last_import and len(rows) <= limit:
        reason = _reimports(rt, head, since, found)
    if reason is not None:
        answer = _reload(head, venue, reason)
    elif len(found) > limit:
        answer = _reload(head, venue, f"more than {limit} changes since version {since}")
    else:
        found.sort(key=lambda c: c["version"])  # stable: an import's own entries keep their order
        answer = {
            "version": head.version,
            "store": head.store_id,
            "stamp": head.stamp,
            "since": since,
            "reload": False,
            "venue": venue,
            "changes": found,
        }
    body = json_bytes(answer)
    if cached:
        cache.set(rt, key("changes", head, since, venue), body)
    return head, body


def _reimports(rt: Runtime, head: Head, since: int, found: list[dict[str, Any]]) -> str | None:
    """Add to `found` what each re-import after `since` changed for attendees (origin: source);
    or say why a phone at `since` must take the schedule whole instead."""
    imports = [v for v in rt.store.imports() if since < v <= head.version]
    if len(imports) > MAX_IMPORTS:  # each is worked out from two snapshots
        return (
            f"the schedule was imported again at version {imports[-1]} ({len(imports)} imports since {since})"
        )
    for version in imports:
        entries = import_changes(rt, version)
        if isinstance(entries, str):
            return f"the schedule was imported again at version {version}: {entries}"
        found += entries
    return None


def import_changes(rt: Runtime, version: int) -> list[dict[str, Any]] | str:
    """The feed entries of the import at `version`, or why a phone older than it must take the
    schedule whole; worked out once per process."""
    store = rt.store
    # The stamp: a restored backup may reuse an import's version for another import.
    kept = rt.source_changes
    at = (store.head().store_id, version, store.stamp_of(version))
    found = kept.get(at)
    if found is None:
        found = source_changes(store, version, store.corrections())
        with KEEPING:  # a background build (serving/building.py) keeps them too
            if len(kept) >= KEPT:
                kept.pop(next(iter(kept)))
            kept[at] = found
    return found


def _nothing_yet(head: Head, since: int, venue: int) -> dict[str, Any]:
    """The answer to a phone at `since`, newer than `head`: no changes, no reload; the phone
    keeps its version (it never takes an older one from a changes answer)."""
    return {
        "version": head.version,
        "store": head.store_id,
        "stamp": head.stamp,
        "since": since,
        "reload": False,
        "venue": venue,
        "changes": [],
    }


def _reload(head: Head, venue: int, reason: str) -> dict[str, Any]:
    return {
        "version": head.version,
        "store": head.store_id,
        "stamp": head.stamp,
        "reload": True,
        "venue": venue,
        "reason": reason,
    }
