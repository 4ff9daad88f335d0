"""OSM XML (`<osm><node/><way/><relation/></osm>`, as JOSM and the OSM API write it), read as a
stream through defusedxml with DTDs forbidden: no tree is built, and counting stops the read
at the first node past the bound."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

from .osm_errors import MAX_NODES, OsmError, too_many

Raw = tuple[str, dict[str, str], str, list[tuple[float, float]]]
CHUNK = 64 * 1024


class _Reader:
    """The parser's target: keeps node positions, ways' node lists, relations' members, and
    the tags of each."""

    def __init__(self) -> None:
        self.nodes: dict[str, tuple[float, float]] = {}
        self.tagged_nodes: list[tuple[str, dict[str, str]]] = []
        self.ways: dict[str, tuple[list[str], dict[str, str]]] = {}
        self.relations: list[tuple[str, list[tuple[str, str, str]], dict[str, str]]] = []
        self.root: str | None = None
        self.depth = 0
        self.current: tuple[str, str, dict[str, str], list[Any]] | None = None

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        self.depth += 1
        if self.depth == 1:
            self.root = tag
            if tag != "osm":
                raise OsmError(f"not an OSM XML file: its root element is <{tag}>, not <osm>")
            return
        if self.depth == 2 and tag in ("node", "way", "relation"):
            if attrs.get("action") == "delete":  # JOSM keeps what an editor deleted, marked
                self.current = (tag, "deleted", {}, [])
                return
            oid = attrs.get("id", "")
            if tag == "node":
                if len(self.nodes) >= MAX_NODES:
                    raise OsmError(too_many(f"more than {MAX_NODES:,} nodes"))
                try:
                    lon, lat = float(attrs["lon"]), float(attrs["lat"])
                except (KeyError, ValueError) as exc:
                    raise OsmError(f"node {oid} has no readable lat and lon") from exc
                if not (-180 <= lon <= 180 and -90 <= lat <= 90):
                    raise OsmError(f"node {oid} is not on Earth (lat {lat}, lon {lon})")
                self.nodes[oid] = (lon, lat)
            elif tag == "way" and len(self.ways) >= MAX_NODES:
                raise OsmError(too_many(f"more than {MAX_NODES:,} ways"))
            self.current = (tag, oid, {}, [])
        elif self.depth == 3 and self.current is not None:
            _, _, tags, members = self.current
            if tag == "tag" and "k" in attrs:
                tags[attrs["k"]] = attrs.get("v", "")
            elif tag == "nd" and "ref" in attrs:
                members.append(attrs["ref"])
            elif tag == "member" and "ref" in attrs:
                members.append((attrs.get("type", ""), attrs["ref"], attrs.get("role", "")))

    def end(self, tag: str) -> None:
        self.depth -= 1
        if self.depth != 1 or self.current is None:
            return
        kind, oid, tags, members = self.current
        self.current = None
        if oid == "deleted":
            return
        if kind == "node" and tags:
            self.tagged_nodes.append((oid, tags))
        elif kind == "way":
            self.ways[oid] = (members, tags)
        elif kind == "relation":
            self.relations.append((oid, members, tags))

    def data(self, text: str) -> None:
        pass

    def close(self) -> None:
        return None


def read(data: bytes) -> list[Raw]:
    reader = _Reader()
    parser = DefusedXMLParser(target=reader, forbid_dtd=True)
    try:
        for at in range(0, len(data), CHUNK):
            parser.feed(data[at : at + CHUNK])
        parser.close()
    except ET.ParseError as exc:
        line = f" (line {exc.position[0]})" if exc.position else ""
        raise OsmError(f"not well-formed XML{line}: {exc}") from exc
    except DefusedXmlException as exc:
        raise OsmError(
            f"refused: the XML declares a DTD or entities, which an OSM export never does ({exc})"
        ) from exc
    except LookupError as exc:
        raise OsmError(f"the XML declaration names an unknown encoding ({exc})") from exc
    if reader.root is None:
        raise OsmError("not an OSM XML file: it is empty")
    return _elements(reader)


def _elements(r: _Reader) -> list[Raw]:
    out: list[Raw] = [(f"node/{oid}", tags, "point", [r.nodes[oid]]) for oid, tags in r.tagged_nodes]
    used: set[str] = set()
    for oid, members, tags in r.relations:
        if tags.get("type") != "multipolygon" or len(tags) < 2:
            continue
        outers = [
            r.ways[ref] for kind, ref, role in members if kind == "way" and role != "inner" and ref in r.ways
        ]
        used.update(ref for kind, ref, _ in members if kind == "way")
        rings = _join([[r.nodes[n] for n in nds if n in r.nodes] for nds, _ in outers])
        if rings:
            out.append((f"relation/{oid}", tags, "area", max(rings, key=len)))
    for oid, (nds, tags) in r.ways.items():
        if not tags or (oid in used and not _own_tags(tags)):
            continue
        coords = [r.nodes[n] for n in nds if n in r.nodes]
        if len(coords) < 2 or len(coords) < len(nds):
            continue  # a way whose nodes the export left out cannot be drawn
        if len(coords) >= 4 and coords[0] == coords[-1]:
            out.append((f"way/{oid}", tags, "area", coords[:-1]))
        else:
            out.append((f"way/{oid}", tags, "line", coords))
    return out


def _own_tags(tags: dict[str, str]) -> bool:
    """Whether a way that is part of a multipolygon is also a feature itself (not only an
    outline carrying, say, source=survey)."""
    return bool(set(tags) & {"indoor", "building", "entrance", "highway", "stairs", "elevator", "door"})


def _join(parts: list[list[tuple[float, float]]]) -> list[list[tuple[float, float]]]:
    """The closed rings a multipolygon's outer ways make, joining ways end to end."""
    rings: list[list[tuple[float, float]]] = []
    open_parts = [p for p in parts if len(p) >= 2]
    while open_parts:
        ring = list(open_parts.pop(0))
        while ring[0] != ring[-1]:
            for i, part in enumerate(open_parts):
                if part[0] == ring[-1]:
                    ring.extend(part[1:])
                elif part[-1] == ring[-1]:
                    ring.extend(reversed(part[:-1]))
                else:
                    continue
                open_parts.pop(i)
                break
            else:
                break  # an outline that never closes is left out
        if ring[0] == ring[-1] and len(ring) >= 4:
            rings.append(ring[:-1])
    return rings
