"""An import (parse, merge, write) in a process of its own, for the server's follower: a large
source then costs a serving worker neither its readers' time (the parse no longer holds the
worker's interpreter) nor memory that stays after it (the child's is returned to the system
when it ends). The child has a deadline and an address-space limit; either refuses the import
with a clear error, and the last good schedule stays.

The child comes from a fork server, not from a fork of the worker: it inherits none of the
worker's descriptors (its listening socket, the follower's lock) nor the locks its other
threads held at the time.
"""

from __future__ import annotations

import multiprocessing
import resource
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path

from .limits import parse_pages
from .merge import Overrides
from .problems import report
from .sources import parser_for
from .update import update_schedule


class ImportFailed(ValueError):
    """The child could not import; the message says why (a source's error names the source)."""


@dataclass(frozen=True)
class Isolation:
    seconds: float  # IMPORT_TIMEOUT
    memory_mb: int  # IMPORT_MAX_MB


@dataclass(frozen=True)
class Written:
    """What the child wrote: enough to log and report, never the schedule itself."""

    sessions: int
    kept: int
    warnings: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()  # the import's problem report (`problems.report`), its lines


def import_apart(
    bodies: list[bytes], names: list[str], overrides: Overrides, out: Path, cap: int, limits: Isolation
) -> Written:
    """Parse (`parse_pages`) and merge into `out` (`update_schedule`) in a child process bounded
    by `limits`; ImportFailed (a ValueError) saying why nothing was written."""
    ctx = multiprocessing.get_context("forkserver")
    receive, send = ctx.Pipe(duplex=False)
    child = ctx.Process(
        target=_child,
        args=(send, bodies, names, overrides, out, cap, limits.memory_mb),
        name="hallway-import",
        daemon=True,
    )
    child.start()
    send.close()
    try:
        if not receive.poll(limits.seconds):
            raise ImportFailed(
                f"the import took longer than {limits.seconds:g} s (IMPORT_TIMEOUT) and was stopped"
            )
        try:
            ok, answer = receive.recv()
        except EOFError:
            child.join(1)
            raise ImportFailed(
                f"the import process ended without a word (exit code {child.exitcode}): out of memory?"
            ) from None
    finally:
        if child.is_alive():
            child.kill()
        child.join(5)
        receive.close()
    if not ok:
        raise ImportFailed(answer)
    return answer


def _child(
    send: Connection,
    bodies: list[bytes],
    names: list[str],
    overrides: Overrides,
    out: Path,
    cap: int,
    memory_mb: int,
) -> None:
    limit = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    try:
        pages = parse_pages(bodies, names, overrides.timezone, cap, parser_for(overrides))
        imported = update_schedule(pages, overrides, out)
        said = tuple(report(imported.problems))
        written = Written(len(imported.schedule.sessions), imported.kept, tuple(imported.warnings), said)
        send.send((True, written))
    except MemoryError:
        send.send((False, f"the import needed more memory than the {memory_mb:,} MB of IMPORT_MAX_MB"))
    except ValueError as exc:  # SourceError, UpdateError: each names its source or file
        send.send((False, str(exc)))
    except Exception as exc:  # noqa: BLE001 - a parser's bug is reported like any failure
        send.send((False, f"{', '.join(names)}: {type(exc).__name__}: {exc}"))
    finally:
        send.close()
