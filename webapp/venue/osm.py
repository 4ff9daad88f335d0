"""A venue mapped in OpenStreetMap with the Simple Indoor Tagging schema, as the organizer's
venue document (`data/venue.json`, see `webapp.venue.plan`), with a report of what matched.

One plan floor per building and level; shapes in a local equirectangular projection around
the venue's centre (`osm_geo`), SCALE plan units per metre, each building's floors sharing one
frame so its stairs line up from floor to floor. Rooms of the schedule are matched by `ref` or
`name` (`osm_match`); mapped rooms that match none are still drawn, as labelled areas. Pure:
bytes and the schedule's rooms in, a document and a report out.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import osm_features, osm_geo, osm_levels, osm_match
from .osm_features import Building, Feature
from .osm_read import Element, OsmError, read

__all__ = ["OsmError", "OsmImport", "import_osm"]

SCALE = 10  # plan units per metre: a plan to the centimetre with one decimal
MARGIN = 2.0  # metres of plan around a building's outline
Doc = dict[str, Any]


@dataclass(frozen=True)
class OsmImport:
    doc: Doc  # the organizer's venue document
    report: Doc  # what was read, matched and left out


def import_osm(data: bytes, rooms: Mapping[str, str], existing: Any = None) -> OsmImport:
    """The venue document of an .osm or .geojson export for a schedule's rooms (id -> name).
    `existing`: the venue.json it replaces, whose notes, walking table and rooms' directions
    and accessibility are kept."""
    fmt, elements = read(data)
    # In the id order, whichever the export's own: an .osm and a .geojson of one map give one plan.
    useful = sorted((e for e in elements if osm_features.role(e) is not None), key=_id_order)
    if not useful:
        raise OsmError("this file has indoor tags but no room, area, corridor or level to draw")
    project, (lon0, lat0) = osm_geo.projection(p for e in useful for p in e.coords)
    features = [f for e in useful if (f := osm_features.feature(e, project)) is not None]
    found = osm_features.buildings(features)
    osm_features.place(features, found)
    mapped = [f for f in features if f.role == "room" and f.el.kind in ("area", "point")]
    matches, notes = osm_match.match(rooms, [osm_match.Mapped(f.el.osm, f.ref, f.name) for f in mapped])
    by_osm = {f.el.osm: f for f in mapped}
    inside: dict[str, list[str]] = {}
    for m in matches:
        if (bid := by_osm[m.osm].building) is not None:
            inside.setdefault(bid, []).append(rooms[m.room])
    osm_features.rename(found, features, inside)
    floors = _floors(features, found, notes)
    if not floors:
        raise OsmError("this file maps no room, area, corridor or level inside: nothing to draw")
    rooms_out, report_rooms = _rooms(features, rooms, matches, floors, notes)
    _connectors(features, floors)
    _entrances(features, floors, found, notes)
    doc: Doc = {
        "buildings": [{"id": b.id, "name": b.name} for b in found if any(key[0] == b.id for key in floors)],
        "floors": [f.doc for f in floors.values()],
        "rooms": rooms_out,
    }
    if not doc["buildings"]:
        del doc["buildings"]
    _keep(doc, existing, rooms)
    doors = sum(1 for e in elements if "door" in e.tags and "entrance" not in e.tags)
    if doors:
        notes.append(
            f"{doors} door(s) read but not imported: a plan has rooms, entrances, stairs and lifts, not doors"
        )
    report = {
        "format": fmt,
        "projection": (
            f"local equirectangular projection around latitude {lat0:.6f}, longitude {lon0:.6f}; "
            f"{SCALE} plan units per metre"
        ),
        "buildings": [{"id": b.id, "name": b.name} for b in found],
        "floors": [
            {"id": f.doc["id"], "name": f.doc["name"], "rooms": f.rooms, "areas": len(f.doc["areas"])}
            for f in floors.values()
        ],
        **report_rooms,
        "notes": notes,
    }
    return OsmImport(doc, report)


def _id_order(e: Element) -> tuple[str, int, str]:
    kind, _, oid = e.osm.partition("/")
    number = oid.lstrip("-")
    return kind, int(number) if number.isdigit() else 0, oid


@dataclass
class _Floor:
    doc: Doc
    origin: osm_geo.Point
    rooms: int = 0

    def at(self, p: osm_geo.Point) -> list[float]:
        return [round((p[0] - self.origin[0]) * SCALE, 1), round((p[1] - self.origin[1]) * SCALE, 1)]

    def polygon(self, pts: list[osm_geo.Point]) -> list[list[float]]:
        return [self.at(p) for p in osm_geo.thinned(pts)]


def _floors(
    features: list[Feature], found: list[Building], notes: list[str]
) -> dict[tuple[str | None, float], _Floor]:
    """A floor for each building and level something is drawn on, buildings in name order,
    levels ascending; each building's floors in one frame around all it holds."""
    drawn = [f for f in features if f.role in ("room", "area", "corridor", "level")]
    unsaid = sum(1 for f in drawn if not f.level_said)
    if unsaid:
        notes.append(f"{unsaid} room(s) or area(s) have no level=*: put on level 0")
    names = {b.id: b.name for b in found}
    keys = sorted(
        {(f.building, lvl) for f in drawn for lvl in f.levels},
        key=lambda k: (k[0] is None, (names.get(k[0]) or "").casefold(), k[0] or "", k[1]),
    )
    frames: dict[str | None, tuple[osm_geo.Point, float, float]] = {}
    for bid in {k[0] for k in keys}:
        pts = [p for f in features if f.building == bid for p in f.pts]
        pts += next((b.outline for b in found if b.id == bid), [])
        x0, y0 = min(p[0] for p in pts) - MARGIN, min(p[1] for p in pts) - MARGIN
        x1, y1 = max(p[0] for p in pts) + MARGIN, max(p[1] for p in pts) + MARGIN
        frames[bid] = ((x0, y0), x1 - x0, y1 - y0)
    level_names = {
        (f.building, f.levels[0]): f.label
        for f in drawn
        if f.role == "level" and f.label and len(f.levels) == 1
    }
    out: dict[tuple[str | None, float], _Floor] = {}
    for bid, lvl in keys:
        origin, w, h = frames[bid]
        own = level_names.get((bid, lvl)) or f"level {osm_levels.label(lvl)}"
        name = f"{names[bid]}, {own}" if bid is not None else own[:1].upper() + own[1:]
        fid = f"{bid}-{osm_levels.slug(lvl)}" if bid is not None else f"level-{osm_levels.slug(lvl)}"
        doc: Doc = {"id": fid, "name": name}
        if bid is not None:
            doc["building"] = bid
        if osm_levels.whole(lvl) is not None:
            doc["level"] = osm_levels.whole(lvl)
        doc |= {"width": math.ceil(w * SCALE), "height": math.ceil(h * SCALE), "scale": SCALE}
        doc |= {"areas": [], "entrances": [], "connectors": []}
        out[(bid, lvl)] = _Floor(doc, origin)
    return out


