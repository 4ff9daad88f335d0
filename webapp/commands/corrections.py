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
from typing import Any

import click
from flask.cli import with_appcontext

from ..corrections.apply import Correction, CorrectionError, describe
from ..corrections.clashes import ClashError
from ..corrections.reimport import reapply
from ..corrections.store import Damaged, sorted_out
from ..domain import jsontext
from ..domain.model import Schedule
from ..domain.serialize import schedule_from_dict
from ..serving import current_runtime, writes
from ..serving.failures import STORE_ERRORS
from ..serving.published import published
from .served import served_schedule, unreadable

corrections_group = click.Group("corrections", help="Publish, list and revert schedule corrections.")


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
    rt = current_runtime()
    served_schedule(rt)
    try:
        correction = writes.publish(rt, {**body, "force": True} if force else body, by)
    except CorrectionError as exc:
        raise click.ClickException(f"refused, nothing changed: {exc}") from None
    except ClashError as exc:
        raise click.ClickException(f"refused, nothing changed: {exc} (--force publishes it anyway)") from None
    except STORE_ERRORS as exc:
        raise unreadable(rt, exc) from None
    _echo(correction)


def _echo(correction: Correction, schedule: Schedule | None = None) -> None:
    line = describe(correction.change, schedule or published(current_runtime()).schedule)
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
    rt = current_runtime()
    schedule = served_schedule(rt)
    try:
        rows = rt.store.rows()
    except STORE_ERRORS as exc:
        raise unreadable(rt, exc) from None
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
    rt = current_runtime()
    served_schedule(rt)
    try:
        stored = writes.set_aside(rt, version, note, by)
    except STORE_ERRORS as exc:
        raise unreadable(rt, exc) from None
    if stored is None:
        raise click.ClickException(f"version {version} is not a damaged correction; nothing changed")
    click.echo(f"v{stored.version} set aside v{version}: the schedule is served without it")


def _as_they_were(corrections: list[Correction]) -> dict[int, Schedule]:
    """Version -> the schedule just before that correction (its import, with the corrections
    before it), so that it is described under the title its session had then."""
    store = current_runtime().store
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
