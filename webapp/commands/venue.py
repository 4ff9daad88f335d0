"""`hallway venue check`: validate $HALLWAY_DATA_DIR/venue.json against the served schedule."""

from __future__ import annotations

import click
from flask.cli import with_appcontext

from ..serving import current_runtime
from ..venue.plan import VENUE_FILE, VenueError, load_venue
from .served import served_schedule

venue_group = click.Group("venue", help="Check the venue plan ($HALLWAY_DATA_DIR/venue.json).")


@venue_group.command("check")
@with_appcontext
def check() -> None:
    """Report every problem in the venue plan ($HALLWAY_DATA_DIR/venue.json), or summarise it;
    exit 1 on problems or when there is no plan."""
    rt = current_runtime()
    schedule = served_schedule(rt)
    path = rt.data_dir / VENUE_FILE
    if not path.exists():
        raise click.ClickException(f"no venue plan: {path} does not exist (docs/venue.md)")
    rooms = {r.id: r.name for r in schedule.rooms}
    try:
        venue = load_venue(rt.data_dir, rooms)
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
