"""Plane geometry for an OpenStreetMap import: longitude and latitude to metres, and the few
measures the import needs (centre, inside, distance), on plain lists of points.

The projection is a local equirectangular one around the venue's centre: x east, y south (as a
plan's y grows downwards), in metres. Over a venue's few hundred metres it is off by far less
than a wall's thickness (the error grows with the square of the distance from the centre).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

Point = tuple[float, float]
EARTH_RADIUS = 6_371_008.8  # metres, the mean radius
Projector = Callable[[Point], Point]
MAX_POINTS = 1000  # a plan's polygon holds at most this many (webapp.venue.shapes)


def projection(lonlats: Iterable[Point]) -> tuple[Callable[[Point], Point], Point]:
    """A function (lon, lat) -> (x, y) metres around the centre of the points' bounding box,
    and that centre (lon, lat)."""
    pts = list(lonlats)
    lon0 = (min(p[0] for p in pts) + max(p[0] for p in pts)) / 2
    lat0 = (min(p[1] for p in pts) + max(p[1] for p in pts)) / 2
    k = math.pi / 180 * EARTH_RADIUS
    kx = k * math.cos(math.radians(lat0))

    def project(p: Point) -> Point:
        return (p[0] - lon0) * kx, (lat0 - p[1]) * k

    return project, (lon0, lat0)


def centre(points: list[Point]) -> Point:
    """The centroid of a polygon's area (of a line's or a point's vertices when it has none)."""
    if len(points) >= 3:
        a = cx = cy = 0.0
        for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
            cross = x0 * y1 - x1 * y0
            a += cross
            cx += (x0 + x1) * cross
            cy += (y0 + y1) * cross
        if abs(a) > 1e-9:
            return cx / (3 * a), cy / (3 * a)
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def inside(p: Point, polygon: list[Point]) -> bool:
    x, y = p
    found = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            found = not found
    return found


def distance(p: Point, polygon: list[Point]) -> float:
    """From a point to a polygon's outline (0 inside it)."""
    if len(polygon) >= 3 and inside(p, polygon):
        return 0.0
    best = math.inf
    for a, b in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        best = min(best, _to_segment(p, a, b))
    return best


def _to_segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def area(polygon: list[Point]) -> float:
    return (
        abs(
            sum(
                x0 * y1 - x1 * y0
                for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True)
            )
        )
        / 2
    )


def thinned(points: list[Point]) -> list[Point]:
    """At most MAX_POINTS of the points, evenly kept (a plan needs no survey's detail)."""
    if len(points) <= MAX_POINTS:
        return points
    step = len(points) / MAX_POINTS
    return [points[int(i * step)] for i in range(MAX_POINTS)]
