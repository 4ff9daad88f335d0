"""`hallway schedule import SOURCE... [--out FILE]`, `schedule follow` and `schedule show`.

The importers read and merge (webapp/importers/cli.py); when the served schedule is written,
the served side records it and says what phones get and what became of each correction
(`reimport.report`); `follow --export DIR` exports after each change (`export.export_to`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from flask.cli import with_appcontext

from ..importers import cli as importing
from ..importers.follow import Follower, Plan
from ..importers.follow_state import Lead
from ..importers.sources import FORMATS
from ..importers.update import Imported
from ..serving import current_runtime
from ..serving.runtime import Runtime
from . import export, reimport
from .served import served_schedule

schedule_group = click.Group("schedule", help="Import and inspect the schedule.")


@schedule_group.command(
    "import", help=f"Merge SOURCE files or http(s):// URLs into one schedule. Formats: {FORMATS}."
)
@click.argument("sources", nargs=-1, required=True)
@click.option(
    "--out", type=click.Path(dir_okay=False, path_type=Path), help="Default: <DATA_DIR>/schedule.json."
)
@importing.import_options
@click.option("--dry-run", is_flag=True, help="Check and summarize; write nothing.")
@with_appcontext
def import_command(sources: tuple[str, ...], out: Path | None, dry_run: bool, **options: Any) -> None:
    rt = current_runtime()
    out = out or rt.schedule_path
    config = rt.config
    given = importing.overrides(options)
    imported = importing.import_sources(
        sources, given, out, dry_run, config["FETCH_TIMEOUT"], config["FETCH_MAX_BYTES"],
        config["IMPORT_MAX_SESSIONS"],
    )  # fmt: skip
    _written(rt, imported, out, "Would write" if dry_run else "Wrote", dry_run)


def _written(rt: Runtime, imported: Imported, out: Path, verb: str, dry_run: bool = False) -> None:
    importing.echo_written(imported, out, verb)
    if out.resolve() == rt.schedule_path.resolve():  # the served schedule
        reimport.report(rt, imported.schedule, dry_run)


@schedule_group.command(
    "follow",
    help="Import SOURCES again each time they change (conditional requests; an unchanged source costs "
    "one 304). Without SOURCES: the plan in HALLWAY_FOLLOW. A failure keeps the last good schedule.",
)
@click.argument("sources", nargs=-1)
@importing.import_options
@click.option("--interval", type=click.FloatRange(min=0, min_open=True), help="Seconds between checks "
              "[HALLWAY_FOLLOW_INTERVAL].")  # fmt: skip
@click.option("--once", is_flag=True, help="One check, then exit (1 when it failed).")
@click.option(
    "--cycles", type=click.IntRange(min=1), help="This many checks, then exit (1 when the last failed)."
)
@click.option(
    "--export",
    "export_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="After each change, export the static site into DIR (as `hallway export DIR`).",
)
@with_appcontext
def follow_command(
    sources: tuple[str, ...],
    interval: float | None,
    once: bool,
    cycles: int | None,
    export_dir: Path | None,
    **options: Any,
) -> None:
    rt = current_runtime()
    config = rt.config
    plan = (
        Plan(sources, importing.overrides(options))
        if sources
        else importing.configured_plan(config.get("FOLLOW"))
    )
    lead = Lead(rt.data_dir)
    if not lead.acquire():
        raise click.ClickException(
            f"process {lead.holder()} already follows sources into {rt.data_dir} (a server with "
            "HALLWAY_FOLLOW set, or another `schedule follow`); one follower per data directory"
        )
    timeout, max_bytes = config["FETCH_TIMEOUT"], config["FETCH_MAX_BYTES"]
    # --once is a check asked for by hand: it imports what it finds, however recent the last import.
    gap = 0.0 if once else config["FOLLOW_MIN_GAP"]
    follower = Follower(
        plan, rt.data_dir, rt.schedule_path, timeout, max_bytes, rt.now,
        min_gap=gap, max_sessions=config["IMPORT_MAX_SESSIONS"],
    )  # fmt: skip

    def changed(imported: Imported) -> None:
        _written(rt, imported, follower.out, "Changed: wrote")
        if export_dir is not None:
            _export(export_dir)

    try:
        importing.follow(follower, 1 if once else cycles, interval or config["FOLLOW_INTERVAL"], changed)
    except OSError as exc:  # a full or read-only disk: the last schedule written stays whole
        raise click.ClickException(
            f"{rt.data_dir}: cannot write the follower's files ({exc.strerror or exc}); "
            "the schedule served is unchanged"
        ) from None
    finally:
        lead.release()


def _export(directory: Path) -> None:
    """The static export after a change; a failure is said and tried again after the next one."""
    try:
        export.export_to(directory, public_url=None, precompress=False)
    except click.ClickException as exc:
        click.echo(f"error: the export to {directory} failed, it is tried again after the next change: "
                   f"{exc.format_message()}", err=True)  # fmt: skip


@schedule_group.command(
    "show", help="The schedule: event, days, rooms (with ids), then each session's id, time and room."
)
@click.option(
    "--file",
    "path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="A schedule.json to show. Default: the served one, with its corrections.",
)
@click.option("--day", help="Only this day (YYYY-MM-DD).")
@click.option("--room", "room_id", help="Only sessions in this room (its id).")
@click.option("--search", help="Only sessions whose title contains this text (any case).")
@click.option("--summary", is_flag=True, help="The summary only, no list of sessions.")
@with_appcontext
def show_command(
    path: Path | None, day: str | None, room_id: str | None, search: str | None, summary: bool
) -> None:
    schedule = served_schedule(current_runtime()) if path is None else importing.read_file(path)
    click.echo(importing.summary(schedule))
    if not summary:
        importing.show(schedule, day, room_id, search)
