"""`hallway corrections add|list|revert`: the organizers' command line (docs/corrections.md).

    hallway corrections add move SESSION room=ROOM --note "moved to the larger room" [--force]
    hallway corrections add retime SESSION start=2026-04-07T10:00:00+02:00   # keeps the length
    hallway corrections add edit SESSION title="New title" speakers:='["ada-lovelace"]'
    hallway corrections add add title="Lunch talk" start=... end=... room=ROOM
    hallway corrections add room_status ROOM status=full [--note "standing room only"]
    hallway corrections add announce text="Lunch is in Hall B today" [room=ROOM]
    hallway corrections list [--since N] [--json]
    hallway corrections revert 7 [--note "back to the old room"]

`FIELD=TEXT` sets a text field, `FIELD:=JSON` a JSON value (lists, true/false, null).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from flask import current_app
from flask.cli import with_appcontext

from ..domain import jsontext
from ..domain.model import Schedule
from ..domain.serialize import ScheduleFormatError, schedule_from_dict
from ..domain.storage import SCHEDULE_FILE
from .apply import Change, Correction, CorrectionError, describe
from .clashes import ClashError
from .database import describe as describe_error
from .published import (
    STORE_ERRORS,
    StoreUnavailable,
    current_damaged,
    publish,
    published,
    reimport_findings,
    store_for,
    sync_import,
)
from .reimport import CONTRADICTED, reapply
from .store import SET_ASIDE, STORE_FILE, Damaged, sorted_out

corrections_group = click.Group("corrections", help="Publish, list and revert schedule corrections.")
NO_SCHEDULE = "no schedule imported yet; run `hallway schedule import SOURCE...` first (docs/importing.md)"


def served_schedule() -> Schedule:
    """The schedule being served, or a ClickException that says what to do (exit 1, no
    traceback): for every command that reads it. A data directory that does not exist is
    refused rather than created empty: it is most likely a mistyped HALLWAY_DATA_DIR."""
    data_dir = Path(current_app.config["DATA_DIR"])
    if not data_dir.is_dir():
        raise click.ClickException(
            f"the data directory {data_dir} does not exist: check HALLWAY_DATA_DIR, or import a "
            "schedule into it with `hallway schedule import SOURCE...`"
        )
    if not (data_dir / SCHEDULE_FILE).exists() and not (data_dir / STORE_FILE).exists():
        raise click.ClickException(f"{NO_SCHEDULE} (nothing in {data_dir})")
    try:
        return published(current_app).schedule
    except ScheduleFormatError as exc:
        raise click.ClickException(f"{NO_SCHEDULE} ({exc})") from None
    except (*STORE_ERRORS, StoreUnavailable) as exc:
        raise _unreadable(exc) from None


def parse_args(kind: str, args: tuple[str, ...], note: str | None) -> dict[str, Any]:
    body: dict[str, Any] = {"kind": kind}
    # The one bare argument names what is corrected: a room for room_status, else a session.
    bare = "room" if kind == "room_status" else "session"
    for arg in args:
        name, sep, value = arg.partition("=")
        if not sep:
            if bare in body:
                raise click.UsageError(f"{arg!r}: expected FIELD=TEXT or FIELD:=JSON")
            body[bare] = arg
        elif name.endswith(":"):
            try:
                body[name[:-1]] = jsontext.loads(value)
            except ValueError as exc:
                raise click.UsageError(f"{arg!r}: not JSON ({exc})") from None
        else:
            body[name] = value
    if note is not None:
        body["note"] = note
    return body


BY_HELP = "Organizer name recorded with the correction (default: cli)."


def _publish(body: dict[str, Any], by: str, force: bool = False) -> None:
    served_schedule()
    try:
        correction = publish(current_app, {**body, "force": True} if force else body, by)
    except CorrectionError as exc:
        raise click.ClickException(f"refused, nothing changed: {exc}") from None
    except ClashError as exc:
        raise click.ClickException(f"refused, nothing changed: {exc} (--force publishes it anyway)") from None
    except STORE_ERRORS as exc:
        raise _unreadable(exc) from None
    _echo(correction)


def _unreadable(exc: BaseException) -> click.ClickException:
    path = store_for(current_app).path
    return click.ClickException(f"{path}: cannot read or write the corrections store ({describe_error(exc)})")


def _echo(correction: Correction, schedule: Schedule | None = None) -> None:
    line = describe(correction.change, schedule or published(current_app).schedule)
    by = f" [by {correction.by}]" if correction.by else ""
    click.echo(f"v{correction.version} {correction.change.kind}: {line}{by}")


@corrections_group.command("add")
@click.argument("kind")
@click.argument("args", nargs=-1)
@click.option("--note", help="Shown to attendees, e.g. 'moved to the larger room'.")
@click.option("--by", default="cli", show_default=True, help=BY_HELP)
@click.option("--force", is_flag=True, help="Publish even if it double-books a room or a speaker, etc.")
@with_appcontext
def add_command(kind: str, args: tuple[str, ...], note: str | None, by: str, force: bool) -> None:
    """Publish a correction: KIND [SESSION] [FIELD=TEXT | FIELD:=JSON]..."""
    _publish(parse_args(kind, args, note), by, force)


@corrections_group.command("revert")
@click.argument("version", type=int)
@click.option("--note", help="Shown to attendees.")
@click.option("--by", default="cli", show_default=True, help=BY_HELP)
@click.option("--force", is_flag=True, help="Publish even if it clashes.")
@with_appcontext
def revert_command(version: int, note: str | None, by: str, force: bool) -> None:
    """Publish a correction that restores what version VERSION changed."""
    _publish({"kind": "revert", "reverts": version, **({"note": note} if note else {})}, by, force)


@corrections_group.command("list")
@click.option("--since", type=int, default=0, help="Only corrections after this version.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per line, as in the feed.")
@with_appcontext
def list_command(since: int, as_json: bool) -> None:
    """List published corrections, oldest first, each under the session's title at the time."""
    schedule = served_schedule()
    try:
        rows = store_for(current_app).rows()
    except STORE_ERRORS as exc:
        raise _unreadable(exc) from None
    corrections, damaged = sorted_out(rows)
    aside = {r.version for r in rows} - {c.version for c in corrections} - {d.version for d in damaged}
    titled = {} if as_json else _as_they_were(corrections)
    for row in rows:
        if row.version <= since:
            continue
        if isinstance(row, Damaged) or row.version in aside:
            what = "set aside" if row.version in aside else "DAMAGED, left out"
            reason = row.reason if isinstance(row, Damaged) else "set aside"
            if as_json:
                click.echo(json.dumps({"version": row.version, "damaged": reason}))
            else:
                hint = (
                    "" if row.version in aside else f"; `hallway corrections set-aside {row.version}` repairs"
                )
                click.echo(f"v{row.version} {what}: {reason}{hint}")
        elif as_json:
            click.echo(json.dumps(row.to_dict(), ensure_ascii=False))
        else:
            click.echo(f"{row.time.isoformat(timespec='seconds')} ", nl=False)
            try:
                _echo(row, titled.get(row.version, schedule))
            except (ValueError, TypeError, KeyError, AttributeError) as exc:  # reads, but does not apply
                click.echo(f"v{row.version} {row.change.kind}: DAMAGED, left out ({exc})")


