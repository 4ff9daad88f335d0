"""An organizer's SVG floor plan, reduced to a whitelist of plain shapes and text.

The file is never passed through. It is parsed with expat with any DTD refused (so no
entities and no external references), only whitelisted elements and attributes survive,
and the result is a tree of plain dicts that the client rebuilds with createElementNS:
nothing in the file can run a script, fetch a URL or collide with the app's own ids.
A shape whose `data-room` (or `id`) is a room id of the schedule becomes that room.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from xml.parsers import expat
from xml.sax.saxutils import escape, quoteattr

SVG_NS = "http://www.w3.org/2000/svg"
ELEMENTS = frozenset(
    {"g", "rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text", "tspan"}
)
TEXT_ELEMENTS = frozenset({"text", "tspan"})
ATTRIBUTES = frozenset(
    "x y width height rx ry cx cy r x1 y1 x2 y2 dx dy points d transform fill stroke stroke-width "
    "stroke-dasharray stroke-linecap stroke-linejoin opacity fill-opacity stroke-opacity fill-rule "
    "font-size font-weight font-style text-anchor dominant-baseline".split()
)
# Geometry, colours and numbers only: no quotes, colons or semicolons, and `url(` is refused
# below, so a value can neither reference another resource nor break out of the attribute.
SAFE_VALUE = re.compile(r"^[A-Za-z0-9#.,%()+\- ]{0,4000}$")
# What an upload is refused for rather than quietly cleaned (`strict`): content that runs,
# links, or loads something from elsewhere. The organizer learns the file was not a plain plan.
ACTIVE = frozenset({"script", "foreignObject", "iframe", "embed", "object", "image", "use", "a", "style",
                    "link", "animate", "set", "animateTransform", "animateMotion", "feImage"})  # fmt: skip
MAX_BYTES = 2_000_000
MAX_NODES = 5_000
MAX_DEPTH = 32

Node = dict[str, Any]


class SvgError(ValueError):
    """A floor plan that cannot be used; the message says where."""


@dataclass
class Plan:
    view_box: tuple[float, float, float, float]
    nodes: list[Node]
    rooms: set[str] = field(default_factory=set)
    warnings: list[str] = field(default_factory=list)


def sanitize(text: str, room_ids: frozenset[str] | set[str], strict: bool = False) -> Plan:
    """Parse `text` as an SVG plan; room shapes are matched against `room_ids`. `strict` (an
    upload): a script, a link, an event handler or a reference to another resource is refused
    with an SvgError instead of dropped."""
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise SvgError(f"larger than {MAX_BYTES // 1_000_000} MB")
    builder = _Builder(frozenset(room_ids), strict)
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartDoctypeDeclHandler = builder.refuse_doctype
    parser.EntityDeclHandler = builder.refuse_doctype
    parser.StartElementHandler = builder.start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.chars
    builder.parser = parser
    try:
        parser.Parse(text, True)
    except expat.ExpatError as exc:
        raise SvgError(f"not well-formed XML: {exc}") from exc
    if builder.view_box is None:
        raise SvgError("no <svg> root element")
    return Plan(builder.view_box, builder.root_children, builder.rooms, builder.warnings)


class _Builder:
    def __init__(self, room_ids: frozenset[str], strict: bool = False) -> None:
        self.room_ids = room_ids
        self.strict = strict
        self.parser: Any = None
        self.view_box: tuple[float, float, float, float] | None = None
        self.root_children: list[Node] = []
        self.stack: list[Node | None] = []  # None: inside a dropped element
        self.rooms: set[str] = set()
        self.warnings: list[str] = []
        self.count = 0

    def _where(self) -> str:
        return f"line {self.parser.CurrentLineNumber}"

    def refuse_doctype(self, *_args: Any) -> None:
        raise SvgError(f"{self._where()}: DOCTYPE and entity declarations are not accepted")

    def start(self, name: str, attrs: dict[str, str]) -> None:
        ns, _, local = name.rpartition(" ")
        if self.strict:
            self._refuse_active(local, attrs)
        if not self.stack and self.view_box is None:
            if local != "svg" or ns not in ("", SVG_NS):
                raise SvgError(f"{self._where()}: the root element is <{local}>, not <svg>")
            self.view_box = _view_box(attrs, self._where())
            self.stack.append({"children": self.root_children})
            return
        parent = self.stack[-1] if self.stack else None
        if parent is None or ns not in ("", SVG_NS) or local not in ELEMENTS:
            if parent is not None:
                self.warnings.append(f"{self._where()}: dropped <{local}>")
            self.stack.append(None)
            return
        self.count += 1
        if self.count > MAX_NODES or len(self.stack) > MAX_DEPTH:
            raise SvgError(f"{self._where()}: more than {MAX_NODES} elements or {MAX_DEPTH} levels deep")
        node: Node = {"tag": local, "attrs": self._attrs(local, attrs)}
        room = attrs.get("data-room") or (attrs.get("id") if attrs.get("id") in self.room_ids else None)
        if room is not None:
            if room not in self.room_ids:
                raise SvgError(f"{self._where()}: data-room={room!r} is not a room id of the schedule")
            node["room"] = room
            self.rooms.add(room)
        parent.setdefault("children", []).append(node)
        self.stack.append(node)

    def _refuse_active(self, tag: str, attrs: dict[str, str]) -> None:
        if tag in ACTIVE:
            raise SvgError(
                f"{self._where()}: <{tag}> is not accepted: a plan holds shapes and text only "
                "(no scripts, links, styles, animations or images from elsewhere)"
            )
        for key, value in attrs.items():
            local = key.rpartition(" ")[2]
            if local.lower().startswith("on") or local == "href" or "url(" in value.lower():
                raise SvgError(
                    f"{self._where()}: {local}= on <{tag}> is not accepted: "
                    "no event handlers or references to other resources"
                )

    def _attrs(self, tag: str, attrs: dict[str, str]) -> dict[str, str]:
        kept: dict[str, str] = {}
        for key, value in attrs.items():
            if key in ("id", "data-room", "class"):
                continue  # ids are turned into rooms above; the rest would clash with the app
            if key not in ATTRIBUTES or not SAFE_VALUE.match(value) or "url(" in value.lower():
                self.warnings.append(f"{self._where()}: dropped {key}= on <{tag}>")
                continue
            kept[key] = value
        return kept

    def end(self, _name: str) -> None:
        node = self.stack.pop()
        if node is not None and "text" in node:
            node["text"] = " ".join(node["text"].split())  # expat hands text over in pieces
            if not node["text"]:
                del node["text"]

    def chars(self, data: str) -> None:
        node = self.stack[-1] if self.stack else None
        if node is not None and node.get("tag") in TEXT_ELEMENTS:
            node["text"] = node.get("text", "") + data


def _view_box(attrs: dict[str, str], where: str) -> tuple[float, float, float, float]:
    try:
        if "viewBox" in attrs:
            x, y, w, h = (float(v) for v in attrs["viewBox"].replace(",", " ").split())
        else:
            x, y = 0.0, 0.0
            w, h = float(attrs["width"]), float(attrs["height"])
    except (KeyError, ValueError) as exc:
        raise SvgError(f"{where}: <svg> needs a viewBox (or numeric width and height)") from exc
    if not (w > 0 and h > 0):
        raise SvgError(f"{where}: the viewBox must have a positive width and height")
    return (x, y, w, h)


def to_text(plan: Plan) -> str:
    """The sanitised plan written back as an SVG file (what an upload is stored as): only what
    `sanitize` kept, every value escaped, rooms as `data-room`; it reads back to the same plan."""
    box = " ".join(f"{v:g}" for v in plan.view_box)
    out = [f'<svg xmlns="{SVG_NS}" viewBox="{box}">']
    for node in plan.nodes:
        _write(node, out)
    out.append("</svg>\n")
    return "".join(out)


def _write(node: Node, out: list[str]) -> None:
    attrs = dict(node.get("attrs", {}))
    if "room" in node:
        attrs["data-room"] = node["room"]
    head = "".join(f" {k}={quoteattr(str(v))}" for k, v in attrs.items())
    out.append(f"<{node['tag']}{head}>")
    if "text" in node:
        out.append(escape(node["text"]))
    for child in node.get("children", ()):
        _write(child, out)
    out.append(f"</{node['tag']}>")
