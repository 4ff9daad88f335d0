"""Flask CLI commands: `flask --app webapp schedule import ...`."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    from .importers import cli as import_cli

    app.cli.add_command(import_cli.schedule_group)
    from .corrections.cli import corrections_group, report_reimport

    app.cli.add_command(corrections_group)
    app.extensions.setdefault("hallway.after_import", []).append(report_reimport)
    from .venue.cli import venue_group

    app.cli.add_command(venue_group)
    from .static_site.export import export_command

    app.cli.add_command(export_command)
