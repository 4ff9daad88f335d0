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
    from .web import build

    try:
        target, made = build.ensure(Path(current_app.config["STATIC_DIR"]))
    except (ValueError, OSError) as exc:  # a module the bundler refuses (file and line), a full disk
        raise click.ClickException(str(exc)) from None
    click.echo(f"built {target}" if made else f"already built: {target}")


def init_app(app: Flask) -> None:
    app.cli.add_command(build_command)
    from .importers import cli as import_cli

    app.cli.add_command(import_cli.schedule_group)
    from .corrections.cli import corrections_group, report_reimport, served_schedule

    app.cli.add_command(corrections_group)
    from .corrections.delta import report as report_delta

    # How phones get the import first, then what became of each correction (its last word).
    app.extensions.setdefault("hallway.after_import", []).extend((report_delta, report_reimport))
    app.extensions["hallway.served_schedule"] = served_schedule
    from .venue.cli import venue_group

    app.cli.add_command(venue_group)
    from .static_site.export import export_command

    app.cli.add_command(export_command)
    app.extensions["hallway.export"] = export_command  # `schedule follow --export DIR`


if __name__ == "__main__":
    main()
