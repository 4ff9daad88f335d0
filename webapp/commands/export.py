"""`hallway export DIR`: the attendee side as static files (webapp/static_site)."""

from __future__ import annotations

from pathlib import Path

import click
from flask.cli import with_appcontext

from ..serving import current_runtime
from ..static_site import paths as export_paths
from ..static_site import sync as export_sync
from ..static_site.export import ExportError, build
from ..web import assets
from .served import served_schedule


@click.command("export", help="Write the attendee side as static files into DIR (see docs/deploy.md).")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--public-url", help="The site's address, for QR codes and calendar links [HALLWAY_PUBLIC_URL]."
)
@click.option("--precompress", is_flag=True, help="Also write .gz and .br files (nginx gzip_static, Caddy).")
@with_appcontext
def export_command(directory: Path, public_url: str | None, precompress: bool) -> None:
    export_to(directory, public_url, precompress)


def export_to(directory: Path, public_url: str | None, precompress: bool) -> None:
    """The export into `directory`; a ClickException says what failed, and nothing is changed."""
    rt = current_runtime()
    served_schedule(rt)  # no schedule, or a mistyped data directory: say so, no traceback
    if assets.ensure_built(rt.tree_dir()):
        click.echo("built the static files (they had changed since the last build)")
    public_url = public_url or rt.config.get("PUBLIC_URL")
    if not public_url:
        raise click.UsageError(
            "give --public-url (or set HALLWAY_PUBLIC_URL): QR codes and calendars carry it"
        )
    try:
        out = build(rt.app, public_url, precompress)
        report = export_sync.sync(directory, out.files)
    except (ExportError, export_sync.ExportDirError, export_paths.ExportPathError, OSError) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(
        f"exported version {out.version} to {directory}: {len(report.written)} files written, "
        f"{len(report.unchanged)} unchanged, {len(report.removed)} removed"
    )
