"""The schedule as attendees see it: the newest import with the corrections after it applied.

Views only ever ask `published(app)`. The corrections store gives the version; a changed
schedule file is recorded there as an import (a new version) the first time any process
notices it, so versions stay monotonic across re-imports and every process agrees.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from flask import Flask

from ..domain import jsontext
from ..domain.model import Schedule
from ..domain.serialize import ScheduleFormatError, schedule_from_dict, schedule_to_dict, session_to_dict
from ..domain.storage import SCHEDULE_FILE
from . import problems
from .apply import Change, Correction, prepare
from .clashes import Clash, ClashError, consequences, split_force
from .database import describe
from .reimport import Finding, reapply
from .store import STORE_FILE, Head, Store, utcnow

# What a damaged, missing or replaced-by-a-directory store raises.
STORE_ERRORS = (sqlite3.Error, OSError)


class StoreUnavailable(Exception):
    """The corrections store cannot be read and this process has no schedule in memory."""


@dataclass(frozen=True)
class Published:
    schedule: Schedule
    version: int
    body: bytes  # the JSON of /api/v1/schedule.json
    etag: str
    store_id: str = ""  # which store's versions these are: a replaced store starts again
    # session id -> (corrections that touched it, time of the newest): SEQUENCE and
    # LAST-MODIFIED in calendars, so subscribed calendars update in place.
    revisions: dict[str, tuple[int, datetime]] = field(default_factory=dict)
    # Room statuses and announcements (and their withdrawals): what `notices` reads at a given time.
    notice_corrections: tuple[Correction, ...] = ()


def schedule_path(app: Flask) -> Path:
    return Path(app.config["DATA_DIR"]) / SCHEDULE_FILE


def clock(app: Flask) -> Callable[[], datetime]:
    """The one clock of the server side (tests set `CLOCK` in the app's config)."""
    return app.config.get("CLOCK") or utcnow


def store_for(app: Flask) -> Store:
    store = app.extensions.get("hallway.store")
    if store is None:
        path = Path(app.config["DATA_DIR"]) / STORE_FILE
        store = app.extensions["hallway.store"] = Store(path, clock=clock(app))
    return store


def build(
    schedule: Schedule,
    version: int,
    revisions: dict[str, tuple[int, datetime]] | None = None,
    store_id: str = "",
    corrections: Iterable[Correction] = (),
) -> Published:
    # `store` tells a phone whose versions these are: version 3 of a restored backup or a new
    # server is not version 3 of the store it knew, and must replace its copy, not patch it.
    doc: dict[str, Any] = {"version": version, "store": store_id, **schedule_to_dict(schedule)}
    body = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    etag = f'"v{version}-{store_id}-{hashlib.sha256(body).hexdigest()[:16]}"'
    notice_corrections = tuple(c for c in corrections if c.change.session is None)
    return Published(
        schedule, version, body, etag, store_id=store_id, revisions=revisions or {},
        notice_corrections=notice_corrections,
    )  # fmt: skip


def revisions_of(corrections: Iterable[Correction]) -> dict[str, tuple[int, datetime]]:
    out: dict[str, tuple[int, datetime]] = {}
    for c in corrections:
        if c.change.session is None:
            continue
        sequence = out.get(c.change.session, (0, c.time))[0]
        out[c.change.session] = (sequence + 1, c.time)
    return out


def sync_import(app: Flask) -> None:
    """Record the schedule file as a new import if it changed since this process last looked.

    A file that does not parse is not recorded: the last good import keeps being served.
    """
    path = schedule_path(app)
    try:
        st = path.stat()
        stamp: tuple[int, ...] | None = (st.st_mtime_ns, st.st_size, st.st_ino)
    except FileNotFoundError:
        stamp = None
    if stamp == app.extensions.get("hallway.import_stamp", ()):  # (): never looked yet
        return
    if stamp is None:
        problems.report(app, "schedule file", f"{path} is missing; serving the last import")
    else:
        data = path.read_bytes()
        try:
            imported = schedule_from_dict(jsontext.loads(data))
        except (ValueError, UnicodeDecodeError) as exc:
            problems.report(
                app, "schedule file", f"{path} is not a valid schedule, still serving the last import: {exc}"
            )
        else:
            version = store_for(app).record_import(hashlib.sha256(data).hexdigest(), data)
            problems.clear(app, "schedule file")
            if version is not None:
                app.logger.info("recorded schedule import %s as version %d", path, version)
                _log_findings(app, imported)
    app.extensions["hallway.import_stamp"] = stamp


def _log_findings(app: Flask, imported: Schedule) -> None:
    """A re-import noticed by the server (not through `schedule import`, which prints them):
    the corrections it contains or contradicts go to the log, so none changes without a word."""
    for f in reimport_findings(app, imported):
        c = f.correction
        app.logger.warning("re-import: correction v%d (%s %s) is %s: %s", c.version, c.change.kind,
                           c.change.session, f.status, f.reason)  # fmt: skip


def _base(app: Flask, store: Store, version: int, sha256: str) -> Schedule:
    cached = app.extensions.get("hallway.base")
    if cached is not None and cached[0] == sha256:
        return cached[1]
    schedule = schedule_from_dict(jsontext.loads(store.snapshot(version)))
    app.extensions["hallway.base"] = (sha256, schedule)
    return schedule


def _current(
    app: Flask,
) -> tuple[Head, Schedule, dict[str, tuple[int, datetime]], tuple[Correction, ...]]:
    store = store_for(app)
    state = store.state()
    if state is None:  # a new, empty store (the old one deleted while running): import the file
        app.extensions.pop("hallway.import_stamp", None)
        sync_import(app)
        state = store.state()
    if state is None:
        raise ScheduleFormatError(f"no schedule has been imported into {app.config['DATA_DIR']}")
    cached = app.extensions.get("hallway.state")
    if cached is not None and cached[0] == state.head:
        return cached
    # Every correction, also those from before the newest import, on top of it (reimport.py).
    schedule, _ = reapply(_base(app, store, state.base_version, state.base_sha256), state.corrections)
    result = (state.head, schedule, revisions_of(state.corrections), state.corrections)
    app.extensions["hallway.state"] = result
    return result


def reimport_findings(app: Flask, schedule: Schedule) -> list[Finding]:
    """What re-applying every stored correction on top of `schedule` (a new import) finds."""
    return reapply(schedule, store_for(app).corrections())[1]


def published(app: Flask) -> Published:
    """The current schedule, built again only when its version changed. While the store cannot
    be read (corrupt, truncated, a directory in its place), the last one built is served."""
    try:
        sync_import(app)
        head = store_for(app).head()
        cached = app.extensions.get("hallway.published")
        if cached is not None and cached[0] == head:
            problems.clear(app, "store")
            return cached[1]
        head, schedule, revisions, corrections = _current(app)
    except STORE_ERRORS as exc:
        return last_good(app, exc)
    problems.clear(app, "store")
    result = build(schedule, head.version, revisions, head.store_id, corrections)
    app.extensions["hallway.published"] = (head, result)
    return result


def last_good(app: Flask, exc: BaseException) -> Published:
    """The schedule last built from the store, after `exc` said the store cannot be read now;
    StoreUnavailable when this process never built one."""
    path = store_for(app).path
    cached = app.extensions.get("hallway.published")
    kept = f"serving version {cached[1].version} from memory" if cached else "nothing to serve"
    problems.report(app, "store", f"{path} cannot be read ({describe(exc)}); {kept}")
    if cached is None:
        raise StoreUnavailable(
            f"the corrections store {path.name} cannot be read ({type(exc).__name__})"
        ) from exc
    return cached[1]


def _maker(app: Flask, store: Store, body: Any) -> Callable[[], Change]:
    """What the store runs under its write lock (so the schedule checked is the newest one):
    the change `body` asks for, refused with ClashError for its clashes unless it says force."""
    request, force = split_force(body)

    def make() -> Change:
        schedule = _current(app)[1]
        change = prepare(schedule, request, lookup=store.lookup, reverted_by=store.reverted_by)
        if not force:
            found, _ = consequences(schedule, change, clock(app)())
            if found:
                raise ClashError(found)
        return change

    return make


def check(app: Flask, body: Any) -> tuple[list[Clash], dict[str, Any] | None]:
    """(the clashes `body` would bring, the session after it): a dry run, nothing stored."""
    sync_import(app)
    store = store_for(app)
    request, _ = split_force(body)
    schedule = _current(app)[1]
    change = prepare(schedule, request, lookup=store.lookup, reverted_by=store.reverted_by)
    found, session = consequences(schedule, change, clock(app)())
    return found, (None if session is None else session_to_dict(session))


def publish(app: Flask, body: Any, by: str | None = None) -> Correction:
    """Check `body` against the current schedule and store it durably, as published by the
    organizer `by`; CorrectionError if refused, ClashError if it clashes and does not force."""
    sync_import(app)
    store = store_for(app)
    return store.append(_maker(app, store, body), by)


def publish_once(app: Flask, body: Any, key: str, by: str | None = None) -> tuple[Correction, bool]:
    """`publish` under an idempotency key: (correction, True) when stored now, (the stored one,
    False) for a retry of the same request; KeyReused when the key came with another body."""
    sync_import(app)
    store = store_for(app)
    # The same JSON sent with other spacing or key order is the same request.
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    sha256 = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    return store.append_once(_maker(app, store, body), key, sha256, by)
