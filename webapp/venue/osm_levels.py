"""OpenStreetMap's `level=*` values: "0", "-1", "1.5", "0;1" (on both), "0-2" (a range), and
`repeat_on=*` (the same stairs on more levels)."""

from __future__ import annotations

import math
import re

_RANGE = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*-\s*(-?\d+(?:\.\d+)?)\s*$")
MAX_SPAN = 200  # storeys a range may cover; a typo's "0-10000" is not a building


def levels(tags: dict[str, str]) -> tuple[list[float], bool]:
    """The sorted levels an element is on, and whether it said (an element with no level tag
    is taken to be on level 0, as the schema's ground floor)."""
    found: set[float] = set()
    said = False
    for tag in ("level", "repeat_on"):
        for part in tags.get(tag, "").split(";"):
            part = part.strip()
            if not part:
                continue
            said = True
            found.update(_part(part))
    return (sorted(found) or [0.0]), said and bool(found)


def _part(part: str) -> list[float]:
    try:
        value = float(part)
    except ValueError:
        m = _RANGE.match(part)
        if not m:
            return []
        low, high = sorted((float(m[1]), float(m[2])))
        if not (low.is_integer() and high.is_integer()) or high - low > MAX_SPAN:
            return [low, high]
        return [float(n) for n in range(int(low), int(high) + 1)]
    return [value] if math.isfinite(value) else []


def whole(level: float) -> int | None:
    """The storey number a plan's `level` holds (a mezzanine's 1.5 has none)."""
    return int(level) if level.is_integer() else None


def label(level: float) -> str:
    return str(int(level)) if level.is_integer() else f"{level:g}"


def slug(level: float) -> str:
    """A level in a floor id: "0", "m1" for -1, "1_5" for 1.5."""
    text = label(abs(level)).replace(".", "_")
    return f"m{text}" if level < 0 else text
