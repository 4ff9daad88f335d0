"""Read an OpenStreetMap export of a venue's inside: OSM XML (as JOSM or the OSM API write it)
or GeoJSON (as overpass-turbo and osmtogeojson write it), into one list of `Element`s.

Bounded before anything is built: a file the size of a city's, or with no indoor tags at all,
is refused with one sentence. The XML goes through defusedxml with DTDs forbidden, and is read
as a stream, so a huge file is refused at its 20,001st node, not after it is all in memory.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..domain import jsontext
from . import osm_xml
from .osm_errors import MAX_BYTES, MAX_INDOOR, MAX_NODES, OsmError, too_many

__all__ = ["Element", "OsmError", "read"]

Coords = list[tuple[float, float]]  # (lon, lat)


@dataclass(frozen=True)
class Element:
    osm: str  # "way/123": how the OSM site names it, for the report
    tags: dict[str, str]
    kind: str  # "point", "line" or "area"
    coords: Coords  # a point's one pair, a line's pairs, an area's outer ring (not repeated)


def read(data: bytes) -> tuple[str, list[Element]]:
    """The format ("OSM XML" or "GeoJSON") and elements of an .osm or .geojson export, refused
    (OsmError) when it is not one, is too large to be a venue, or maps nothing inside."""
    if len(data) > MAX_BYTES:
        raise OsmError(
            f"this file is {len(data) // 1_000_000} MB: a venue's export is far smaller "
            f"(at most {MAX_BYTES // 1_000_000} MB); export only the venue's buildings"
        )
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    if head == b"<":
        fmt, raw = "OSM XML", osm_xml.read(data)
    elif head in (b"{", b"["):
        fmt, raw = "GeoJSON", _geojson(data)
    else:
        raise OsmError("not an OpenStreetMap export: expected OSM XML (.osm) or GeoJSON (.geojson)")
    elements = [Element(osm, tags, kind, coords) for osm, tags, kind, coords in raw]
    indoor = sum(1 for e in elements if "indoor" in e.tags)
    if not indoor:
        raise OsmError(
            "this file has no indoor tags (indoor=room, area, corridor or level): it maps no "
            "building's inside, so there is nothing to import (see the Simple Indoor Tagging schema)"
        )
    if indoor > MAX_INDOOR:
        raise OsmError(
            f"this file has {indoor:,} indoor features: more than a venue's {MAX_INDOOR:,}; "
            "export only the venue's buildings"
        )
    return fmt, elements


def _geojson(data: bytes) -> list[tuple[str, dict[str, str], str, Coords]]:
    try:
        doc = jsontext.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise OsmError(f"not readable GeoJSON: {exc}") from exc
    if not isinstance(doc, dict) or doc.get("type") != "FeatureCollection":
        raise OsmError('not a GeoJSON export of OpenStreetMap: expected a "FeatureCollection"')
    features = doc.get("features")
    if not isinstance(features, list):
        raise OsmError('not a GeoJSON FeatureCollection: it has no list of "features"')
    if len(features) > MAX_NODES:
        raise OsmError(too_many(f"{len(features):,} features"))
    out: list[tuple[str, dict[str, str], str, Coords]] = []
    points = 0
    for i, feature in enumerate(features):
        if not isinstance(feature, dict) or not isinstance(feature.get("properties"), dict):
            continue
        found = _geometry(feature.get("geometry"))
        if found is None:
            continue
        kind, coords, count = found
        points += count
        if points > MAX_NODES:
            raise OsmError(too_many(f"more than {MAX_NODES:,} points"))
        props = feature["properties"]
        out.append((_feature_id(feature, props, i), _tags(props), kind, coords))
    return out


def _tags(props: dict[str, Any]) -> dict[str, str]:
    # osmtogeojson nests the tags under "tags" (beside type, id, meta); overpass-turbo's export
    # flattens them into the properties, its own keys starting with "@".
    nested = props.get("tags")
    source = nested if isinstance(nested, dict) else props
    skip = set() if isinstance(nested, dict) else {"id", "type"}
    return {
        str(k): str(v)
        for k, v in source.items()
        if isinstance(v, str | int | float) and not str(k).startswith("@") and k not in skip
    }


def _feature_id(feature: dict[str, Any], props: dict[str, Any], i: int) -> str:
    for found in (props.get("@id"), feature.get("id")):
        if isinstance(found, str) and "/" in found:
            return found
    if isinstance(props.get("type"), str) and isinstance(props.get("id"), int | str):
        return f"{props['type']}/{props['id']}"
    return f"feature/{i + 1}"


def _geometry(geom: Any) -> tuple[str, Coords, int] | None:
    """(kind, coords, positions read) of a GeoJSON geometry; a multi-part one gives its
    largest part (a building drawn as one outline plus a bike shed stays a building)."""
    if not isinstance(geom, dict):
        return None
    kind, c = geom.get("type"), geom.get("coordinates")
    try:
        if kind == "Point":
            return "point", [_pos(c)], 1
        if kind == "LineString":
            line = [_pos(p) for p in c]
            return ("line", line, len(line)) if len(line) >= 2 else None
        if kind == "Polygon":
            ring = _ring(c[0])
            return ("area", ring, len(ring)) if ring else None
        if kind in ("MultiPolygon", "MultiLineString"):
            parts = [_ring(p[0]) if kind == "MultiPolygon" else [_pos(q) for q in p] for p in c]
            parts = [p for p in parts if len(p) >= 2]
            if not parts:
                return None
            best = max(parts, key=len)
            return ("area" if kind == "MultiPolygon" else "line"), best, sum(map(len, parts))
    except (TypeError, ValueError, IndexError, KeyError) as exc:
        raise OsmError(
            f"a {kind} geometry has coordinates that are not [longitude, latitude]: {exc}"
        ) from exc
    return None


def _pos(p: Any) -> tuple[float, float]:
    lon, lat = float(p[0]), float(p[1])
    if not (-180 <= lon <= 180 and -90 <= lat <= 90):
        raise ValueError(f"{p!r} is not on Earth")
    return lon, lat


def _ring(ring: Any) -> Coords:
    points = [_pos(p) for p in ring]
    if len(points) > 1 and points[0] == points[-1]:
        points.pop()
    return points if len(points) >= 3 else []
