"""A re-import in the changes feed: what it changed for attendees, as entries marked
`"origin": "source"`, so a phone patches its copy instead of taking the schedule whole.

The schedule attendees saw just before an import and the one just after it both carry every
correction published so far (reimport.py), so a correction that still wins over the new data
yields no entry, and one the new data contradicts in another field yields only that field.
Both are rebuilt from the store (the import snapshots and the corrections), so every process
computes the same entries, whichever noticed the new file (`schedule import`, a follow loop,
a file copied by hand). Each process keeps those it worked out (webapp/serving/changes.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..domain import jsontext
from ..domain.serialize import schedule_from_dict, schedule_to_dict
from ..domain.timeutil import to_iso
from . import sourcediff
from .apply import Correction
from .reimport import reapply
from .store import Store


def source_changes(
    store: Store, version: int, corrections: Sequence[Correction]
) -> list[dict[str, Any]] | str:
    """The feed entries of the import at `version` (every stored correction in `corrections`),
    or why a phone older than it must take the schedule whole."""
    imported = dict(store.imported())
    previous = max((v for v in imported if v < version), default=None)
    if previous is None:
        return "it is the first import"
    before = _published_at(store, previous, version, corrections)
    after = _published_at(store, version, version, corrections)
    found = sourcediff.entries(before, after)
    if isinstance(found, str):
        return found
    at = to_iso(imported[version])
    return [{"version": version, "time": at, **entry} for entry in found]


def _published_at(store: Store, base: int, version: int, corrections: Sequence[Correction]) -> dict[str, Any]:
    """The schedule document as published just before `version`: the import at `base` with
    every correction older than `version` on top, as `published` builds it."""
    imported = schedule_from_dict(jsontext.loads(store.snapshot(base)))
    schedule, _ = reapply(imported, [c for c in corrections if c.version < version])
    return schedule_to_dict(schedule)
