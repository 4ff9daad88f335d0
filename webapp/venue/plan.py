"""The venue as an organizer describes it in `data/venue.json`: floors, room shapes,
entrances, and a line of directions and accessibility notes per room.

A floor is drawn from shapes given in the file (`rect` or `polygon` in the floor's own plan
coordinates) or from the organizer's SVG plan in `data/venue/` (see `venue_svg`). Rooms are
named by the schedule's room ids; their display names come from the schedule. The result is
the document of `/api/v1/venue.json`: every schedule room is listed, `floor` null when it is
not on the plan. Pure, except `load_venue`, which reads the files.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from ..domain import jsontext
from . import images, shapes, storeys
from . import svg as venue_svg
from .walking import settings_of, walk

VENUE_FILE = "venue.json"
SVG_DIR = "venue"
ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
TOP_KEYS = {"name", "notes", "floors", "rooms", "buildings", "walking"}
FLOOR_KEYS = {"id", "name", "width", "height", "svg", "image", "areas", "entrances"} | {
    "building",
    "level",
    "scale",
    "connectors",
}
ROOM_KEYS = {"id", "floor", "shape", "at", "building", "level", "directions", "accessibility"}
AREA_KEYS = {"name", "shape"}
ENTRANCE_KEYS = {"id", "name", "at", "note"}
CONNECTOR_KEYS = {"id", "kind", "name", "at"}
CONNECTOR_KINDS = ("stairs", "lift")
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")
IMAGE_URL = "/venue/"  # where the server serves the plan images it re-encoded

Node = dict[str, Any]


class VenueError(ValueError):
    """Venue data that cannot be used; the message lists every problem found."""


@dataclass
class Venue:
    doc: dict[str, Any]  # the JSON of /api/v1/venue.json
    warnings: list[str] = field(default_factory=list)
    # The organizer's walking table, checked: {"speed": m/s or None, "between": [...]}.
    walking: dict[str, Any] = field(default_factory=lambda: {"speed": None, "between": []})


def no_plan(rooms: Mapping[str, str]) -> Venue:
    """The venue when the organizer described none: the rooms as a list, no plan, grouped by
    the buildings and floors their names say."""
    located = storeys.locate(rooms, {}, {})
    doc = {
        "name": None,
        "notes": None,
        "buildings": storeys.assemble([], located, {}),
        "floors": [],
        "entrances": [],
        "rooms": _rooms(rooms, {}, located),
    }
    return Venue(_walked(doc, {}))


def _walked(doc: dict[str, Any], walking: Mapping[str, Any]) -> dict[str, Any]:
    """The document with its walking table (`walk`), when it has two rooms or more."""
    table = walk(doc, settings_of(walking))
    return doc if table is None else {**doc, "walk": table}


def load_venue(data_dir: Path, rooms: Mapping[str, str]) -> Venue:
    path = data_dir / VENUE_FILE
    try:
        doc = jsontext.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return no_plan(rooms)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise VenueError(f"{VENUE_FILE}: cannot read: {exc}") from exc
    svg_dir = (data_dir / SVG_DIR).resolve()

    def read_svg(name: str) -> str:
        target = (svg_dir / name).resolve()
        if not target.is_relative_to(svg_dir):
            raise OSError(f"{name!r} is outside {SVG_DIR}/")
        return target.read_text(encoding="utf-8")

    def image_size(name: str) -> tuple[int, int]:
        return images.size_of(svg_dir, name)

    try:
        return build_venue(doc, rooms, read_svg, image_size)
    except VenueError as exc:
        raise VenueError(f"{VENUE_FILE}: {exc}") from exc


def build_venue(
    doc: Any,
    rooms: Mapping[str, str],
    read_svg: Callable[[str], str],
    image_size: Callable[[str], tuple[int, int]] | None = None,
) -> Venue:
    """Validate a venue document against the schedule's rooms (id -> name); `image_size`: the
    pixel size of a raster plan in venue/ (OSError when it is not there)."""
    errs: list[str] = []
    warnings: list[str] = []
    # A file may only name buildings and correct where the room names put rooms: no plan.
    if (
        not isinstance(doc, dict)
        or not isinstance(doc.get("floors", []), list)
        or not any(isinstance(doc.get(k), list) and doc[k] for k in ("floors", "buildings", "rooms"))
    ):
        raise VenueError('expected an object with a non-empty list "floors", "buildings" or "rooms"')
    _keys(doc, TOP_KEYS, "venue", errs)
    declared = storeys.check_buildings(doc.get("buildings"), errs)
    floors: dict[str, Node] = {}
    placed: dict[str, dict[str, Any]] = {}
    entrances: list[dict[str, Any]] = []
    for i, f in enumerate(doc.get("floors", [])):
        where = f"floors[{i}]"
        if not isinstance(f, dict) or not _is_id(f.get("id")) or not _is_text(f.get("name")):
            errs.append(f"{where}: needs an id (letters, digits, - or _) and a name")
            continue
        if f["id"] in floors:
            errs.append(f"{where}: duplicate floor id {f['id']!r}")
            continue
        _keys(f, FLOOR_KEYS, where, errs)
        floor = _floor(f, where, rooms, read_svg, errs, warnings, image_size)
        floors[f["id"]] = floor
        for room in floor.pop("svg_rooms", ()):
            placed[room] = {"floor": f["id"]}
        for j, e in enumerate(f.get("entrances", [])):
            entrances.extend(_entrance(e, floor, f"{where}.entrances[{j}]", errs))
    for i, r in enumerate(doc.get("rooms", [])):
        _room(r, f"rooms[{i}]", rooms, floors, placed, errs)
    located = storeys.locate(rooms, placed, floors)
    known = {b["id"] for b in declared} | {p.building for p in located.values() if p.building}
    walking = storeys.check_walking(doc.get("walking"), known | set(rooms), errs)
    if errs:
        raise VenueError("\n".join(errs))
    out = {
        "name": doc.get("name") if _is_text(doc.get("name")) else None,
        "notes": doc.get("notes") if _is_text(doc.get("notes")) else None,
        "buildings": storeys.assemble(declared, located, floors),
        "floors": list(floors.values()),
        "entrances": entrances,
        "rooms": _rooms(rooms, placed, located),
    }
    return Venue(_walked(out, walking), warnings, walking)


def _floor(
    f: dict[str, Any],
    where: str,
    rooms: Mapping[str, str],
    read_svg: Callable[[str], str],
    errs: list[str],
    warnings: list[str],
    image_size: Callable[[str], tuple[int, int]] | None = None,
) -> Node:
    floor: Node = {"id": f["id"], "name": f["name"], "viewBox": [0, 0, 1, 1], "drawing": []}
    storeys.check_place(f, where, errs)
    floor["building"] = f.get("building") if storeys.is_building(f.get("building")) else None
    floor["level"] = f.get("level") if storeys.is_level(f.get("level")) else None
    scale = f.get("scale")
    if scale is not None and not (shapes.is_number(scale) and scale > 0):
        errs.append(f"{where}: scale must be a positive number (plan units per metre)")
    floor["scale"] = scale if shapes.is_number(scale) and scale > 0 else None
    floor["image"] = None
    floor["connectors"] = []
    pixels: tuple[int, int] | None = None  # a raster plan's size, where the files can be read
    if "svg" in f and "image" in f:
        errs.append(f"{where}: give an svg plan or an image, not both")
    if "image" in f:
        name = f["image"]
        if not isinstance(name, str) or not _safe_file(name, IMAGE_SUFFIXES):
            errs.append(f"{where}: image must be a file name in {SVG_DIR}/ ending in .png, .jpg or .webp")
        else:
            floor["image"] = IMAGE_URL + name
            try:
                pixels = None if image_size is None else image_size(name)
            except OSError as exc:
                errs.append(f"{where}: {SVG_DIR}/{name}: {exc}")
    if "svg" in f:
        name = f["svg"]
        if not isinstance(name, str) or not _safe_file(name, (".svg",)):
            errs.append(f"{where}: svg must be a file name in {SVG_DIR}/ ending in .svg")
            return floor
        try:
            plan = venue_svg.sanitize(read_svg(name), set(rooms))
        except (OSError, UnicodeDecodeError, venue_svg.SvgError) as exc:
            errs.append(f"{where}: {SVG_DIR}/{name}: {exc}")
            return floor
        floor["viewBox"] = [shapes.num(v) for v in plan.view_box]
        floor["drawing"] = plan.nodes
        floor["svg_rooms"] = sorted(plan.rooms)
        warnings.extend(f"{SVG_DIR}/{name}: {w}" for w in plan.warnings)
    else:
        w, h = f.get("width"), f.get("height")
        if pixels is not None and "width" not in f and "height" not in f:
            w, h = pixels  # an uploaded plan's units are its pixels
        elif pixels is not None and (w, h) != pixels:
            errs.append(
                f"{where}: width and height must be the image's pixels ({pixels[0]} x {pixels[1]}), or none"
            )
        if not (shapes.is_number(w) and shapes.is_number(h) and w > 0 and h > 0):
            errs.append(f"{where}: needs a positive width and height (or an svg plan)")
            return floor
        floor["viewBox"] = [0, 0, shapes.num(w), shapes.num(h)]
        # Under a raster plan the outline is left out: the image is the floor's outline.
        outline = {"tag": "rect", "attrs": {"class": "outline", **shapes.rect_attrs(0, 0, w, h)}}
        floor["drawing"] = [] if floor["image"] else [outline]
    for j, a in enumerate(f.get("areas", [])):
        aw = f"{where}.areas[{j}]"
        if not isinstance(a, dict) or not _is_text(a.get("name")):
            errs.append(f"{aw}: needs a name and a shape")
            continue
        _keys(a, AREA_KEYS, aw, errs)
        shape = shapes.shape(a.get("shape"), floor["viewBox"], aw, errs)
        if shape is not None:
            label = shapes.text_node(shape.pop("label"), a["name"], "area-label")
            floor["drawing"].append({"tag": "g", "attrs": {"class": "area"}, "children": [shape, label]})
    connectors = f.get("connectors", [])
    if not isinstance(connectors, list):
        errs.append(f"{where}: connectors must be a list")
        connectors = []
    for j, c in enumerate(connectors):
        floor["connectors"].extend(_connector(c, floor, f"{where}.connectors[{j}]", errs))
    return floor


def _connector(c: Any, floor: Node, where: str, errs: list[str]) -> list[dict[str, Any]]:
    """Stairs or a lift: the same id on several floors of a building is one stairwell."""
    if not isinstance(c, dict) or not _is_id(c.get("id")) or c.get("kind") not in CONNECTOR_KINDS:
        errs.append(f'{where}: needs an id and a kind ("stairs" or "lift")')
        return []
    _keys(c, CONNECTOR_KEYS, where, errs)
    at = c.get("at")
    if not _on_floor(at, floor, where, errs):
        return []
    name = c.get("name") if _is_text(c.get("name")) else None
    mark = _mark(at, floor, f"connector {c['kind']}", name or "")
    floor["drawing"].append(mark)
    return [{"id": c["id"], "kind": c["kind"], "name": name, "at": [shapes.num(v) for v in at]}]


def _on_floor(at: Any, floor: Node, where: str, errs: list[str]) -> bool:
    """A point (an entrance, stairs, a room's pin) given as [x, y] inside the floor's plan."""
    if shapes.point(at) and shapes.inside([at], floor["viewBox"]):
        return True
    errs.append(f"{where}: at must be [x, y] inside the floor's plan")
    return False


def _mark(at: list[float], floor: Node, cls: str, text: str) -> Node:
    """A point on the plan: a dot and its label, sized in the floor's own units (a plan may be
    in metres or pixels)."""
    r = max(floor["viewBox"][2:]) / 80
    dot = {"tag": "circle", "attrs": {"cx": shapes.num(at[0]), "cy": shapes.num(at[1]), "r": shapes.num(r)}}
    children = (
        [dot, shapes.text_node([at[0], at[1] - 2 * r], text, f"{cls.split()[0]}-label")] if text else [dot]
    )
    return {"tag": "g", "attrs": {"class": cls}, "children": children}


def _room(
    r: Any,
    where: str,
    rooms: Mapping[str, str],
    floors: dict[str, Node],
    placed: dict[str, dict[str, Any]],
    errs: list[str],
) -> None:
    if not isinstance(r, dict) or not isinstance(r.get("id"), str):
        errs.append(f"{where}: needs an id")
        return
    rid = r["id"]
    where = f"{where} ({rid})"
    _keys(r, ROOM_KEYS, where, errs)
    if rid not in rooms:
        errs.append(f"{where}: not a room of the schedule (its rooms: {', '.join(rooms) or 'none'})")
        return
    if rid in placed and "directions" in placed[rid]:
        errs.append(f"{where}: listed twice")
        return
    storeys.check_place(r, where, errs)
    for key in ("directions", "accessibility"):
        if r.get(key) is not None and not _is_text(r[key]):
            errs.append(f"{where}: {key} must be text")
    entry = {
        "floor": None,
        "at": None,
        "building": r.get("building") if storeys.is_building(r.get("building")) else None,
        "level": r.get("level") if storeys.is_level(r.get("level")) else None,
        "directions": r.get("directions"),
        "accessibility": r.get("accessibility"),
    }
    on_plan = "floor" in r or "shape" in r or "at" in r
    if not on_plan and ("building" in r or "level" in r):
        placed[rid] = entry  # on no plan: the entry corrects where its name says it is
        return
    floor = floors.get(r.get("floor"))
    if floor is None:
        errs.append(f"{where}: unknown floor {r.get('floor')!r} (floors: {', '.join(floors)})")
        return
    if "at" in r:
        if not _on_floor(r["at"], floor, where, errs):
            return
        entry["at"] = [shapes.num(v) for v in r["at"]]
    if "shape" in r:
        shape = shapes.shape(r["shape"], floor["viewBox"], where, errs)
        if shape is not None:
            entry["at"] = entry["at"] or shape["label"]
            floor["drawing"].append({**shape, "room": rid})
    elif "at" in r:
        dot = _mark(entry["at"], floor, "room-pin", "")
        floor["drawing"].append({**dot, "room": rid, "label": entry["at"]})
    elif placed.get(rid, {}).get("floor") != floor["id"]:
        errs.append(
            f'{where}: needs a shape or a pin (at), or a shape with data-room="{rid}" in its floor\'s svg'
        )
        return
    placed[rid] = {**entry, "floor": floor["id"]}


def _entrance(e: Any, floor: Node, where: str, errs: list[str]) -> list[dict[str, Any]]:
    if not isinstance(e, dict) or not _is_id(e.get("id")) or not _is_text(e.get("name")):
        errs.append(f"{where}: needs an id and a name")
        return []
    _keys(e, ENTRANCE_KEYS, where, errs)
    at = e.get("at")
    if not _on_floor(at, floor, where, errs):
        return []
    floor["drawing"].append(_mark(at, floor, "entrance", e["name"]))
    note = e.get("note") if _is_text(e.get("note")) else None
    where_at = [shapes.num(v) for v in at]
    return [{"id": e["id"], "name": e["name"], "floor": floor["id"], "note": note, "at": where_at}]


def _rooms(
    rooms: Mapping[str, str],
    placed: Mapping[str, Mapping[str, Any]],
    located: Mapping[str, storeys.names.Place],
) -> list[dict[str, Any]]:
    keys = ("floor", "at", "directions", "accessibility")
    return [
        {
            "id": rid,
            "name": name,
            **{k: placed.get(rid, {}).get(k) for k in keys},
            "building": located[rid].building,
            "level": located[rid].level,
        }
        for rid, name in rooms.items()
    ]


def _keys(obj: dict[str, Any], known: set[str], where: str, errs: list[str]) -> None:
    for key in sorted(set(obj) - known):
        errs.append(f"{where}: unknown key {key!r} (known: {', '.join(sorted(known))})")


def _safe_file(name: str, suffixes: tuple[str, ...]) -> bool:
    p = PurePosixPath(name)
    return (
        name.lower().endswith(suffixes) and not p.is_absolute() and ".." not in p.parts and "\\" not in name
    )


def _is_id(v: Any) -> bool:
    return isinstance(v, str) and bool(ID_RE.match(v))


def _is_text(v: Any) -> bool:
    return isinstance(v, str) and bool(v.strip())
