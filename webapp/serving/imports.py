"""The schedule file and the imports recorded from it: a changed file becomes a version.

A changed schedule file is recorded in the store as an import (a new version) the first time
any process notices it, so versions stay monotonic across re-imports and every process agrees.
A request looks at the file once at most (`noticed`), or leaves recording it to the background
build when builds are costly (serving/building.py); the follower and the command line look
whenever they wrote it (`sync_import`).
"""

from __future__ import annotations

import hashlib
import sqlite3

from flask import g, has_request_context, request

from ..corrections.reimport import Finding, reapply
from ..domain import jsontext
from ..domain.model import Schedule
from ..domain.serialize import schedule_from_dict
from ..web.fastpath import LOOKED
from . import disk
from .runtime import FileStamp, Runtime

NOTICED = "hallway_noticed"  # flask.g: this request looked at the schedule file already


def noticed(rt: Runtime) -> None:
    """`sync_import`, once per request however many parts of the answer read the schedule."""
    if first_look():
        sync_import(rt)


def first_look() -> bool:
    """Whether the schedule file is to be looked at now: once per request (always outside one)."""
    if has_request_context():
        if g.get(NOTICED):
            return False
        setattr(g, NOTICED, True)
        if request.environ.get(LOOKED):  # the fast path looked before handing the request on
            return False
    return True


def sync_import(rt: Runtime) -> int | None:
    """Record the schedule file as a new import if it changed since this process last looked;
    the version it was recorded as, None when nothing was recorded now.

    A file that does not parse is not recorded: the last good import keeps being served.
    """
    path = rt.schedule_path
    stamp = _stamp(rt)
    if stamp == rt.file_stamp:
        return None
    version = None
    if stamp is None:
        rt.problems.report("schedule file", f"{path} is missing; serving the last import")
    else:
        data = path.read_bytes()
        try:
            imported = schedule_from_dict(jsontext.loads(data))
        except (ValueError, UnicodeDecodeError) as exc:
            rt.problems.report(
                "schedule file", f"{path} is not a valid schedule, still serving the last import: {exc}"
            )
        else:
            version = rt.store.record_import(hashlib.sha256(data).hexdigest(), data)
            disk.written(rt)
            rt.problems.clear("schedule file")
            if version is not None:
                rt.logger.info("recorded schedule import %s as version %d", path, version)
                _log_findings(rt, imported)
    rt.file_stamp = stamp
    return version


def changed_size(rt: Runtime) -> int | None:
    """The schedule file's size when it changed since this process last looked (one stat)."""
    stamp = _stamp(rt)
    return None if stamp == rt.file_stamp else (0 if stamp is None else stamp[1])


def _stamp(rt: Runtime) -> FileStamp:
    try:
        st = rt.schedule_path.stat()
    except FileNotFoundError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def reimport_findings(rt: Runtime, schedule: Schedule) -> list[Finding]:
    """What re-applying every stored correction on top of `schedule` (a new import) finds."""
    return reapply(schedule, rt.store.corrections())[1]


def _log_findings(rt: Runtime, imported: Schedule) -> None:
    """A re-import noticed by the server (not through `schedule import`, which prints them):
    the corrections it contains or contradicts go to the log, so none changes without a word."""
    for f in reimport_findings(rt, imported):
        c = f.correction
        rt.logger.warning("re-import: correction v%d (%s %s) is %s: %s", c.version, c.change.kind,
                          c.change.session, f.status, f.reason)  # fmt: skip


def base(rt: Runtime, version: int, sha256: str) -> Schedule:
    """The import at `version`, read from the store once per import."""
    found = rt.base.get(sha256)
    if found is not None:
        return found
    try:
        schedule = schedule_from_dict(jsontext.loads(rt.store.snapshot(version)))
    except ValueError as exc:  # the snapshot's bytes changed on disk (ScheduleFormatError too)
        schedule = _file_instead(rt, version, exc)
    return rt.base.put(sha256, schedule)


def _file_instead(rt: Runtime, version: int, exc: ValueError) -> Schedule:
    """The schedule file, when the store's copy of the import no longer reads; the store's
    error when the file does not read either (the last good schedule is then served)."""
    try:
        schedule = schedule_from_dict(jsontext.loads(rt.schedule_path.read_bytes()))
    except (OSError, ValueError):
        raise sqlite3.DatabaseError(f"the schedule imported at version {version} is damaged: {exc}") from exc
    rt.problems.report(
        "import snapshot",
        f"the schedule imported at version {version} no longer reads in the store ({exc}); "
        f"serving {rt.schedule_path.name} instead",
    )
    return schedule
