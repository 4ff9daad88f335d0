"""`hallway venue check`: validate $HALLWAY_DATA_DIR/venue.json against the served schedule;
`hallway venue import-osm FILE`: make it from an OpenStreetMap indoor map."""

from __future__ import annotations

from typing import Any, BinaryIO

import click
from flask.cli import with_appcontext

from ..serving import current_runtime
from ..venue import osm_write
from ..venue.osm import OsmError
from ..venue.plan import VENUE_FILE, VenueError, load_venue
from .served import served_schedule

venue_group = click.Group(
    "venue", help="Check the venue plan ($HALLWAY_DATA_DIR/venue.json) or make it from OpenStreetMap."
)


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


@venue_group.command("import-osm")
@click.argument("file", type=click.File("rb"))
@click.option(
    "--write", is_flag=True, help="Write venue.json (the one it replaces is kept as venue.json.bak-<time>)."
)
@with_appcontext
def import_osm(file: BinaryIO, write: bool) -> None:
    """Make the venue plan from an OpenStreetMap indoor map (.osm or .geojson export, Simple
    Indoor Tagging): print what matched the schedule's rooms; with --write, write venue.json.
    Exit 1 when the file is refused."""
    rt = current_runtime()
    schedule = served_schedule(rt)
    rooms = {r.id: r.name for r in schedule.rooms}
    try:
        found, problems = osm_write.prepare(file.read(), rooms, rt.data_dir)
    except OsmError as exc:
        raise click.ClickException(f"{file.name}: refused: {exc}") from exc
    for line in report_lines(found.report):
        click.echo(line)
    if problems:
        raise click.ClickException(
            f"the plan it makes breaks the venue's rules; nothing written:\n{problems}"
        )
    path = rt.data_dir / VENUE_FILE
    if not write:
        click.echo(f"dry run: {path} not written; add --write to write it")
        return
    backup = osm_write.write(rt.data_dir, found.doc, rt.now())
    click.echo(f"wrote {path}" + (f"; the one it replaces is kept as {backup.name}" if backup else ""))


def report_lines(report: dict[str, Any]) -> list[str]:
    floors = report["floors"]
    lines = [
        f"{report['format']}: {len(floors)} floor(s) in {len(report['buildings'])} building(s); "
        f"{report['projection']}"
    ]
    lines += [
        f"  {f['name']} ({f['id']}): {f['rooms']} schedule room(s), {f['areas']} other area(s)"
        for f in floors
    ]
    matched, left = report["matched"], report["unmatched_schedule"]
    lines.append(f"matched {len(matched)} of {len(matched) + len(left)} schedule room(s):")
    lines += [f"  {m['name']} = {m['osm']} ({m['by']} {m['label']}) on {m['floor']}" for m in matched]
    if left:
        lines.append(f"schedule rooms not on the map ({len(left)}): {', '.join(r['name'] for r in left)}")
    mapped = report["unmatched_osm"]
    if mapped:
        names = ", ".join(f"{r['label']} ({r['osm']})" for r in mapped)
        lines.append(f"mapped rooms the schedule does not use ({len(mapped)}): {names}")
    lines += [f"note: {n}" for n in report["notes"]]
    return lines
