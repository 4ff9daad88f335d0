"""The schedule as attendees see it: the newest import with the corrections after it applied.

Views only ever ask `published(app)`. The corrections store gives the version; a changed
schedule file is recorded there as an import (a new version) the first time any process
notices it, so versions stay monotonic across re-imports and every process agrees.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from flask import Flask

from ..domain import jsontext
from ..domain.model import Schedule
from ..domain.serialize import ScheduleFormatError, schedule_from_dict, schedule_to_dict
from ..domain.storage import SCHEDULE_FILE
from . import problems
from .apply import Correction, apply, prepare
from .store import STORE_FILE, Head, Store

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


def schedule_path(app: Flask) -> Path:
    return Path(app.config["DATA_DIR"]) / SCHEDULE_FILE


def store_for(app: Flask) -> Store:
    store = app.extensions.get("hallway.store")
    if store is None:
        store = app.extensions["hallway.store"] = Store(Path(app.config["DATA_DIR"]) / STORE_FILE)
    return store


def build(
    schedule: Schedule,
    version: int,
    revisions: dict[str, tuple[int, datetime]] | None = None,
    store_id: str = "",
) -> Published:
    # `store` tells a phone whose versions these are: version 3 of a restored backup or a new
    # server is not version 3 of the store it knew, and must replace its copy, not patch it.
    doc: dict[str, Any] = {"version": version, "store": store_id, **schedule_to_dict(schedule)}
    body = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    etag = f'"v{version}-{store_id}-{hashlib.sha256(body).hexdigest()[:16]}"'
    return Published(schedule, version, body, etag, store_id=store_id, revisions=revisions or {})


def revisions_of(corrections: Iterable[Correction]) -> dict[str, tuple[int, datetime]]:
    out: dict[str, tuple[int, datetime]] = {}
    for c in corrections:
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
            schedule_from_dict(jsontext.loads(data))
        except (ValueError, UnicodeDecodeError) as exc:
            problems.report(
                app, "schedule file", f"{path} is not a valid schedule, still serving the last import: {exc}"
            )
        else:
            version = store_for(app).record_import(hashlib.sha256(data).hexdigest(), data)
            problems.clear(app, "schedule file")
            if version is not None:
                app.logger.info("recorded schedule import %s as version %d", path, version)
    app.extensions["hallway.import_stamp"] = stamp


def _base(app: Flask, store: Store, version: int, sha256: str) -> Schedule:
    cached = app.extensions.get("hallway.base")
    if cached is not None and cached[0] == sha256:
        return cached[1]
    schedule = schedule_from_dict(jsontext.loads(store.snapshot(version)))
    app.extensions["hallway.base"] = (sha256, schedule)
    return schedule


def _current(app: Flask) -> tuple[Head, Schedule, dict[str, tuple[int, datetime]]]:
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
    schedule = apply(
        _base(app, store, state.base_version, state.base_sha256), (c.change for c in state.corrections)
    )
    result = (state.head, schedule, revisions_of(state.corrections))
    app.extensions["hallway.state"] = result
    return result


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
        head, schedule, revisions = _current(app)
    except STORE_ERRORS as exc:
        return last_good(app, exc)
    problems.clear(app, "store")
    result = build(schedule, head.version, revisions, head.store_id)
    app.extensions["hallway.published"] = (head, result)
    return result


def last_good(app: Flask, exc: BaseException) -> Published:
    """The schedule last built from the store, after `exc` said the store cannot be read now;
    StoreUnavailable when this process never built one."""
    path = store_for(app).path
    cached = app.extensions.get("hallway.published")
    kept = f"serving version {cached[1].version} from memory" if cached else "nothing to serve"
    problems.report(app, "store", f"{path} cannot be read ({type(exc).__name__}: {exc}); {kept}")
    if cached is None:
        raise StoreUnavailable(
            f"the corrections store {path.name} cannot be read ({type(exc).__name__})"
        ) from exc
    return cached[1]


def publish(app: Flask, body: Any) -> Correction:
    """Check `body` against the current schedule and store it durably; CorrectionError if refused."""
    sync_import(app)
    store = store_for(app)
    # Runs under the store's write lock: the schedule it checks against is the newest one.
    return store.append(lambda: prepare(_current(app)[1], body, lookup=store.lookup))


def publish_once(app: Flask, body: Any, key: str) -> tuple[Correction, bool]:
    """`publish` under an idempotency key: (correction, True) when stored now, (the stored one,
    False) for a retry of the same request; KeyReused when the key came with another body."""
    sync_import(app)
    store = store_for(app)
    # The same JSON sent with other spacing or key order is the same request.
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    sha256 = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    return store.append_once(lambda: prepare(_current(app)[1], body, lookup=store.lookup), key, sha256)
