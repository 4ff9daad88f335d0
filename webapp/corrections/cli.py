"""`flask --app webapp corrections add|list|revert`: the organizers' command line.

    flask --app webapp corrections add move s1a2b3 room=side note="moved to the larger room"
    flask --app webapp corrections add retime s1a2b3 start=2026-04-07T10:00:00+02:00
    flask --app webapp corrections add edit s1a2b3 title="New title" speakers:='["ada-lovelace"]'
    flask --app webapp corrections add add title="Lunch talk" start=... end=... room=main
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

from ..domain import jsontext
from .apply import Correction, CorrectionError, describe
from .published import STORE_ERRORS, publish, published, store_for, sync_import

corrections_group = click.Group("corrections", help="Publish, list and revert schedule corrections.")


def parse_args(kind: str, args: tuple[str, ...], note: str | None) -> dict[str, Any]:
    body: dict[str, Any] = {"kind": kind}
    for arg in args:
        name, sep, value = arg.partition("=")
        if not sep:
            if "session" in body:
                raise click.UsageError(f"{arg!r}: expected FIELD=TEXT or FIELD:=JSON")
            body["session"] = arg
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


def _publish(body: dict[str, Any]) -> None:
    try:
        correction = publish(current_app, body)
    except CorrectionError as exc:
        raise click.ClickException(f"refused, nothing changed: {exc}") from None
    except STORE_ERRORS as exc:
        raise _unreadable(exc) from None
    _echo(correction)


def _unreadable(exc: BaseException) -> click.ClickException:
    path = store_for(current_app).path
    return click.ClickException(
        f"{path}: cannot read or write the corrections store ({type(exc).__name__}: {exc})"
    )


def _echo(correction: Correction) -> None:
    line = describe(correction.change, published(current_app).schedule)
    click.echo(f"v{correction.version} {correction.change.kind}: {line}")


@corrections_group.command("add")
@click.argument("kind")
@click.argument("args", nargs=-1)
@click.option("--note", help="Shown to attendees, e.g. 'moved to the larger room'.")
@with_appcontext
def add_command(kind: str, args: tuple[str, ...], note: str | None) -> None:
    """Publish a correction: KIND [SESSION] [FIELD=TEXT | FIELD:=JSON]..."""
    _publish(parse_args(kind, args, note))


@corrections_group.command("revert")
@click.argument("version", type=int)
@click.option("--note", help="Shown to attendees.")
@with_appcontext
def revert_command(version: int, note: str | None) -> None:
    """Publish a correction that restores what version VERSION changed."""
    _publish({"kind": "revert", "reverts": version, **({"note": note} if note else {})})


@corrections_group.command("list")
@click.option("--since", type=int, default=0, help="Only corrections after this version.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per line, as in the feed.")
@with_appcontext
def list_command(since: int, as_json: bool) -> None:
    """List published corrections, oldest first."""
    try:
        sync_import(current_app)
        corrections = store_for(current_app).corrections()
    except STORE_ERRORS as exc:
        raise _unreadable(exc) from None
    for correction in corrections:
        if correction.version <= since:
            continue
        if as_json:
            click.echo(json.dumps(correction.to_dict(), ensure_ascii=False))
        else:
            click.echo(f"{correction.time.isoformat(timespec='seconds')} ", nl=False)
            _echo(correction)