def _rooms(
    features: list[Feature],
    rooms: Mapping[str, str],
    matches: list[osm_match.Match],
    floors: dict[tuple[str | None, float], _Floor],
    notes: list[str],
) -> tuple[list[Doc], Doc]:
    by_osm = {f.el.osm: f for f in features}
    matched_osm = {m.osm: m for m in matches}
    out: list[Doc] = []
    report_matched: list[Doc] = []
    for m in matches:
        f = by_osm[m.osm]
        floor = floors[(f.building, f.levels[0])]
        floor.rooms += 1
        entry: Doc = {"id": m.room, "floor": floor.doc["id"]}
        if f.el.kind == "area":
            entry["shape"] = {"polygon": floor.polygon(f.pts)}
        else:
            entry["at"] = floor.at(f.pts[0])
        if f.building is not None:
            entry["building"] = f.building
        if osm_levels.whole(f.levels[0]) is not None:
            entry["level"] = osm_levels.whole(f.levels[0])
        out.append(entry)
        report_matched.append(
            {
                "room": m.room,
                "name": rooms[m.room],
                "osm": m.osm,
                "by": m.by,
                "label": f.ref if m.by == "ref" else f.name,
                "floor": floor.doc["id"],
            }
        )
        if len(f.levels) > 1 and f.el.kind == "area":
            spans = ";".join(map(osm_levels.label, f.levels))
            notes.append(f"{rooms[m.room]} spans levels {spans}: placed on the lowest")
            for lvl in f.levels[1:]:
                _area(floors[(f.building, lvl)], rooms[m.room], f.pts)
    unmatched_osm: list[Doc] = []
    nameless = 0
    for f in features:
        if f.role not in ("room", "area", "corridor") or f.el.kind != "area" or f.el.osm in matched_osm:
            continue
        label = f.label or ("Corridor" if f.role == "corridor" else None)
        if label is None:
            nameless += 1
            continue
        for lvl in f.levels:
            _area(floors[(f.building, lvl)], label, f.pts)
        if f.role == "room":
            where = floors[(f.building, f.levels[0])].doc["id"]
            unmatched_osm.append({"osm": f.el.osm, "label": label, "floor": where})
    if nameless:
        notes.append(f"{nameless} room(s) or area(s) with neither name nor ref: not drawn")
    unmatched = [
        {"room": rid, "name": name} for rid, name in rooms.items() if rid not in {m.room for m in matches}
    ]
    return out, {"matched": report_matched, "unmatched_schedule": unmatched, "unmatched_osm": unmatched_osm}


