"""The command line: `hallway schedule import ...` (or `.venv/bin/flask --app webapp ...`)."""

from __future__ import annotations

from flask import Flask


def main() -> None:
    """The `hallway` console script: Flask's command line with the app already chosen, so that
    commands work as written without an activated virtualenv or `--app`."""
    from functools import partial

    from flask.cli import FlaskGroup

    from . import create_app

    # Commands mostly import, correct and export: `hallway run` pays for the static tree on its
    # first request instead of every command paying at start.
    FlaskGroup(
        create_app=partial(create_app, warm=False),
        help="Hallway: import, correct, check and serve a schedule.",
    ).main(prog_name="hallway")


def init_app(app: Flask) -> None:
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
