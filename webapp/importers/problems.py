"""What an import could not take as written, said once each, grouped and counted.

A parser that meets a row it cannot read (a typo'd date, a missing title) sets the row aside
and records a `Problem` on its page instead of refusing the whole file; one it reads by a
documented rule (an exactly repeated row imported once) records that too, so nothing changes
silently. The import goes on and prints `report(...)`; `--strict` (`Overrides.strict`) refuses
on the first problem instead (`refuse_first`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .raw import SourceError


@dataclass(frozen=True)
class Problem:
    """`kind` groups problems in the report ("unreadable date"), `message` says what is wrong
    and what the import did about it, `where` finds it: the file, the line where the format has
    lines, and the session's title (or id) when it has one."""

    kind: str
    message: str
    where: str


def where(source: str, line: int | None = None, title: str | None = None, unit: str = "line") -> str:
    """ "sessions.csv, line 12 ('Title')": the file, the line (or a sheet's row) and the title."""
    place = f"{source}, {unit} {line}" if line else source
    return f"{place} ({title!r})" if title else place


def report(problems: Sequence[Problem]) -> list[str]:
    """Lines for the console: a heading with the count, then each kind with its count and each
    problem of that kind once, in the order met."""
    if not problems:
        return []
    kinds: dict[str, list[Problem]] = {}
    for p in dict.fromkeys(problems):  # one problem said twice is said once
        kinds.setdefault(p.kind, []).append(p)
    total = sum(len(ps) for ps in kinds.values())
    lines = [f"{total} problem{'s' if total != 1 else ''} in the sources (--strict refuses on the first):"]
    for kind, ps in kinds.items():
        lines.append(f"  {kind} ({len(ps)}):")
        lines += [f"    {p.where}: {p.message}" for p in ps]
    return lines


def refuse_first(problems: Iterable[Problem]) -> None:
    """`--strict`: the first problem stops the import, nothing written."""
    for p in problems:
        raise SourceError(p.where, f"{p.kind}: {p.message}; --strict refuses the import")
