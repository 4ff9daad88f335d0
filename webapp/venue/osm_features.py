"""What each element of an OpenStreetMap export is to a venue (a building, a room, a corridor,
an entrance, stairs, a lift), which building it is in, and which stairs and lifts are one
shaft across levels."""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field

from . import names, osm_geo, osm_levels
from .osm_read import Element

NEAR = 5.0  # metres: an entrance drawn on a building's wall, or just outside it, is its entrance
SAME_SHAFT = 4.0  # metres: stairs mapped once per level, this close, are one stairwell
_ID_CHARS = re.compile(r"[^A-Za-z0-9_-]+")
SKIPPED_ENTRANCES = {"no", "emergency", "exit"}  # not a way in for attendees


@dataclass
class Feature:
    el: Element
    role: str  # building, room, area, corridor, level, entrance, stairs, lift
    pts: list[osm_geo.Point]  # in metres
    levels: list[float]
    level_said: bool
    building: str | None = None
    centre: osm_geo.Point = (0.0, 0.0)

    @property
    def ref(self) -> str | None:
        return _text(self.el.tags.get("ref"))

    @property
    def name(self) -> str | None:
        return _text(self.el.tags.get("name"))

    @property
    def label(self) -> str | None:
        return self.name or self.ref


@dataclass
class Building:
    id: str
    name: str
    outline: list[osm_geo.Point]
    by_ref: bool  # its id is its own ref, not made up from its name
    features: list[Feature] = field(default_factory=list)


def role(el: Element) -> str | None:
    t = el.tags
    if t.get("highway") == "elevator" or t.get("elevator") == "yes" or t.get("room") == "elevator":
        return "lift"
    if t.get("highway") == "steps" or t.get("stairs") == "yes" or t.get("room") == "stairs":
        return "stairs"
    if el.kind == "point" and t.get("entrance", "no") not in SKIPPED_ENTRANCES:
        return "entrance"
    if t.get("indoor") in ("room", "area", "corridor", "level"):
        return t["indoor"]
    if t.get("building", "no") != "no" and el.kind == "area" and "indoor" not in t:
        return "building"
    return None


def buildings(features: list[Feature]) -> list[Building]:
    """The venue's buildings, ids from their `ref` (else their name), named by `name`."""
    out: list[Building] = []
    used: set[str] = set()
    for f in features:
        if f.role != "building":
            continue
        base = _ID_CHARS.sub("-", f.ref or f.name or "").strip("-")[:40] or f"building-{len(out) + 1}"
        bid, n = base, 1
        while bid in used:
            n += 1
            bid = f"{base}-{n}"
        used.add(bid)
        out.append(Building(bid, f.name or f.ref or bid, f.pts, bid == f.ref))
    return sorted(out, key=lambda b: (b.name.casefold(), b.id))


def place(features: list[Feature], found: list[Building]) -> None:
    """Each feature's building: the smallest outline around its centre, else the nearest
    within NEAR metres, else none."""
    for f in features:
        if f.role == "building":
            continue
        around = [b for b in found if osm_geo.inside(f.centre, b.outline)]
        if around:
            best = min(around, key=lambda b: osm_geo.area(b.outline))
        else:
            near = [(osm_geo.distance(f.centre, b.outline), b) for b in found]
            near = [(d, b) for d, b in near if d <= NEAR]
            best = min(near, key=lambda pair: pair[0])[1] if near else None
        if best is not None:
            f.building = best.id
            best.features.append(f)


def rename(found: list[Building], features: list[Feature], rooms_in: dict[str, list[str]]) -> None:
    """A building with no ref of its own takes the id the name rule reads in the names of the
    schedule rooms matched inside it ("K" for rooms K.1.101 and K.1.102), when most it reads agree:
    the schedule's rooms that are on no map then group with it."""
    taken = {b.id for b in found}
    for b in found:
        if b.by_ref:
            continue
        votes = Counter(p for name in rooms_in.get(b.id, []) if (p := names.place(name).building))
        if not votes:
            continue
        best, count = votes.most_common(1)[0]
        if count * 2 <= sum(votes.values()) or best in taken or len(best) > 64:
            continue
        taken.add(best)
        for f in features:
            if f.building == b.id:
                f.building = best
        b.id = best


def shafts(connectors: list[Feature]) -> list[list[Feature]]:
    """Stairs and lifts grouped by shaft: one element spanning levels is one already; elements
    of one building and kind on different levels join when they carry the same ref or name, or
    stand within SAME_SHAFT metres of each other."""
    parent = list(range(len(connectors)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, a in enumerate(connectors):
        for j in range(i):
            b = connectors[j]
            if a.role != b.role or a.building != b.building or set(a.levels) & set(b.levels):
                continue
            same_label = a.label is not None and _label_key(a) == _label_key(b)
            if same_label or math.dist(a.centre, b.centre) <= SAME_SHAFT:
                parent[root(i)] = root(j)
    groups: dict[int, list[Feature]] = {}
    for i, c in enumerate(connectors):
        groups.setdefault(root(i), []).append(c)
    return list(groups.values())


def _label_key(f: Feature) -> str:
    return (f.label or "").casefold()


def feature(el: Element, project: osm_geo.Projector) -> Feature | None:
    kind = role(el)
    if kind is None:
        return None
    pts = [project(p) for p in el.coords]
    found, said = osm_levels.levels(el.tags)
    f = Feature(el, kind, pts, found, said)
    f.centre = osm_geo.centre(pts) if el.kind == "area" else _middle(pts)
    return f


def _middle(pts: list[osm_geo.Point]) -> osm_geo.Point:
    """A line's middle vertex (a flight of steps' middle), a point itself."""
    return pts[len(pts) // 2] if len(pts) != 2 else ((pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2)


def _text(v: str | None) -> str | None:
    return v.strip() if isinstance(v, str) and v.strip() else None
