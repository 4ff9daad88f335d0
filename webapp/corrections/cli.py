"""`flask --app webapp corrections add|list|revert`: the organizers' command line.

    flask --app webapp corrections add move s1a2b3 room=side note="moved to the larger room"
    flask --app webapp corrections add retime s1a2b3 start=2026-04-07T10:00:00+02:00
    flask --app webapp corrections add edit s1a2b3 title="New title" speakers:='["ada-lovelace"]'
    flask --app webapp corrections add add title="Lunch talk" start=... end=... room=main
    flask --app webapp corrections add room_status ROOM status=full [--note "standing room only"]
    flask --app webapp corrections add announce text="Lunch is in Hall B today" [room=ROOM]
    flask --app webapp corrections list [--since N] [--json]
    flask --app webapp corrections revert 7 [--note "back to the old room"]

`FIELD=TEXT` sets a text field, `FIELD:=JSON` a JSON value (lists, true/false, null).
"""

from __future__ import annotations

import json
from typing import Any

import click
from flask import current_app
from flask.cli import with_appcontext

from .apply import Correction, CorrectionError, describe
from .clashes import ClashError
from .published import publish, published, store_for, sync_import

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
                body[name[:-1]] = json.loads(value)
            except ValueError as exc:
                raise click.UsageError(f"{arg!r}: not JSON ({exc})") from None
        else:
            body[name] = value
    if note is not None:
        body["note"] = note
    return body


BY_HELP = "Organizer name recorded with the correction (default: cli)."


def _publish(body: dict[str, Any], by: str, force: bool = False) -> None:
    try:
        correction = publish(current_app, {**body, "force": True} if force else body, by)
    except CorrectionError as exc:
        raise click.ClickException(f"refused, nothing changed: {exc}") from None
    except ClashError as exc:
        raise click.ClickException(f"refused, nothing changed: {exc} (--force publishes it anyway)") from None
    _echo(correction)


def _echo(correction: Correction) -> None:
    line = describe(correction.change, published(current_app).schedule)
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
    """List published corrections, oldest first."""
    sync_import(current_app)
    for correction in store_for(current_app).corrections():
        if correction.version <= since:
            continue
        if as_json:
            click.echo(json.dumps(correction.to_dict(), ensure_ascii=False))
        else:
            click.echo(f"{correction.time.isoformat(timespec='seconds')} ", nl=False)
            _echo(correction)
