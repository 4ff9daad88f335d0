"""The schedule as attendees see it: the newest import with the corrections after it applied.

Everything served reads it here: `published(rt)`, or `look(rt)` for the head it is served at.
It is built once per version (the store's head names the version) and held by the runtime;
the documents a phone reads are values built from it once (`outline`, `texts`). A version
that is costly to build is built in the background while the last one is served
(`served_head`, serving/building.py).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import Any

from ..corrections.apply import Correction
from ..corrections.database import describe
from ..corrections.reimport import UNREADABLE, reapply
from ..corrections.store import Damaged, Head
from ..domain.model import Schedule
from ..domain.serialize import ScheduleFormatError, schedule_to_dict
from ..web import assets
from . import columns, disk, texts
from .failures import STORE_ERRORS, StoreDamaged, StoreUnavailable
from .imports import base, changed_size, first_look, noticed, sync_import
from .runtime import Runtime


@dataclass(frozen=True)
class Published:
    schedule: Schedule
    version: int
    doc: dict[str, Any]  # /api/v1/schedule.json without its notices, as a value
    body: bytes  # `doc` serialised: its hash is the version's ETag
    etag: str
    store_id: str = ""  # which store's versions these are: a replaced store starts again
    stamp: str = ""  # what its version holds (store.Head.stamp): a restored backup reuses numbers
    # session id -> (corrections that touched it, time of the newest): SEQUENCE and
    # LAST-MODIFIED in calendars, so subscribed calendars update in place.
    revisions: dict[str, tuple[int, datetime]] = field(default_factory=dict)
    # Room statuses and announcements (and their withdrawals): what `notices` reads at a given time.
    notice_corrections: tuple[Correction, ...] = ()
    damaged: tuple[Damaged, ...] = ()  # stored rows left out of this version (Current.damaged)

    @cached_property
    def rows(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """(outline, texts) of `doc`, the outline's sessions and speakers as rows, split once
        per version (serving/texts.py): what the server's first screen draws from."""
        return texts.split_rows(self.doc)

    @cached_property
    def parts(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """(outline, texts) of `doc` for the app: `rows`, the outline's lists as columns."""
        outline, texts_doc = self.rows
        return columns.encode(outline), texts_doc


@dataclass(frozen=True)
class Current:
    """The store's newest state, applied: what `published` and the write path decide on."""

    head: Head
    schedule: Schedule
    revisions: dict[str, tuple[int, datetime]]
    corrections: tuple[Correction, ...]
    damaged: tuple[Damaged, ...]  # rows that do not read or apply, not set aside


def build(
    schedule: Schedule,
    version: int,
    revisions: dict[str, tuple[int, datetime]] | None = None,
    store_id: str = "",
    corrections: Iterable[Correction] = (),
    stamp: str = "",
    damaged: tuple[Damaged, ...] = (),
) -> Published:
    # `store` tells a phone whose versions these are: version 3 of a restored backup or a new
    # server is not version 3 of the store it knew, and must replace its copy, not patch it.
    doc: dict[str, Any] = {
        "version": version,
        "store": store_id,
        "stamp": stamp,
        **schedule_to_dict(schedule),
    }
    body = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    etag = f'"v{version}-{store_id}-{hashlib.sha256(body).hexdigest()[:16]}"'
    notice_corrections = tuple(c for c in corrections if c.change.session is None)
    return Published(
        schedule, version, doc, body, etag, store_id=store_id, stamp=stamp, revisions=revisions or {},
        notice_corrections=notice_corrections, damaged=damaged,
    )  # fmt: skip


def revisions_of(corrections: Iterable[Correction]) -> dict[str, tuple[int, datetime]]:
    out: dict[str, tuple[int, datetime]] = {}
    for c in corrections:
        if c.change.session is None:
            continue
        sequence = out.get(c.change.session, (0, c.time))[0]
        out[c.change.session] = (sequence + 1, c.time)
    return out


def current(rt: Runtime) -> Current:
    """The newest state in the store with every correction applied, built once per version."""
    state = rt.store.state()
    if state is None:  # a new, empty store (the old one deleted while running): import the file
        rt.file_stamp = ()
        sync_import(rt)
        state = rt.store.state()
    if state is None:
        raise ScheduleFormatError(f"no schedule has been imported into {rt.data_dir}")
    found = rt.current.get(state.head)
    if found is not None:
        return found
    # Every correction, also those from before the newest import, on top of it (reimport.py).
    schedule, findings = reapply(base(rt, state.base_version, state.base_sha256), state.corrections)
    # A row that reads but no longer applies is damaged too: left out, like one that does not read.
    unreadable = {f.correction.version: f.reason for f in findings if f.status == UNREADABLE}
    damaged = state.damaged + tuple(Damaged(v, reason) for v, reason in unreadable.items())
    corrections = tuple(c for c in state.corrections if c.version not in unreadable)
    if damaged:
        rt.problems.report("store rows", str(StoreDamaged(damaged)))
    else:
        rt.problems.clear("store rows")
    return rt.current.put(
        state.head, Current(state.head, schedule, revisions_of(corrections), corrections, damaged)
    )


def refuse_if_damaged(now: Current) -> None:
    """Writes wait while rows are damaged: a correction decided on a schedule that silently
    lacks one would be decided on the wrong state."""
    if now.damaged:
        raise StoreDamaged(now.damaged)


def look(rt: Runtime) -> tuple[Head, Published]:
    """The head this process serves at and the schedule published at it (a newer one when a
    write came meanwhile), the schedule file noticed first; STORE_ERRORS when the store cannot
    be read."""
    head = served_head(rt)
    return head, at(rt, head)


def look_built(rt: Runtime) -> tuple[Head, Published | None]:
    """`look`, without building: None when this process has not built the current version."""
    head = served_head(rt)
    return head, at(rt, head) if rt.published.get(head) is not None else None


def served_head(rt: Runtime) -> Head:
    """The head a reader is answered at: the store's, when this process built it or building it
    is cheap (it is built on this request then, as `at` does); else the last one this process
    built, while the newest is built in the background (serving/building.py)."""
    held = rt.published.held()
    if held is None:  # nothing to answer from: built on this request whatever it costs
        noticed(rt)
        return rt.store.head()
    size = changed_size(rt) if first_look() else None
    if size is not None:  # the schedule file changed: a new version to record
        if _inline(rt, size):
            sync_import(rt)
        else:
            _want(rt)  # recorded by the background build, not on this request
    head = rt.store.head()
    if held[0] == head or held[0].store_id != head.store_id:  # another store: never mixed with this one
        return head
    if not _imported_since(rt, held[0]) or _inline(rt, rt.store.import_size()):
        return head
    _want(rt)
    return held[0]


def _imported_since(rt: Runtime, held: Head) -> bool:
    """Whether an import was recorded after the held version. Corrections alone are built on
    the request whatever the schedule's size (a fraction of an import's cost), so one published
    through one worker is served by every worker at its next request, as the README says."""
    return any(version > held.version for version in rt.store.imports())


def _inline(rt: Runtime, size: int) -> bool:
    """Whether to build a version from an import of `size` bytes now: when cheap, and always in
    a command (an export or a check must read the newest; it has no readers to keep waiting)."""
    return rt.builds.inline(size) or not assets.serving()


def at(rt: Runtime, head: Head) -> Published:
    found = rt.published.get(head)
    if found is None:
        found = _newer_than(rt, head) or _build(rt)
    rt.problems.clear("store")
    return found


def _newer_than(rt: Runtime, head: Head) -> Published | None:
    """The held schedule when a background build swapped in a newer one since `head` was read.
    Newer means the store's newest now: a higher version of a lost history (a backup restored,
    then written to) is not newer, whatever its number."""
    held = rt.published.held()
    if held is not None and held[0].store_id == head.store_id and held[0].version > head.version:
        return held[1] if held[0] == rt.store.head() else None
    return None


KEEPING = threading.Lock()  # a build is swapped in only when it is not older than the one held


def _build(rt: Runtime, warm: bool = False) -> Published:
    """The newest state built, its cost measured, and held unless a newer one is held already.
    `warm`: with what its first readers ask for (a background build, swapped in complete)."""
    from .changes import import_changes  # here: the changes feed reads what is published

    held = rt.published.held()
    with rt.builds.measured(rt.store.import_size):
        now = current(rt)
        found = build(now.schedule, now.head.version, now.revisions, now.head.store_id, now.corrections,
                      now.head.stamp, now.damaged)  # fmt: skip
        if warm:
            found.parts  # noqa: B018 - the rows and columns the outline and texts are made of
            since = held[0].version if held is not None and held[0].store_id == now.head.store_id else -1
            for version in rt.store.imports():
                if since < version <= now.head.version:
                    import_changes(rt, version)  # what the changes feed says of this re-import
    return _keep(rt, now.head, found)


def _keep(rt: Runtime, head: Head, found: Published) -> Published:
    with KEEPING:
        held = rt.published.held()
        # Not swapped in: an older build of the history the store still holds (a background
        # round that ended after a request built a newer version). A held version that is not
        # the store's newest (a restored backup rewound it) is no reason to keep it.
        older = held is not None and held[0].store_id == head.store_id and held[0].version > head.version
        if not older or held[0] != rt.store.head():
            rt.published.put(head, found)
    return found


def _want(rt: Runtime) -> None:
    rt.builds.want(lambda: _build_newest(rt), lambda exc: _failed(rt, exc))


def _build_newest(rt: Runtime) -> None:
    """A background round: the schedule file recorded if it changed, then the store's newest
    version built with what its first readers ask for, and swapped in."""
    sync_import(rt)
    if rt.published.get(rt.store.head()) is None:
        _build(rt, warm=True)


def _failed(rt: Runtime, exc: Exception) -> None:
    rt.logger.warning("the newest schedule's background build failed: %s: %s", type(exc).__name__, exc)


def published(rt: Runtime) -> Published:
    """The current schedule. While the store cannot be read (corrupt, truncated, a directory in
    its place), the last one built is served."""
    try:
        return look(rt)[1]
    except STORE_ERRORS as exc:
        return last_good(rt, exc)


def last_good(rt: Runtime, exc: BaseException) -> Published:
    """The schedule last built from the store, after `exc` said the store cannot be read now;
    StoreUnavailable when this process never built one."""
    path = rt.store.path
    disk.refused(rt, exc, "the changed schedule file's import")  # a full disk: said as such too
    kept = rt.published.last()
    said = f"serving version {kept.version} from memory" if kept else "nothing to serve"
    rt.problems.report("store", f"{path} cannot be read ({describe(exc)}); {said}")
    if kept is None:
        raise StoreUnavailable(
            f"the corrections store {path.name} cannot be read ({type(exc).__name__})"
        ) from exc
    return kept
