"""The organizer's writes to the venue: a whole venue document checked by the rules of
`venue check` and saved as the next version, and a floor plan image re-encoded and kept.
The routes (webapp/views/venue_write.py) only read the request and say the answer."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from ..venue import images
from ..venue import store as venue_store
from ..venue import svg as venue_svg
from ..venue.plan import build_venue
from .published import published
from .runtime import Runtime

SVG = "image/svg+xml"


@dataclass(frozen=True)
class Stored:
    """What an upload became: the file's name and what the answer says about it."""

    name: str
    answer: dict[str, Any]


def save(rt: Runtime, doc: Any, expected: int) -> int:
    """Check `doc` against the served schedule's rooms (VenueError lists every problem), then
    save it if the venue is still at `expected` (VersionMismatch); the new version."""
    rooms = {r.id: r.name for r in published(rt).schedule.rooms}
    build_venue(doc, rooms, venue_store.svg_reader(rt.data_dir), venue_store.image_reader(rt.data_dir))
    text = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    version = venue_store.save(rt.data_dir, text, expected)
    rt.logger.info("venue saved as version %d", version)
    return version


def upload(rt: Runtime, data: bytes, content_type: str, page: int) -> Stored:
    """Keep an uploaded plan as the server writes it (ImageError or SvgError: nothing kept)."""
    if content_type == SVG:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise venue_svg.SvgError("the SVG is not UTF-8 text") from None
        rooms = {r.id for r in published(rt).schedule.rooms}
        plan = venue_svg.sanitize(text, rooms, strict=True)
        body = venue_svg.to_text(plan).encode("utf-8")
        name = f"plan-{hashlib.sha256(body).hexdigest()[:16]}.svg"
        venue_store.keep_plan(rt.data_dir, name, body)
        box = [float(v) if not float(v).is_integer() else int(v) for v in plan.view_box]
        return Stored(name, {"svg": name, "viewBox": box, "rooms": sorted(plan.rooms)})
    found = images.reencode(data, content_type, page)
    venue_store.keep_plan(rt.data_dir, found.name, found.body)
    rt.logger.info(
        "venue plan %s kept (%d x %d, %d bytes)", found.name, found.width, found.height, len(found.body)
    )
    return Stored(found.name, {"image": found.name, "width": found.width, "height": found.height})
