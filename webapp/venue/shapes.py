"""Geometry of `data/venue.json`: shapes in a floor's plan coordinates turned into SVG nodes."""

from __future__ import annotations

import math
from typing import Any

Node = dict[str, Any]


def shape(spec: Any, view_box: list[float], where: str, errs: list[str]) -> Node | None:
    """{"rect": [x, y, w, h]} or {"polygon": [[x, y], ...]} -> an SVG node with its label point."""
    if isinstance(spec, dict) and len(spec) == 1 and "rect" in spec:
        r = spec["rect"]
        if isinstance(r, list) and len(r) == 4 and all(map(is_number, r)) and r[2] > 0 and r[3] > 0:
            points = [[r[0], r[1]], [r[0] + r[2], r[1] + r[3]]]
            node: Node = {"tag": "rect", "attrs": rect_attrs(*r)}
        else:
            points = []
    elif isinstance(spec, dict) and len(spec) == 1 and "polygon" in spec:
        points = spec["polygon"] if isinstance(spec["polygon"], list) else []
        if not (3 <= len(points) <= 1000 and all(map(point, points))):
            points = []
        node = {"tag": "polygon", "attrs": {"points": " ".join(f"{num(x)},{num(y)}" for x, y in points)}}
    else:
        points = []
    if not points:
        errs.append(
            f'{where}: shape must be {{"rect": [x, y, width, height]}} or {{"polygon": [[x, y], ...]}}'
        )
        return None
    if not inside(points, view_box):
        errs.append(f"{where}: shape lies outside the floor's plan {view_box}")
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    node["label"] = [num((min(xs) + max(xs)) / 2), num((min(ys) + max(ys)) / 2)]
    return node


def text_node(at: list[float], text: str, cls: str) -> Node:
    return {"tag": "text", "attrs": {"x": num(at[0]), "y": num(at[1]), "class": cls}, "text": text}


def rect_attrs(x: float, y: float, w: float, h: float) -> dict[str, float]:
    return {"x": num(x), "y": num(y), "width": num(w), "height": num(h)}


def inside(points: list[list[float]], view_box: list[float]) -> bool:
    x0, y0, w, h = view_box
    return all(x0 <= x <= x0 + w and y0 <= y <= y0 + h for x, y in points)


def point(p: Any) -> bool:
    return isinstance(p, list) and len(p) == 2 and all(map(is_number, p))


def is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)


def num(v: float) -> float | int:
    return int(v) if float(v).is_integer() else round(float(v), 3)