@corrections_group.command("set-aside")
@click.argument("version", type=int)
@click.option("--note", help="Why, for the other organizers.")
@click.option("--by", default="cli", show_default=True, help=BY_HELP)
@with_appcontext
def set_aside_command(version: int, note: str | None, by: str) -> None:
    """Set a damaged stored correction aside: the schedule is served without it and writes work
    again. Itself a correction: `corrections revert` of it brings the row back."""
    served_schedule()
    store = store_for(current_app)
    try:
        damaged = {d.version: d for d in current_damaged(current_app)}
        if version not in damaged:
            raise click.ClickException(f"version {version} is not a damaged correction; nothing changed")
        change = Change(SET_ASIDE, None, {}, {"reason": damaged[version].reason}, note, reverts=version)
        stored = store.append(lambda: change, by)
    except STORE_ERRORS as exc:
        raise _unreadable(exc) from None
    click.echo(f"v{stored.version} set aside v{version}: the schedule is served without it")


def _as_they_were(corrections: list[Correction]) -> dict[int, Schedule]:
    """Version -> the schedule just before that correction (its import, with the corrections
    before it), so that it is described under the title its session had then."""
    store = store_for(current_app)
    imports = store.imports()
    out: dict[int, Schedule] = {}
    schedule, base, done = None, None, []
    for c in corrections:
        newest = max((v for v in imports if v < c.version), default=None)
        if newest is None:
            continue
        if newest != base:
            base = newest
            schedule, _ = reapply(schedule_from_dict(jsontext.loads(store.snapshot(newest))), done)
        out[c.version] = schedule
        schedule, _ = reapply(schedule, [c])
        done.append(c)
    return out


def report_reimport(schedule: Schedule, dry_run: bool) -> None:
    """After `schedule import`: every correction stays on top of the new schedule; name those it
    already contains (redundant) and those it contradicts, for the organizer to keep or revert."""
    if not (Path(current_app.config["DATA_DIR"]) / STORE_FILE).exists():
        return  # nothing was ever published here
    corrections = [c for c in store_for(current_app).corrections() if c.change.session is not None]
    if not corrections:
        return
    findings = reimport_findings(current_app, schedule)
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
    if not dry_run:
        sync_import(current_app)  # record the import now, so the feed's version moves at once
