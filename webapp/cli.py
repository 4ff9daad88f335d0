"""The command line: `hallway schedule import ...` (or `.venv/bin/flask --app webapp ...`)."""

from __future__ import annotations

from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import with_appcontext


def main() -> None:
    """The `hallway` console script: Flask's command line with the app already chosen, so that
    commands work as written without an activated virtualenv or `--app`."""
    from flask.cli import FlaskGroup

    from . import create_app

    FlaskGroup(
        create_app=create_app,
        help="Hallway: import, correct, check and serve a schedule.",
    ).main(prog_name="hallway")


@click.command("build", help="Build the static files (bundle, minify, hash, compress) into build/static/.")
@with_appcontext
def build_command() -> None:
    # Imported here: the app every command creates must not load the bundler (tree-sitter).
    from .web import build, mangle

    try:
        target, made = build.ensure(Path(current_app.config["STATIC_DIR"]))
    except (ValueError, OSError, mangle.MinifierFailed) as exc:  # a module refused (file, line), a full disk
        raise click.ClickException(str(exc)) from None
    click.echo(f"built {target}" if made else f"already built: {target}")
    click.echo(f"scripts minified by {mangle.identity()}")


def init_app(app: Flask) -> None:
    """Every command under `hallway`: each is written above the packages it drives
    (webapp/commands/), so none reaches another through the app."""
    from .commands.corrections import corrections_group
    from .commands.export import export_command
    from .commands.push import push_group
    from .commands.schedule import schedule_group
    from .commands.venue import venue_group

    for command in (
        build_command,
        schedule_group,
        corrections_group,
        venue_group,
        export_command,
        push_group,
    ):
        app.cli.add_command(command)


if __name__ == "__main__":
    main()
