"""Publishing a correction: decided on the newest schedule under the store's write lock.

The store holds the lock (`Store.writing`) while this module reads the newest state through
it, checks the change (`corrections.apply.prepare`, `clashes.consequences`) and appends it:
the store never calls back into what is published.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..corrections.apply import Change, Correction, prepare
from ..corrections.clashes import Clash, ClashError, consequences, split_force
from ..corrections.store import SET_ASIDE
from ..domain.serialize import session_to_dict
from . import disk
from .imports import noticed
from .published import current, refuse_if_damaged
from .runtime import Runtime


def _decide(rt: Runtime, request: dict[str, Any], force: bool) -> Change:
    """The change `request` asks for, on the newest schedule; ClashError for its clashes unless
    `force`. Called with the write lock held, so the schedule checked is the one appended to."""
    now = current(rt)
    refuse_if_damaged(now)
    store = rt.store
    change = prepare(now.schedule, request, lookup=store.lookup, reverted_by=store.reverted_by)
    if not force:
        found, _ = consequences(now.schedule, change, rt.now())
        if found:
            raise ClashError(found)
    return change


def check(rt: Runtime, body: Any) -> tuple[list[Clash], dict[str, Any] | None]:
    """(the clashes `body` would bring, the session after it): a dry run, nothing stored."""
    noticed(rt)
    request, _ = split_force(body)
    now = current(rt)
    refuse_if_damaged(now)
    store = rt.store
    change = prepare(now.schedule, request, lookup=store.lookup, reverted_by=store.reverted_by)
    found, session = consequences(now.schedule, change, rt.now())
    return found, (None if session is None else session_to_dict(session))


def publish(rt: Runtime, body: Any, by: str | None = None) -> Correction:
    """Check `body` against the current schedule and store it durably, as published by the
    organizer `by`; CorrectionError if refused, ClashError if it clashes and does not force."""
    noticed(rt)
    request, force = split_force(body)
    with rt.store.writing() as writer:
        stored = writer.append(_decide(rt, request, force), by)
    disk.written(rt)
    return stored


def publish_once(rt: Runtime, body: Any, key: str, by: str | None = None) -> tuple[Correction, bool]:
    """`publish` under an idempotency key: (correction, True) when stored now, (the stored one,
    False) for a retry of the same request; KeyReused when the key came with another body."""
    noticed(rt)
    request, force = split_force(body)
    # The same JSON sent with other spacing or key order is the same request.
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    sha256 = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    with rt.store.writing() as writer:
        stored = writer.stored(key, sha256)  # before deciding: a retried edit changes nothing now
        if stored is not None:
            return stored, False
        stored = writer.append(_decide(rt, request, force), by, key, sha256)
    disk.written(rt)
    return stored, True


def set_aside(rt: Runtime, version: int, note: str | None, by: str | None) -> Correction | None:
    """Set the damaged row `version` aside (itself a correction, which a revert undoes); None
    when `version` is not a damaged row."""
    damaged = {d.version: d for d in current(rt).damaged}
    if version not in damaged:
        return None
    change = Change(SET_ASIDE, None, {}, {"reason": damaged[version].reason}, note, reverts=version)
    return rt.store.append(change, by)