def _area(floor: _Floor, name: str, pts: list[osm_geo.Point]) -> None:
    floor.doc["areas"].append({"name": name, "shape": {"polygon": floor.polygon(pts)}})


def _connectors(features: list[Feature], floors: dict[tuple[str | None, float], _Floor]) -> None:
    count = {"stairs": 0, "lift": 0}
    for group in osm_features.shafts([f for f in features if f.role in ("stairs", "lift")]):
        kind = group[0].role
        on = {lvl: f for f in group for lvl in f.levels if (f.building, lvl) in floors}
        if not on:
            continue
        count[kind] += 1
        cid = f"{kind}-{count[kind]}"
        name = next((f.label for f in group if f.label), None) or ("Stairs" if kind == "stairs" else "Lift")
        for lvl, f in sorted(on.items()):
            floor = floors[(f.building, lvl)]
            floor.doc["connectors"].append({"id": cid, "kind": kind, "name": name, "at": floor.at(f.centre)})


def _entrances(
    features: list[Feature],
    floors: dict[tuple[str | None, float], _Floor],
    found: list[Building],
    notes: list[str],
) -> None:
    names = {b.id: b.name for b in found}
    n = 0
    for f in features:
        if f.role != "entrance":
            continue
        levels = sorted(lvl for b, lvl in floors if b == f.building)
        if not levels:
            continue
        # An entrance mapped on a building's outline often has no level: it is the ground's.
        lvl = f.levels[0] if f.level_said else (0.0 if 0.0 in levels else levels[0])
        floor = floors.get((f.building, lvl))
        if floor is None:
            notes.append(
                f"{f.el.osm}: an entrance on level {osm_levels.label(lvl)}, which has no plan: left out"
            )
            continue
        n += 1
        main = f.el.tags.get("entrance") == "main"
        fallback = f"{names.get(f.building or '', '')} {'main entrance' if main else 'entrance'}".strip()
        name = f.label or fallback[:1].upper() + fallback[1:]
        floor.doc["entrances"].append({"id": f"entrance-{n}", "name": name, "at": floor.at(f.centre)})


def _keep(doc: Doc, existing: Any, rooms: Mapping[str, str]) -> None:
    """What the organizer wrote that a map cannot say: the venue's name and notes, the walking
    table, buildings' notes, and rooms' directions and accessibility notes."""
    if not isinstance(existing, dict):
        return
    for key in ("name", "notes", "walking"):
        if key in existing:
            doc[key] = existing[key]
    notes = {b.get("id"): b.get("note") for b in existing.get("buildings") or [] if isinstance(b, dict)}
    for b in doc.get("buildings", []):
        if notes.get(b["id"]):
            b["note"] = notes[b["id"]]
    placed = {r["id"]: r for r in doc["rooms"]}
    for old in existing.get("rooms") or []:
        if not isinstance(old, dict) or old.get("id") not in rooms:
            continue
        kept = {k: old[k] for k in ("directions", "accessibility") if old.get(k) is not None}
        if old["id"] in placed:
            placed[old["id"]].update(kept)
        elif kept or "building" in old or "level" in old:
            kept |= {k: old[k] for k in ("building", "level") if k in old}
            doc["rooms"].append({"id": old["id"], **kept})
    # A building the map lacks stays declared when what is kept names it (a room on no map, a
    # walking time), so the document does not break on its own words.
    named = {r.get("building") for r in doc["rooms"]}
    walking = existing.get("walking")
    if isinstance(walking, dict) and isinstance(walking.get("between"), list):
        named |= {e.get(k) for e in walking["between"] if isinstance(e, dict) for k in ("from", "to")}
    have = {b["id"] for b in doc.get("buildings", [])}
    for b in existing.get("buildings") or []:
        if isinstance(b, dict) and b.get("id") in named and b.get("id") not in have:
            doc.setdefault("buildings", []).append(b)
            have.add(b.get("id"))
