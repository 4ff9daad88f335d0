"""An imported venue document checked by the plan's own rules (`build_venue`) and written as
`data/venue.json`, the one it replaces kept beside it as `venue.json.bak-<time>`."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..domain import jsontext
from ..domain.storage import write_atomic
from . import store
from .osm import OsmImport, import_osm
from .plan import VENUE_FILE, VenueError, build_venue


def _no_svg(name: str) -> str:
    raise OSError("an OpenStreetMap import draws its floors itself; it names no SVG plan")


def existing(data_dir: Path) -> Any:
    """The venue.json an import replaces, or None (none, or unreadable: the backup keeps it)."""
    try:
        return jsontext.loads((data_dir / VENUE_FILE).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None


def prepare(data: bytes, rooms: Mapping[str, str], data_dir: Path) -> tuple[OsmImport, str | None]:
    """The import (OsmError when the file is refused), and every problem the venue's own rules
    find in the document it makes (None when it may be written)."""
    found = import_osm(data, rooms, existing(data_dir))
    try:
        build_venue(found.doc, rooms, _no_svg)
    except VenueError as exc:
        return found, str(exc)
    return found, None


def write(data_dir: Path, doc: dict[str, Any], now: datetime) -> Path | None:
    """Save venue.json as the venue's next version (`store.save`, as the editor saves it); the
    file it replaces is first copied, whole, to a backup named by the time (returned). Call
    only with a document `prepare` accepted."""
    path = data_dir / VENUE_FILE
    backup = None
    if path.exists():
        stamp = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
        backup = data_dir / f"{VENUE_FILE}.bak-{stamp}"
        n = 1
        while backup.exists():
            n += 1
            backup = data_dir / f"{VENUE_FILE}.bak-{stamp}-{n}"
        write_atomic(backup, path.read_bytes())
    text = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    store.save(data_dir, text, store.version(data_dir))
    return backup
