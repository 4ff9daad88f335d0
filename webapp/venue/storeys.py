"""Which building and floor each room is on, and the venue's buildings in order.

A room's place comes, first found, from its own entry in venue.json (`building`, `level`),
from the plan floor it is drawn on (the floor's `building` and `level`), or from its name
(`names.place`). Buildings are listed in the file's order, then in the order their rooms
first appear in the schedule. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import names, shapes

BUILDING_KEYS = {"id", "name", "note"}
WALKING_KEYS = {"speed", "between"}
LEG_KEYS = {"from", "to", "minutes"}
MAX_TEXT = 64


def is_building(v: Any) -> bool:
    return isinstance(v, str) and 0 < len(v.strip()) == len(v) <= MAX_TEXT


def is_level(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and -20 <= v <= 200


def check_buildings(spec: Any, errs: list[str]) -> list[dict[str, Any]]:
    """The file's `buildings`: [{"id", "name"?, "note"?}], in display order."""
    if spec is None:
        return []
    if not isinstance(spec, list):
        errs.append('buildings: must be a list of {"id", "name", "note"}')
        return []
    out: dict[str, dict[str, Any]] = {}
    for i, b in enumerate(spec):
        where = f"buildings[{i}]"
        if not isinstance(b, dict) or not is_building(b.get("id")):
            errs.append(f"{where}: needs an id (1-{MAX_TEXT} characters, no outer spaces)")
            continue
        for key in sorted(set(b) - BUILDING_KEYS):
            errs.append(f"{where}: unknown key {key!r} (known: {', '.join(sorted(BUILDING_KEYS))})")
        if b["id"] in out:
            errs.append(f"{where}: duplicate building id {b['id']!r}")
            continue
        name, note = b.get("name", b["id"]), b.get("note")
        if not _text(name) or (note is not None and not _text(note)):
            errs.append(f"{where}: name and note must be text")
            continue
        out[b["id"]] = {"id": b["id"], "name": name, "note": note}
    return list(out.values())


def check_walking(spec: Any, ids: set[str], errs: list[str]) -> dict[str, Any]:
    """The file's `walking`: a speed in m/s and minutes between buildings or rooms (`ids`)."""
    if spec is None:
        return {"speed": None, "between": []}
    if not isinstance(spec, dict):
        errs.append('walking: must be {"speed": metres per second, "between": [...]}')
        return {"speed": None, "between": []}
    for key in sorted(set(spec) - WALKING_KEYS):
        errs.append(f"walking: unknown key {key!r} (known: {', '.join(sorted(WALKING_KEYS))})")
    speed = spec.get("speed")
    if speed is not None and not (shapes.is_number(speed) and 0.2 <= speed <= 5):
        errs.append("walking.speed: metres per second, between 0.2 and 5")
        speed = None
    legs = spec.get("between", [])
    if not isinstance(legs, list):
        errs.append('walking.between: must be a list of {"from", "to", "minutes"}')
        legs = []
    between = []
    for i, leg in enumerate(legs):
        where = f"walking.between[{i}]"
        if not isinstance(leg, dict) or set(leg) != LEG_KEYS:
            errs.append(f'{where}: must be {{"from", "to", "minutes"}}')
            continue
        unknown = [e for e in (leg["from"], leg["to"]) if e not in ids]
        if unknown:
            errs.append(f"{where}: {unknown[0]!r} is neither a building nor a room")
            continue
        if not (shapes.is_number(leg["minutes"]) and 0 <= leg["minutes"] <= 240):
            errs.append(f"{where}: minutes must be a number from 0 to 240")
            continue
        between.append({"from": leg["from"], "to": leg["to"], "minutes": shapes.num(leg["minutes"])})
    return {"speed": speed, "between": between}


def check_place(entry: Mapping[str, Any], where: str, errs: list[str]) -> None:
    """A room's or floor's own `building` and `level`, when given."""
    if "building" in entry and not is_building(entry["building"]):
        errs.append(f"{where}: building must be a building id (1-{MAX_TEXT} characters)")
    if "level" in entry and not is_level(entry["level"]):
        errs.append(f"{where}: level must be a whole number (0 the ground floor, -1 below it)")


def locate(
    rooms: Mapping[str, str],
    placed: Mapping[str, Mapping[str, Any]],
    floors: Mapping[str, Mapping[str, Any]],
) -> dict[str, names.Place]:
    """room id -> (building, level): the room's entry, then its floor's, then its name's."""
    out = {}
    for rid, guess in names.places(rooms).items():
        entry = placed.get(rid, {})
        floor = floors.get(entry.get("floor") or "", {})
        building = entry.get("building") or floor.get("building") or guess.building
        level = next((v for v in (entry.get("level"), floor.get("level")) if v is not None), None)
        if level is None and building == guess.building:
            level = guess.level
        out[rid] = names.Place(building, level)
    return out


def assemble(
    declared: list[dict[str, Any]],
    located: Mapping[str, names.Place],
    floors: Mapping[str, Mapping[str, Any]],
) -> list[dict[str, Any]]:
    """The venue's buildings in order, each with its levels (ascending, unknown last) and the
    plan floor drawn for each level, if any."""
    found = names.building_order(
        [b["id"] for b in declared]
        + [p.building for p in located.values()]
        + [f.get("building") for f in floors.values()]
    )
    by_id = {b["id"]: b for b in declared}
    out = []
    for bid in found:
        levels: dict[int | None, str | None] = {}
        for fid, f in floors.items():
            if f.get("building") == bid:
                levels.setdefault(f.get("level"), fid)
        for p in located.values():
            if p.building == bid:
                levels.setdefault(p.level, None)
        ordered = sorted(levels, key=lambda lv: (lv is None, lv or 0))
        b = by_id.get(bid, {"id": bid, "name": bid, "note": None})
        out.append({**b, "levels": [{"level": lv, "floor": levels[lv]} for lv in ordered]})
    return out


def _text(v: Any) -> bool:
    return isinstance(v, str) and bool(v.strip())
