"""After `schedule import` (or a follow cycle) wrote the served schedule: how phones get it, then
what became of each correction published on the old one (its last word: it stays on top)."""

from __future__ import annotations

import click

from ..corrections.reimport import CONTRADICTED
from ..corrections.store import STORE_FILE
from ..domain.model import Schedule
from ..serving.changes import import_changes
from ..serving.imports import reimport_findings, sync_import
from ..serving.runtime import Runtime


def report(rt: Runtime, schedule: Schedule, dry_run: bool) -> None:
    if not (rt.data_dir / STORE_FILE).exists():
        return  # no server ever served this data directory, nothing was ever published here
    if not dry_run:
        _phones(rt)
    _corrections(rt, schedule, dry_run)


def _phones(rt: Runtime) -> None:
    """Record the import now, so the feed's version moves at once, and say how phones get it."""
    version = sync_import(rt)
    if version is None:
        click.echo("Phones have nothing new to fetch: the served schedule did not change.")
        return
    found = import_changes(rt, version)
    if isinstance(found, str):
        click.echo(f"Phones take version {version} whole: {found}.")
        return
    click.echo(f"Phones get version {version} as {len(found)} change(s) from /api/v1/changes:")
    for entry in found:
        what = entry["session"] or entry.get("id") or entry.get("list")
        fields = ", ".join(entry["after"]) if entry["kind"] in ("update", "room", "track", "speaker") else ""
        click.echo(f"  {entry['kind']} {what}" + (f": {fields}" if fields and entry["before"] else ""))


def _corrections(rt: Runtime, schedule: Schedule, dry_run: bool) -> None:
    """Every correction stays on top of the new schedule; name those it already contains
    (redundant) and those it contradicts, for the organizer to keep or revert."""
    corrections = [c for c in rt.store.corrections() if c.change.session is not None]
    if not corrections:
        return
    findings = reimport_findings(rt, schedule)
    verb = "would stay" if dry_run else "stay"
    click.echo(f"{len(corrections)} correction(s) {verb} on top of this import", nl=False)
    if not findings:
        click.echo("; the new data neither contains nor contradicts any of them.")
        return
    click.echo(":")
    for f in findings:
        c = f.correction
        click.echo(f"  v{c.version} {c.change.kind} {c.change.session}: {f.status}: {f.reason}")
    contradicted = [f.correction.version for f in findings if f.status == CONTRADICTED]
    click.echo(
        "Each is kept; `corrections revert VERSION` undoes one"
        + (f" (contradicted: {', '.join(f'v{v}' for v in contradicted)})." if contradicted else ".")
    )
