"""Export to frab/pentabarf `schedule.xml`: the `schedule.json` dict of `frab` written out as
elements. The XSD has no place for Hallway's own extension, so only what frab knows is written."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from ..domain.interchange import GENERATOR
from ..domain.model import Schedule
from .frab import to_schedule_json


def to_schedule_xml(schedule: Schedule, base_url: str, *, version: str | None = None) -> bytes:
    doc = to_schedule_json(schedule, base_url, version=version)["schedule"]
    conf = doc["conference"]
    root = ET.Element("schedule")
    ET.SubElement(root, "generator", name=GENERATOR)
    _text(root, "version", doc["version"])
    c = ET.SubElement(root, "conference")
    for key, tag in (("title", "title"), ("acronym", "acronym"), ("start", "start"), ("end", "end")):
        _text(c, tag, conf[key])
    _text(c, "days", str(conf["daysCount"]))
    _text(c, "timeslot_duration", conf["timeslot_duration"])
    _text(c, "base_url", doc["base_url"])
    for key in ("url", "time_zone_name"):
        if key in conf:
            _text(c, key, conf[key])
    for t in conf["tracks"]:
        ET.SubElement(c, "track", {k: v for k, v in t.items() if k in ("name", "slug")})
    room_guids = {r["name"]: r["guid"] for r in conf["rooms"]}
    for day in conf["days"]:
        d = ET.SubElement(
            root, "day", index=str(day["index"]), date=day["date"], start=day["day_start"], end=day["day_end"]
        )
        for room_name, events in day["rooms"].items():
            room = ET.SubElement(d, "room", name=room_name)
            if room_name in room_guids:  # readers that match rooms by guid (the JSON has them too)
                room.set("guid", room_guids[room_name])
            for item in events:
                _xml_event(room, item, conf["title"])
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


def _xml_event(room: ET.Element, item: dict[str, Any], event_name: str) -> None:
    e = ET.SubElement(room, "event", id=str(item["id"]), guid=item["guid"])
    for key in ("date", "start", "duration", "room", "slug", "url", "title", "subtitle", "type", "language"):
        _text(e, key, item[key])
    _text(e, "abstract", item["abstract"])
    # The XSD requires <track>; an empty one makes readers invent a "default" track per talk,
    # so a session without one is in the event's own (its name), as frab's single-track events are.
    _text(e, "track", item["track"] or event_name)
    _text(e, "description", item["description"])
    persons = ET.SubElement(e, "persons")
    for p in item["persons"]:
        _text(persons, "person", p["name"]).set("guid", p["guid"])
    for tag, key in (("link", "links"), ("attachment", "attachments")):
        refs = ET.SubElement(e, key)
        for ref in item[key]:
            _text(refs, tag, ref["title"]).set("href", ref["url"])


def _text(parent: ET.Element, tag: str, value: str) -> ET.Element:
    el = ET.SubElement(parent, tag)
    el.text = value
    return el
