"""Walking time between every pair of the schedule's rooms, in whole minutes, from the built
venue document (`plan.py`) and the organizer's `walking` section of `data/venue.json`.

The model, and every constant below, is told in docs/venue.md ("Walking time"). In short: on
a floor plan with a scale, the straight line between two rooms' points times a detour factor
at the walking speed; a change of floor through the stairs or lift of that building that makes
the walk shortest (lifts only for the step-free matrix); from one building to another through
each building's nearest entrance plus the minutes outside. A room on no plan (names only) gets
an estimate from its building and level. The organizer's table wins over all of it. Pure.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

SPEED = 1.2  # metres per second: a walk through a crowded corridor, not an empty street
DETOUR = 1.3  # corridors and doors: a walk is about a third longer than the straight line
STAIRS_PER_LEVEL = 20.0  # seconds to climb or go down one storey by the stairs
LIFT_WAIT = 60.0  # seconds waiting for a lift, once per ride
LIFT_PER_LEVEL = 10.0  # seconds in the lift per storey
SAME_FLOOR = 120.0  # names only: from one room to another along one floor
TO_ENTRANCE = 60.0  # names only: from a room to its building's door, on the door's level
BETWEEN_BUILDINGS = 180.0  # outside, entrance to entrance, when the organizer gives no time

Pair = frozenset[str]


@dataclass(frozen=True)
class Settings:
    speed: float = SPEED
    between: Mapping[Pair, float] = field(default_factory=dict)  # minutes, by {from, to}; later wins


@dataclass(frozen=True)
class Spot:
    """A room, or an entrance, where the plan says: its floor and point in metres, if any."""

    id: str
    building: str | None
    level: int | None
    floor: str | None = None
    xy: tuple[float, float] | None = None  # metres on its floor (plan units / scale)


def settings_of(walking: Mapping[str, Any]) -> Settings:
    """The organizer's `walking` as plan.py checked it (`storeys.check_walking`)."""
    speed = walking.get("speed")
    legs = walking.get("between", [])
    between = {frozenset((g["from"], g["to"])): float(g["minutes"]) for g in legs if g["from"] != g["to"]}
    return Settings(float(speed) if speed else SPEED, between)


def walk(doc: Mapping[str, Any], settings: Settings = Settings()) -> dict[str, Any] | None:
    """The document's `walk`: minutes between every pair of rooms (rounded up), the same by
    lifts only when that differs (else `step_free` is null), and whether a plan's scale was
    used. None for fewer than two rooms: there is nowhere to walk."""
    model = _Model(doc, settings)
    rooms = model.rooms
    if len(rooms) < 2:
        return None
    n = len(rooms)
    minutes = [[0] * n for _ in range(n)]
    step_free = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            for matrix, lifts_only in ((minutes, False), (step_free, True)):
                matrix[i][j] = matrix[j][i] = model.minutes(rooms[i], rooms[j], lifts_only)
    return {
        "rooms": [r.id for r in rooms],
        "minutes": minutes,
        "step_free": None if step_free == minutes else step_free,
        "from_plan": model.used_plan,
    }


