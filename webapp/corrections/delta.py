"""A re-import in the changes feed: what it changed for attendees, as entries marked
`"origin": "source"`, so a phone patches its copy instead of taking the schedule whole.

The schedule attendees saw just before an import and the one just after it both carry every
correction published so far (reimport.py), so a correction that still wins over the new data
yields no entry, and one the new data contradicts in another field yields only that field.
Both are rebuilt from the store (the import snapshots and the corrections), so every process
computes the same entries, whichever noticed the new file (`schedule import`, a follow loop,
a file copied by hand); each import's are worked out once per process and kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click
from flask import Flask, current_app

from ..domain import jsontext
from ..domain.model import Schedule
from ..domain.serialize import schedule_from_dict, schedule_to_dict
from ..domain.timeutil import to_iso
from . import sourcediff
from .apply import Correction
from .published import schedule_path, store_for, sync_import
from .reimport import reapply
from .store import STORE_FILE, Store

KEPT = 16  # imports whose entries a process keeps (each is a few KB)


def source_changes(
    app: Flask, store: Store, version: int, corrections: Sequence[Correction]
) -> list[dict[str, Any]] | str:
    """The feed entries of the import at `version` (every stored correction in `corrections`),
    or why a phone older than it must take the schedule whole."""
    kept: dict[tuple[str, int, str | None], list[dict[str, Any]] | str] = app.extensions.setdefault(
        "hallway.source_changes", {}
    )
    # The stamp: a restored backup may reuse an import's version for another import.
    key = (store.head().store_id, version, store.stamp_of(version))
    if key not in kept:
        if len(kept) >= KEPT:
            kept.pop(next(iter(kept)))
        kept[key] = _work_out(store, version, corrections)
    return kept[key]


def _work_out(store: Store, version: int, corrections: Sequence[Correction]) -> list[dict[str, Any]] | str:
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


def report(schedule: Schedule, dry_run: bool) -> None:
    """After `schedule import` into the served file: say how phones get the new schedule."""
    app = current_app
    if dry_run or not (schedule_path(app).parent / STORE_FILE).exists():
        return  # nothing recorded (a dry run), or no server ever served this data directory
    version = sync_import(app)
    if version is None:
        click.echo("Phones have nothing new to fetch: the served schedule did not change.")
        return
    store = store_for(app)
    found = source_changes(app, store, version, store.corrections())
    if isinstance(found, str):
        click.echo(f"Phones take version {version} whole: {found}.")
        return
    click.echo(f"Phones get version {version} as {len(found)} change(s) from /api/v1/changes:")
    for entry in found:
        what = entry["session"] or entry.get("id") or entry.get("list")
        fields = ", ".join(entry["after"]) if entry["kind"] in ("update", "room", "track", "speaker") else ""
        click.echo(f"  {entry['kind']} {what}" + (f": {fields}" if fields and entry["before"] else ""))
