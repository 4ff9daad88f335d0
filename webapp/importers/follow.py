"""Following sources that organizers keep editing: fetch -> parse -> merge -> write, again and
again, at the cost of one conditional request per URL while nothing changed.

A cycle reads every source (a URL with its ETag / Last-Modified, a file by its bytes). When
none changed, it stops there: no parse, no merge, no write. When one did, all are parsed and
merged exactly as `schedule import` does (`update.update_schedule`). Anything that fails (a
404, a timeout, a body over the limit, bytes that are not a schedule) keeps the last good
schedule and is recorded, with the time it started failing, in the status every process reads.
The validators are only kept once an import succeeded, so a broken source keeps failing (and
being reported) until it is fixed, instead of its 304 passing for good news.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..domain import jsontext
from ..domain.timeutil import to_iso
from ..net import Deadline
from . import follow_state
from .discover import fetch_schedule, reading_export
from .fetch import NOT_MODIFIED_UNASKED, FetchError, is_url, shown, source_names
from .isolated import Isolation, import_apart
from .limits import parse_pages
from .merge import Overrides
from .problems import report
from .sheet_columns import parse_given
from .sources import parse_source
from .update import Imported, update_schedule, valid_language

PLAN_KEYS = {"sources", *Overrides.__dataclass_fields__}


@dataclass(frozen=True)
class Plan:
    """What to follow: sources (URLs or paths) merged into one event, with import options."""

    sources: tuple[str, ...]
    overrides: Overrides = Overrides()

    def fingerprint(self) -> str:
        doc = {"sources": list(self.sources), **asdict(self.overrides)}
        return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()[:16]


def load_plan(path: Path) -> Plan:
    """The plan in a JSON file like {"sources": ["https://..."], "timezone": "Europe/Paris"};
    relative paths are from the file's folder. ValueError names the file and the fault."""
    try:
        doc = jsontext.loads(path.read_bytes())
    except OSError as exc:
        raise ValueError(f"{path}: cannot read the follow plan: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise ValueError(f"{path}: not valid JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise ValueError(f"{path}: a follow plan is a JSON object with a 'sources' list")
    unknown = set(doc) - PLAN_KEYS
    if unknown:
        raise ValueError(f"{path}: unknown key(s) {sorted(unknown)}; known: {sorted(PLAN_KEYS)}")
    sources = doc.get("sources")
    if not isinstance(sources, list) or not sources or not all(isinstance(s, str) and s for s in sources):
        raise ValueError(f"{path}: 'sources' must be a non-empty list of URLs or file paths")
    options = {k: v for k, v in doc.items() if k != "sources"}
    # A spreadsheet's options as `schedule import` takes them: "strict": true, "columns":
    # {"start": "Begin"} (--column start=Begin), "date_format": "day-first".
    strict = options.pop("strict", False)
    if not isinstance(strict, bool):
        raise ValueError(f"{path}: 'strict' must be true or false")
    columns = options.pop("columns", {})
    if not isinstance(columns, dict) or not all(isinstance(v, str) for v in columns.values()):
        raise ValueError(f'{path}: \'columns\' must be an object like {{"start": "Begin"}}')
    try:
        given = parse_given([f"{k}={v}" for k, v in columns.items()])
    except ValueError as exc:
        raise ValueError(f"{path}: 'columns': {exc}") from None
    for key, value in options.items():
        if not isinstance(value, str):
            raise ValueError(f"{path}: {key!r} must be a string")
    if options.get("date_format") not in (None, "day-first", "month-first"):
        raise ValueError(f"{path}: 'date_format' is day-first or month-first")
    if options.get("language") and not valid_language(options["language"]):
        raise ValueError(f"{path}: language {options['language']!r} is not a tag like en or pt-BR")
    located = tuple(s if is_url(s) else str(path.parent / s) for s in sources)
    return Plan(located, Overrides(**options, strict=strict, columns=given))


@dataclass
class Cycle:
    """What one cycle did."""

    requests: int = 0  # HTTP requests made
    imported: Imported | None = None  # a source changed and the schedule was written
    error: str | None = None  # why the last good schedule is kept
    held_back: bool = False  # a change seen too soon after the last import, imported later
    sessions: int | None = None  # the schedule was written with this many sessions
    notes: list[str] = field(default_factory=list)  # said once: an event page read as its export
    # The import's problem report (rows set aside or read by a rule); None: nothing imported.
    problems: tuple[str, ...] | None = None


@dataclass
class Follower:
    plan: Plan
    data_dir: Path
    out: Path  # the schedule file written
    timeout: float
    max_bytes: int
    clock: Callable[[], datetime] = field(default=lambda: datetime.now(UTC))
    # Least seconds between two imports (FOLLOW_MIN_GAP): a source saved every second is not
    # a new version for every phone every second; its newest state is imported once the gap passed.
    min_gap: float = 0.0
    max_sessions: int = 0  # IMPORT_MAX_SESSIONS; 0: no cap
    # The server's follower imports in a child process (`isolated`); a command, in its own.
    isolation: Isolation | None = None

    def cycle(self) -> Cycle:
        now = self.clock()
        state = follow_state.load_state(self.data_dir)
        kept = state.get("sources", {}) if state.get("plan") == self.plan.fingerprint() else {}
        previous = state.get("status") or {}
        done = Cycle()
        try:
            fresh, seen, changed = self._read(kept, done)
            if changed and self.out.exists() and self._too_soon(previous, now):
                # The validators of the last import are kept, so the next check fetches the
                # source whole again: the state imported when the gap has passed is the newest.
                done.held_back = True
                seen = kept
            elif changed or not self.out.exists():
                bodies = [
                    self._body(loc, body, seen[loc])
                    for loc, body in zip(self.plan.sources, fresh, strict=True)
                ]
                self._import(bodies, done)
                follow_state.keep_bodies(self.data_dir, bodies)
            kept = seen  # a 304 may bring new validators
        except ValueError as exc:  # FetchError, SourceError, UpdateError: each names its source
            done.error = str(exc)
        except Exception as exc:  # noqa: BLE001 - a parser's bug must not stop following either
            done.error = f"{', '.join(source_names(self.plan.sources))}: {type(exc).__name__}: {exc}"
        self._save(kept, self._status(done, previous, now))
        return done

    def _import(self, bodies: list[bytes], done: Cycle) -> None:
        names = source_names(self.plan.sources)
        overrides = self.plan.overrides
        if self.isolation is not None:
            written = import_apart(bodies, names, overrides, self.out, self.max_sessions, self.isolation)
            done.sessions, done.problems = written.sessions, written.problems
            return
        pages = parse_pages(
            bodies,
            names,
            overrides.timezone,
            self.max_sessions,
            parse=lambda data, name, tz: parse_source(data, name, tz, overrides),  # with --column
        )
        done.imported = update_schedule(pages, overrides, self.out)
        done.sessions = len(done.imported.schedule.sessions)
        done.problems = tuple(report(done.imported.problems))

    def _too_soon(self, previous: dict[str, Any], now: datetime) -> bool:
        changed = previous.get("changed")
        if not self.min_gap or not changed:
            return False
        try:
            since = (now - datetime.fromisoformat(changed)).total_seconds()
        except (TypeError, ValueError):  # a damaged status: import, as without a gap
            return False
        return 0 <= since < self.min_gap  # a clock set back does not hold imports back for ever

    def _read(self, kept: dict[str, Any], done: Cycle) -> tuple[list[bytes | None], dict[str, Any], bool]:
        """Each source's new bytes (None: unchanged), what to keep of each, and whether any
        changed. An unchanged source's kept bytes are not read here: a cycle in which nothing
        changed reads nothing but the answers."""
        fresh: list[bytes | None] = []
        seen: dict[str, Any] = {}
        # The whole check has one deadline too: FETCH_TIMEOUT for each address followed.
        urls = sum(1 for loc in self.plan.sources if is_url(loc))
        budget = Deadline(self.timeout * max(1, urls))
        for loc in self.plan.sources:
            was = kept.get(loc) or {}
            sha256 = was.get("sha256")
            have = bool(sha256) and follow_state.body_file(self.data_dir, sha256).exists()
            if is_url(loc):
                done.requests += 1
                etag, modified = (was.get("etag"), was.get("last_modified")) if have else (None, None)
                timeout = min(self.timeout, _left(loc, budget))
                # A pretalx event's address is followed at its export, kept once found (`discover`).
                read = fetch_schedule(
                    loc, timeout=timeout, max_bytes=self.max_bytes, etag=etag, last_modified=modified,
                    export=was.get("export"),
                )  # fmt: skip
                got, done.requests = read.fetched, done.requests + read.requests - 1
                if read.export is not None and read.export != was.get("export"):
                    done.notes.append(reading_export(loc, read.export))
                if got.body is None and not have:
                    raise FetchError(loc, NOT_MODIFIED_UNASKED)
                body, seen[loc] = got.body, {"etag": got.etag, "last_modified": got.last_modified}
                if read.export is not None:
                    seen[loc]["export"] = read.export
            else:
                try:
                    body, seen[loc] = Path(loc).read_bytes(), {}
                except OSError as exc:
                    raise FetchError(loc, f"cannot read: {exc.strerror or exc}") from None
            digest = sha256 if body is None else hashlib.sha256(body).hexdigest()
            if have and digest == sha256:
                body = None  # the same bytes again: a file, or a server that sends no validators
            seen[loc]["sha256"] = digest
            fresh.append(body)
        return fresh, seen, any(body is not None for body in fresh)

    def _body(self, loc: str, fresh: bytes | None, seen: dict[str, Any]) -> bytes:
        if fresh is not None:
            return fresh
        kept = follow_state.read_body(self.data_dir, seen["sha256"])
        if kept is None:  # removed or damaged (and then removed): the next cycle fetches it whole
            raise FetchError(
                loc, "the copy kept of its last version is gone; it is fetched again at the next check"
            )
        return kept

    def _status(self, done: Cycle, previous: dict[str, Any], at: datetime) -> dict[str, Any]:
        now = to_iso(at)
        status = {
            "sources": [shown(s) for s in self.plan.sources],
            "pid": os.getpid(),
            "checked": now,
            "ok": now if done.error is None else previous.get("ok"),
            "changed": now if done.imported is not None else previous.get("changed"),
            "error": done.error,
            "failing_since": None if done.error is None else (previous.get("failing_since") or now),
            "held_back": done.held_back,
            # The last import's problems (shown by /healthz and the console) until the next one.
            "problems": list(done.problems) if done.problems is not None else previous.get("problems") or [],
        }
        return status

    def _save(self, sources: dict[str, Any], status: dict[str, Any]) -> None:
        state = {"plan": self.plan.fingerprint(), "sources": sources, "status": status}
        follow_state.save_state(self.data_dir, state)


def _left(loc: str, budget: Deadline) -> float:
    try:
        return budget.remaining()
    except TimeoutError:
        raise FetchError(loc, f"not checked: the sources took longer than {budget.seconds:g} s") from None


def describe(status: dict[str, Any] | None) -> str:
    """One line on how following goes, for the log, the console and the command line."""
    if not status:
        return "not checked yet"
    if status.get("error"):
        return (
            f"failing since {status.get('failing_since')}: {status['error']}; the last good schedule is kept"
        )
    changed = status.get("changed")
    said = f"checked {status.get('checked')}, " + (f"last changed {changed}" if changed else "no change seen")
    if status.get("held_back"):
        said += "; a newer change is imported once the least time between two imports has passed"
    if status.get("problems"):
        said += f"; the last import: {status['problems'][0]}"  # "N problems in the sources ..."
    return said
