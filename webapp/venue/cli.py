"""`flask --app webapp venue check`: validate data/venue.json against the schedule."""

from __future__ import annotations

from pathlib import Path

import click
from flask import current_app
from flask.cli import AppGroup

from ..corrections.cli import served_schedule
from .plan import VENUE_FILE, VenueError, load_venue

venue_group = AppGroup("venue", help="Check the venue plan ($HALLWAY_DATA_DIR/venue.json).")


@venue_group.command("check")
def check() -> None:
    """Report every problem in the venue plan ($HALLWAY_DATA_DIR/venue.json), or summarise it;
    exit 1 on problems or when there is no plan."""
    schedule = served_schedule()
    path = Path(current_app.config["DATA_DIR"]) / VENUE_FILE
    if not path.exists():
        raise click.ClickException(f"no venue plan: {path} does not exist (docs/venue.md)")
    rooms = {r.id: r.name for r in schedule.rooms}
    try:
        venue = load_venue(Path(current_app.config["DATA_DIR"]), rooms)
    except VenueError as exc:
        raise click.ClickException(str(exc)) from exc
    for warning in venue.warnings:
        click.echo(f"warning: {warning}", err=True)
    doc = venue.doc
    placed = [r["name"] for r in doc["rooms"] if r["floor"]]
    missing = [r["name"] for r in doc["rooms"] if not r["floor"]]
    click.echo(f"{len(doc['floors'])} floor(s), {len(placed)} of {len(doc['rooms'])} rooms on the plan")
    if missing:
        click.echo(f"not on the plan: {', '.join(missing)}")
