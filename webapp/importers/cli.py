"""`hallway schedule import SOURCE... [--out FILE]` and `schedule show`.

Reading and writing files happens here and nowhere else in the importers. Any problem
stops the import with a message naming the file (and line), and nothing is written.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import click
from flask import current_app
from flask.cli import with_appcontext

from ..domain.model import Schedule
from ..domain.serialize import ScheduleFormatError
from ..domain.storage import SCHEDULE_FILE, load_schedule, save_schedule
from ..domain.timeutil import local_date, zone
from .merge import Overrides, merge
from .sources import FORMATS, parse_source

schedule_group = click.Group("schedule", help="Import and inspect the schedule.")


def _default_path() -> Path:
    return Path(current_app.config["DATA_DIR"]) / SCHEDULE_FILE


@schedule_group.command("import", help=f"Merge SOURCE files into one schedule. Formats: {FORMATS}.")
@click.argument("sources", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--out", type=click.Path(dir_okay=False, path_type=Path), help="Default: <DATA_DIR>/schedule.json."
)
@click.option("--timezone", help="IANA zone of the event (e.g. Europe/Paris) when the sources do not tell.")
@click.option("--event-name", help="The event's name, when the sources do not say it.")
@click.option("--language", help="The event's main language (e.g. en), for sessions no source gives one.")
@click.option("--venue", help="The venue's name.")
@click.option("--city", help="The event's city.")
@click.option("--dry-run", is_flag=True, help="Check and summarize; write nothing.")
@with_appcontext
def import_command(
    sources: tuple[Path, ...],
    out: Path | None,
    timezone: str | None,
    event_name: str | None,
    language: str | None,
    venue: str | None,
    city: str | None,
    dry_run: bool,
) -> None:
    out = out or _default_path()
    try:
        previous = load_schedule(out) if out.exists() else None
    except (ScheduleFormatError, OSError) as exc:
        raise click.ClickException(
            f"cannot read the previous schedule, whose ids must be kept: {exc}"
        ) from exc
    try:
        pages = [parse_source(_read(path), str(path.name), timezone) for path in sources]
        overrides = Overrides(
            timezone=timezone, event_name=event_name, venue=venue, city=city, language=_language(language)
        )
        schedule, warnings = merge(pages, overrides, previous)
        for warning in warnings:
            click.echo(f"warning: {warning}", err=True)
        if not dry_run:
            save_schedule(out, schedule)
    except ValueError as exc:  # SourceError included: it names the file and line
        raise click.ClickException(str(exc)) from exc
    except OSError as exc:  # a read-only or full disk: the write is atomic, the old file is kept
        raise click.ClickException(
            f"{out}: cannot write, the previous schedule is unchanged: {exc.strerror or exc}"
        ) from exc
    kept = len({s.id for s in schedule.sessions} & {s.id for s in previous.sessions}) if previous else 0
    verb = "Would write" if dry_run else "Wrote"
    counts = f"{len(schedule.sessions)} sessions ({kept} ids kept), {len(schedule.speakers)} speakers"
    click.echo(f"{verb} {out}: {counts}.")
    click.echo(_summary(schedule))
    if out.resolve() == _default_path().resolve():
        # The served schedule: say what becomes of the corrections published on it (registered
        # by webapp/cli.py, so that importers need not know about corrections).
        for hook in current_app.extensions.get("hallway.after_import", ()):
            hook(schedule, dry_run)


def _language(value: str | None) -> str | None:
    if value is not None and not re.fullmatch(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*", value.strip()):
        raise click.BadParameter(f"{value!r} is not a language tag like en or pt-BR", param_hint="--language")
    return value.strip() if value else None


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise click.ClickException(f"{path}: cannot read: {exc.strerror or exc}") from exc


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
