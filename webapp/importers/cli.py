"""`hallway schedule import SOURCE... [--out FILE]`, `schedule follow` and `schedule show`.

Reading sources happens in `fetch`, writing the schedule in `update`; parsers never do either. Any problem
stops the import with a message naming the file (and line), and nothing is written.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import click
from flask import current_app
from flask.cli import with_appcontext

from ..domain.model import Schedule
from ..domain.serialize import ScheduleFormatError
from ..domain.storage import SCHEDULE_FILE, load_schedule
from ..domain.timeutil import local_date, zone
from .fetch import is_url, read_source, shown
from .follow import Follower, Plan, load_plan
from .follow_state import Lead
from .merge import Overrides
from .sources import FORMATS, parse_source
from .update import Imported, update_schedule, valid_language

schedule_group = click.Group("schedule", help="Import and inspect the schedule.")


def _default_path() -> Path:
    return Path(current_app.config["DATA_DIR"]) / SCHEDULE_FILE


def _import_options(command: Callable[..., None]) -> Callable[..., None]:
    """The options that say how sources become the event, shared by `import` and `follow`."""
    options = [
        click.option(
            "--timezone", help="IANA zone of the event (e.g. Europe/Paris) when the sources do not tell."
        ),
        click.option("--event-name", help="The event's name, when the sources do not say it."),
        click.option(
            "--language", help="The event's main language (e.g. en), for sessions no source gives one."
        ),
        click.option("--venue", help="The venue's name."),
        click.option("--city", help="The event's city."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _overrides(options: dict[str, str | None]) -> Overrides:
    language = options.get("language")
    if language is not None and not valid_language(language):
        raise click.BadParameter(
            f"{language!r} is not a language tag like en or pt-BR", param_hint="--language"
        )
    return Overrides(
        timezone=options.get("timezone"),
        event_name=options.get("event_name"),
        venue=options.get("venue"),
        city=options.get("city"),
        language=language.strip() if language else None,
    )


@schedule_group.command(
    "import", help=f"Merge SOURCE files or http(s):// URLs into one schedule. Formats: {FORMATS}."
)
@click.argument("sources", nargs=-1, required=True)
@click.option(
    "--out", type=click.Path(dir_okay=False, path_type=Path), help="Default: <DATA_DIR>/schedule.json."
)
@_import_options
@click.option("--dry-run", is_flag=True, help="Check and summarize; write nothing.")
@with_appcontext
def import_command(sources: tuple[str, ...], out: Path | None, dry_run: bool, **options: str | None) -> None:
    out = out or _default_path()
    overrides = _overrides(options)
    config = current_app.config
    try:
        pages = [
            parse_source(
                read_source(loc, timeout=config["FETCH_TIMEOUT"], max_bytes=config["FETCH_MAX_BYTES"]),
                shown(loc) if is_url(loc) else Path(loc).name,
                overrides.timezone,
            )
            for loc in sources
        ]
        imported = update_schedule(pages, overrides, out, dry_run=dry_run)
    except ValueError as exc:  # SourceError, FetchError, UpdateError: each names its file or URL
        raise click.ClickException(str(exc)) from exc
    for warning in imported.warnings:
        click.echo(f"warning: {warning}", err=True)
    _report(imported, out, "Would write" if dry_run else "Wrote", dry_run)


def _report(imported: Imported, out: Path, verb: str, dry_run: bool = False) -> None:
    schedule = imported.schedule
    counts = (
        f"{len(schedule.sessions)} sessions ({imported.kept} ids kept), {len(schedule.speakers)} speakers"
    )
    click.echo(f"{verb} {out}: {counts}.")
    click.echo(_summary(schedule))
    if out.resolve() == _default_path().resolve():
        # The served schedule: say what becomes of the corrections published on it (registered
        # by webapp/cli.py, so that importers need not know about corrections).
        for hook in current_app.extensions.get("hallway.after_import", ()):
            hook(schedule, dry_run)


@schedule_group.command(
    "follow",
    help="Import SOURCES again each time they change (conditional requests; an unchanged source costs "
    "one 304). Without SOURCES: the plan in HALLWAY_FOLLOW. A failure keeps the last good schedule.",
)
@click.argument("sources", nargs=-1)
@_import_options
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
    **options: str | None,
) -> None:
    config = current_app.config
    plan = Plan(sources, _overrides(options)) if sources else _configured_plan()
    data_dir, out = Path(config["DATA_DIR"]), _default_path()
    lead = Lead(data_dir)
    if not lead.acquire():
        raise click.ClickException(
            f"process {lead.holder()} already follows sources into {data_dir} (a server with "
            "HALLWAY_FOLLOW set, or another `schedule follow`); one follower per data directory"
        )
    follower = Follower(plan, data_dir, out, config["FETCH_TIMEOUT"], config["FETCH_MAX_BYTES"],
                        config.get("CLOCK") or (lambda: datetime.now(UTC)))  # fmt: skip
    try:
        _follow(follower, 1 if once else cycles, interval or config["FOLLOW_INTERVAL"], export_dir)
    finally:
        lead.release()


def _follow(follower: Follower, left: int | None, wait: float, export_dir: Path | None) -> None:
    """Cycles until `left` is used up (None: for ever); SystemExit(1) when the last one failed."""
    click.echo(f"following {', '.join(shown(s) for s in follower.plan.sources)} every {wait:g} s")
    while True:
        done = follower.cycle()
        if done.error:
            click.echo(f"error: {done.error}; the last good schedule is kept", err=True)
        elif done.imported is not None:
            _report(done.imported, follower.out, "Changed: wrote")
            if export_dir is not None:
                _export(export_dir)
        else:
            click.echo(f"unchanged ({done.requests} conditional request(s), nothing imported)")
        if left is not None:
            left -= 1
            if left == 0:
                if done.error:
                    raise SystemExit(1)
                return
        time.sleep(wait)  # the interval itself: nothing to wait for in between


def _configured_plan() -> Plan:
    path = current_app.config.get("FOLLOW")
    if not path:
        raise click.UsageError("give SOURCES, or set HALLWAY_FOLLOW to a follow plan (a JSON file)")
    try:
        return load_plan(Path(path))
    except ValueError as exc:
        raise click.ClickException(f"HALLWAY_FOLLOW: {exc}") from None


def _export(directory: Path) -> None:
    """The static export after a change (registered by webapp/cli.py: importers sit below it)."""
    command = current_app.extensions["hallway.export"]
    try:
        click.get_current_context().invoke(command, directory=directory, public_url=None, precompress=False)
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
    if path is None:
        schedule = current_app.extensions["hallway.served_schedule"]()  # registered by webapp/cli.py
    else:
        try:
            schedule = load_schedule(path)
        except FileNotFoundError:
            raise click.ClickException(f"{path}: no such file") from None
        except (ScheduleFormatError, OSError) as exc:
            raise click.ClickException(
                f"{exc} (`schedule show --file` reads a Hallway schedule.json; "
                "to read a source, use `schedule import --dry-run SOURCE`)"
            ) from None
    click.echo(_summary(schedule))
    if summary:
        return
    if room_id is not None and schedule.room(room_id) is None:
        raise click.ClickException(
            f"unknown room {room_id!r} (rooms: {', '.join(r.id for r in schedule.rooms)})"
        )
    tz = schedule.event.timezone
    chosen = [
        s
        for s in schedule.sessions
        if (day is None or local_date(s.start, tz).isoformat() == day)
        and (room_id is None or s.room == room_id)
        and (search is None or search.casefold() in s.title.casefold())
    ]
    click.echo(f"\n{len(chosen)} session(s), times in {tz}:")
    for s in sorted(chosen, key=lambda s: (s.start, s.room or "", s.id)):
        start, end = s.start.astimezone(zone(tz)), s.end.astimezone(zone(tz))
        when = f"{start:%a %Y-%m-%d %H:%M}-{end:%H:%M}"
        cancelled = " [cancelled]" if s.status != "confirmed" else ""
        click.echo(f"{s.id}  {when}  {s.room or '-'}  {s.title}{cancelled}")


def _summary(schedule: Schedule) -> str:
    ev = schedule.event
    per_room = Counter(s.room for s in schedule.sessions)
    per_track = Counter(s.track for s in schedule.sessions)
    lines = [
        f"{ev.name} ({ev.id}), {', '.join(filter(None, [ev.venue, ev.city]))} [{ev.timezone}]",
        f"days: {', '.join(d.isoformat() for d in ev.days)}",
        f"sessions: {len(schedule.sessions)}, speakers: {len(schedule.speakers)}",
        "rooms: " + ", ".join(f"{r.name} [{r.id}] ({per_room[r.id]})" for r in schedule.rooms),
        "tracks: " + ", ".join(f"{t.name} ({per_track[t.id]})" for t in schedule.tracks),
        f"no track: {per_track[None]}, no level: {sum(s.level is None for s in schedule.sessions)}",
    ]
    return "\n".join(lines)
