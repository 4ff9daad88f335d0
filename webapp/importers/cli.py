"""`flask --app webapp schedule import SOURCE... [--out FILE]` (filled in by the importer work)."""

from __future__ import annotations

import click

schedule_group = click.Group("schedule", help="Import and inspect the schedule.")