class _Model:
    def __init__(self, doc: Mapping[str, Any], settings: Settings) -> None:
        self.settings = settings
        self.used_plan = False
        floors = {f["id"]: f for f in doc.get("floors", [])}
        # A floor's plan units per metre, and its connectors in metres: {id: (kind, xy)}.
        self.scale: dict[str, float] = {}
        self.connectors: dict[str, dict[str, tuple[str, tuple[float, float]]]] = {}
        self.floor_place: dict[str, tuple[str | None, int | None]] = {}
        for fid, f in floors.items():
            self.floor_place[fid] = (f.get("building"), f.get("level"))
            scale = f.get("scale")
            if _number(scale) and scale > 0:
                self.scale[fid] = scale
                self.connectors[fid] = {
                    c["id"]: (c["kind"], self._metres(fid, c["at"]))
                    for c in f.get("connectors", [])
                    if _point(c.get("at"))
                }
        self.rooms = [self._spot(r) for r in doc.get("rooms", [])]
        self.buildings = {b["id"] for b in doc.get("buildings", [])} | {
            r.building for r in self.rooms if r.building
        }
        self.entrances: dict[str, list[Spot]] = {}
        for e in doc.get("entrances", []):
            spot = self._spot(e)
            if spot.xy is not None and spot.building is not None:
                self.entrances.setdefault(spot.building, []).append(spot)

    def _metres(self, floor: str, at: list[float]) -> tuple[float, float]:
        return (at[0] / self.scale[floor], at[1] / self.scale[floor])

    def _spot(self, node: Mapping[str, Any]) -> Spot:
        fid = node.get("floor")
        building, level = self.floor_place.get(fid, (None, None))
        # The room's own building and level (the name rule, corrected by the file) come first.
        building = node.get("building", building) or building
        level = node.get("level") if isinstance(node.get("level"), int) else level
        xy = self._metres(fid, node["at"]) if fid in self.scale and _point(node.get("at")) else None
        return Spot(node["id"], building, level, fid if xy else None, xy)

    def minutes(self, a: Spot, b: Spot, lifts_only: bool) -> int:
        given = self._given(a, b)
        if given is not None:
            return max(1, math.ceil(given - 1e-9))
        return max(1, math.ceil(self.seconds(a, b, lifts_only) / 60 - 1e-9))

    def _given(self, a: Spot, b: Spot) -> float | None:
        """The organizer's minutes from room to room, or from a room to another building."""
        table = self.settings.between
        room = self._room_id
        pairs = [(room(a), room(b))]
        if a.building != b.building:
            pairs += [(room(a), b.building), (a.building, room(b))]
        for pair in pairs:
            if None not in pair and frozenset(pair) in table:
                return table[frozenset(pair)]
        return None

    def _room_id(self, spot: Spot) -> str | None:
        # An id the table gives that names a building means the building ("Janson" the hall).
        return None if spot.id in self.buildings else spot.id

    def seconds(self, a: Spot, b: Spot, lifts_only: bool) -> float:
        if a.building == b.building:
            inside = self._inside(a, b, lifts_only)
            return inside if inside is not None else SAME_FLOOR + self._climb(_levels(a, b), lifts_only)
        outside = (
            self.settings.between.get(frozenset((a.building, b.building)))
            if a.building and b.building
            else None
        )
        legs = self._leg(a, lifts_only) + self._leg(b, lifts_only)
        return legs + (BETWEEN_BUILDINGS if outside is None else outside * 60)

    def _inside(self, a: Spot, b: Spot, lifts_only: bool) -> float | None:
        """Seconds between two spots of one building on scaled plans, or None (not both on one)."""
        if a.xy is None or b.xy is None:
            return None
        self.used_plan = True
        if a.floor == b.floor:
            return self._flat(a.xy, b.xy)
        levels = _levels(a, b) or 1  # two plans of one building at one level: a step or ramp
        here, there = self.connectors.get(a.floor, {}), self.connectors.get(b.floor, {})
        best = None
        for cid, (kind, at) in here.items():
            if cid not in there or there[cid][0] != kind or (lifts_only and kind != "lift"):
                continue
            cost = self._flat(a.xy, at) + self._ride(kind, levels) + self._flat(there[cid][1], b.xy)
            best = cost if best is None else min(best, cost)
        # No shared stairs (or lift) on the plans: straight across as if one stood where needed.
        return best if best is not None else self._flat(a.xy, b.xy) + self._climb(levels, lifts_only)

    def _leg(self, spot: Spot, lifts_only: bool) -> float:
        """From a room out through its building's nearest entrance on the plan (or an estimate)."""
        doors = [self._inside(spot, door, lifts_only) for door in self.entrances.get(spot.building or "", ())]
        found = [d for d in doors if d is not None]
        return min(found) if found else TO_ENTRANCE + self._climb(abs(spot.level or 0), lifts_only)

    def _flat(self, p: tuple[float, float], q: tuple[float, float]) -> float:
        return math.dist(p, q) * DETOUR / self.settings.speed

    def _climb(self, levels: int, lifts_only: bool) -> float:
        return (
            self._ride("lift", levels)
            if lifts_only
            else min(self._ride("stairs", levels), self._ride("lift", levels))
        )

    @staticmethod
    def _ride(kind: str, levels: int) -> float:
        if levels == 0:
            return 0.0
        return levels * STAIRS_PER_LEVEL if kind == "stairs" else LIFT_WAIT + levels * LIFT_PER_LEVEL


def _levels(a: Spot, b: Spot) -> int:
    return abs(a.level - b.level) if a.level is not None and b.level is not None else 0


def _number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)


def _point(p: Any) -> bool:
    return isinstance(p, list) and len(p) == 2 and all(map(_number, p))
