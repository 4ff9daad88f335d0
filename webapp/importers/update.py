"""Parsed sources -> the schedule file: the one way a new import is written, used by
`schedule import` and by the follower alike (so whatever an import does to the served
schedule, a followed source does too).

The previous schedule's ids are kept (`merge`), the file is replaced atomically, and the
served side notices the new file (`serving.imports.sync_import`) with every correction
staying on top of it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..domain.model import Schedule
from ..domain.serialize import ScheduleFormatError
from ..domain.storage import load_schedule, save_schedule
from .merge import Overrides, merge
from .problems import Problem, refuse_first
from .raw import RawPage

LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*")


def valid_language(value: str) -> bool:
    """A language tag like en or pt-BR (the event's main language, an import option)."""
    return LANGUAGE_TAG.fullmatch(value.strip()) is not None


class UpdateError(ValueError):
    """The schedule file could not be read or written; it is unchanged."""


@dataclass(frozen=True)
class Imported:
    schedule: Schedule
    previous: Schedule | None
    warnings: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)  # rows set aside or read by a rule

    @property
    def kept(self) -> int:
        """How many session ids the new schedule shares with the previous one."""
        if self.previous is None:
            return 0
        return len({s.id for s in self.schedule.sessions} & {s.id for s in self.previous.sessions})


def update_schedule(
    pages: Sequence[RawPage], overrides: Overrides, out: Path, *, dry_run: bool = False
) -> Imported:
    """Merge `pages` on top of the schedule in `out` and write the result there (unless
    `dry_run`). ValueError (SourceError, UpdateError) says why nothing was written; with
    `overrides.strict`, the first problem a source had is one."""
    problems = [p for page in pages for p in page.problems]
    if overrides.strict:
        refuse_first(problems)
    try:
        previous = load_schedule(out) if out.exists() else None
    except (ScheduleFormatError, OSError) as exc:
        raise UpdateError(f"cannot read the previous schedule, whose ids must be kept: {exc}") from exc
    schedule, warnings = merge(pages, overrides, previous)
    if not dry_run:
        try:
            save_schedule(out, schedule)
        except OSError as exc:  # a read-only or full disk: the write is atomic, the old file is kept
            raise UpdateError(
                f"{out}: cannot write, the previous schedule is unchanged: {exc.strerror or exc}"
            ) from exc
    return Imported(schedule, previous, warnings, problems)
