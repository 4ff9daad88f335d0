"""The importers' side of `hallway schedule import|follow|show` (the commands themselves are in
webapp/commands/schedule.py, which also says what the served side makes of an import).

Reading sources happens in `fetch`, writing the schedule in `update`; parsers never do either. Any
problem stops the import with a message naming the file (and line), and nothing is written.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from ..domain.model import Schedule
from ..domain.serialize import ScheduleFormatError
from ..domain.storage import load_schedule
from ..domain.timeutil import local_date, zone
from .discover import read_schedule
from .fetch import shown, source_names
from .follow import Follower, Plan, load_plan
from .limits import refuse_long_csv, refuse_over
from .merge import Overrides
from .problems import report
from .sheet_columns import FIELDS, parse_given
from .sources import parse_source
from .update import Imported, update_schedule, valid_language


def import_options(command: Callable[..., None]) -> Callable[..., None]:
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
        click.option(
            "--strict",
            is_flag=True,
            help="Refuse the import on the first row a source cannot read (by default it is set aside "
            "and reported, and the rest imports).",
        ),
        click.option(
            "--column",
            "columns",
            multiple=True,
            metavar="FIELD=HEADER",
            help="A spreadsheet's column by its header, where its name is not recognized "
            f"(e.g. start=Begin; fields: {', '.join(FIELDS)}). Repeatable.",
        ),
        click.option(
            "--date-format",
            type=click.Choice(["day-first", "month-first"]),
            help="How a spreadsheet's dates like 03/04/2026 read, when no date in it is past the 12th.",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def overrides(options: dict[str, Any]) -> Overrides:
    language = options.get("language")
    try:
        columns = parse_given(options.get("columns") or ())
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--column") from None
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
        strict=bool(options.get("strict")),
        columns=columns,
        date_format=options.get("date_format"),
    )


def import_sources(
    sources: tuple[str, ...],
    given: Overrides,
    out: Path,
    dry_run: bool,
    timeout: float,
    max_bytes: int,
    max_sessions: int = 0,
) -> Imported:
    """Read, parse and merge `sources` into `out` (nothing written on a dry run), its warnings
    said; a ClickException naming the file or URL that failed, and nothing written."""
    sources = tuple(dict.fromkeys(sources))  # one given twice is read once, not merged with itself
    names = source_names(sources)
    try:
        bodies = [read_schedule(loc, timeout=timeout, max_bytes=max_bytes, say=_said) for loc in sources]
        refuse_long_csv(bodies, names, max_sessions)  # before a million rows are parsed
        pages = [
            parse_source(body, name, given.timezone, given) for body, name in zip(bodies, names, strict=True)
        ]
        refuse_over(pages, names, max_sessions)
        imported = update_schedule(pages, given, out, dry_run=dry_run)
    except ValueError as exc:  # SourceError, FetchError, UpdateError: each names its file or URL
        raise click.ClickException(str(exc)) from exc
    for warning in imported.warnings:
        click.echo(f"warning: {warning}", err=True)
    for line in report(imported.problems):
        click.echo(line, err=True)
    return imported


def _said(note: str) -> None:
    click.echo(note, err=True)


def echo_written(imported: Imported, out: Path, verb: str) -> None:
    schedule = imported.schedule
    counts = (
        f"{len(schedule.sessions)} sessions ({imported.kept} ids kept), {len(schedule.speakers)} speakers"
    )
    click.echo(f"{verb} {out}: {counts}.")
    click.echo(summary(schedule))


def configured_plan(path: str | None) -> Plan:
    if not path:
        raise click.UsageError("give SOURCES, or set HALLWAY_FOLLOW to a follow plan (a JSON file)")
    try:
        return load_plan(Path(path))
    except ValueError as exc:
        raise click.ClickException(f"HALLWAY_FOLLOW: {exc}") from None


def follow(follower: Follower, left: int | None, wait: float, changed: Callable[[Imported], None]) -> None:
    """Cycles until `left` is used up (None: for ever), `changed` told of each new import;
    SystemExit(1) when the last one failed."""
    click.echo(f"following {', '.join(shown(s) for s in follower.plan.sources)} every {wait:g} s")
    while True:
        done = follower.cycle()
        for note in done.notes:
            click.echo(note, err=True)
        if done.error:
            click.echo(f"error: {done.error}; the last good schedule is kept", err=True)
        elif done.imported is not None:
            changed(done.imported)
            for line in report(done.imported.problems):
                click.echo(line, err=True)
        else:
            click.echo(f"unchanged ({done.requests} conditional request(s), nothing imported)")
        if left is not None:
            left -= 1
            if left == 0:
                if done.error:
                    raise SystemExit(1)
                return
        time.sleep(wait)  # the interval itself: nothing to wait for in between


def read_file(path: Path) -> Schedule:
    """A Hallway schedule.json for `schedule show --file`."""
    try:
        return load_schedule(path)
    except FileNotFoundError:
        raise click.ClickException(f"{path}: no such file") from None
    except (ScheduleFormatError, OSError) as exc:
        raise click.ClickException(
            f"{exc} (`schedule show --file` reads a Hallway schedule.json; "
            "to read a source, use `schedule import --dry-run SOURCE`)"
        ) from None


def show(schedule: Schedule, day: str | None, room_id: str | None, search: str | None) -> None:
    """Each chosen session's id, time and room, in the event's zone."""
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


def summary(schedule: Schedule) -> str:
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
