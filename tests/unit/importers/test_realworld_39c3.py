"""The 39C3 congress's frab XML (../shared/specs/realworld/39c3.xml), imported as an organizer
would, against a reading of the file written here with ElementTree alone: every session at
its instant, in its room, with its speakers, on the conference day the file lists it under;
and both exports valid and keeping the file's guids."""

import json
import re
import xml.etree.ElementTree as ET
from datetime import datetime, timedelta

import jsonschema
import pytest
import xmlschema

from tests.conftest import shared_or_skip
from webapp.exports.frab import to_schedule_json
from webapp.exports.frab_xml import to_schedule_xml
from webapp.importers.merge import merge
from webapp.importers.sources import parse_source

BASE = "https://hallway.example.org"


@pytest.fixture(scope="module")
def source():
    return shared_or_skip("specs", "realworld", "39c3.xml")


@pytest.fixture(scope="module")
def reading(source):
    """guid -> what the file says of that event, read independently of the importer."""
    root = ET.parse(source).getroot()
    events = {}
    for day in root.iterfind("day"):
        for room in day.iterfind("room"):
            for e in room.iterfind("event"):
                start = datetime.fromisoformat(e.findtext("date"))
                h, m = map(int, e.findtext("duration").split(":")[:2])
                events[e.get("guid").lower()] = {
                    "title": " ".join(e.findtext("title").split()),
                    "start": start,
                    "end": start + timedelta(hours=h, minutes=m),
                    "room": room.get("name"),
                    "room_guid": room.get("guid"),
                    "people": [
                        (" ".join((p.text or "").split()), p.get("guid"))
                        for p in e.iterfind("persons/person")
                    ],
                    "day": day.get("date"),
                    "id": int(e.get("id")),
                }
    return events


@pytest.fixture(scope="module")
def schedule(source):
    page = parse_source(source.read_bytes(), source.name)
    result, warnings = merge([page])
    assert warnings == []  # the file names its zone: nothing is guessed
    return result


def test_every_session_at_its_instant_in_its_room_with_its_speakers_on_its_day(schedule, reading):
    assert len(reading) == 215
    assert {s.guid for s in schedule.sessions} == set(reading)
    assert schedule.event.timezone == "Europe/Berlin"
    rooms = {r.id: r.name for r in schedule.rooms}
    for s in schedule.sessions:
        want = reading[s.guid]
        assert " ".join(s.title.split()) == want["title"]
        assert (s.start, s.end) == (want["start"], want["end"]), s.title
        assert rooms[s.room] == want["room"]
        assert [(p.name, p.guid) for p in map(schedule.speaker, s.speakers)] == [
            (name, guid.lower() if guid else None) for name, guid in want["people"]
        ], s.title
        assert schedule.event.day_of(s.start).isoformat() == want["day"], s.title
        assert s.number == want["id"]


def test_four_days_and_no_fifth_for_the_night_sessions(schedule, reading):
    assert [d.isoformat() for d in schedule.event.days] == sorted({e["day"] for e in reading.values()})
    assert len(schedule.event.days) == 4
    nights = [e for e in reading.values() if e["start"].date().isoformat() != e["day"]]
    assert nights  # the file has sessions past midnight; they stay on the evening's day


def test_people_are_told_apart_by_guid(schedule, reading):
    guids = {g.lower() for e in reading.values() for _, g in e["people"] if g}
    assert {p.guid for p in schedule.speakers if p.guid} == guids
    assert len({p.id for p in schedule.speakers}) == len(schedule.speakers)


def test_both_exports_validate_and_keep_the_files_guids(schedule, reading):
    schema = json.loads(shared_or_skip("specs", "schema.json").read_text(encoding="utf-8"))
    doc = json.loads(json.dumps(to_schedule_json(schedule, BASE)))
    validator = jsonschema.Draft6Validator(schema, format_checker=jsonschema.Draft6Validator.FORMAT_CHECKER)
    assert [e.message for e in validator.iter_errors(doc)] == []
    data = to_schedule_xml(schedule, BASE)
    xsd = xmlschema.XMLSchema(str(shared_or_skip("specs", "schedule.xml.xsd")))
    assert [str(e) for e in xsd.iter_errors(data.decode("utf-8"))] == []

    events = [e for d in doc["schedule"]["conference"]["days"] for evs in d["rooms"].values() for e in evs]
    assert {e["guid"] for e in events} == set(reading)
    root = ET.fromstring(data)
    assert {e.get("guid") for e in root.iter("event")} == set(reading)
    people = {g.lower() for e in reading.values() for _, g in e["people"] if g}
    assert {p.get("guid") for p in root.iter("person")} == people
    assert {p["guid"] for e in events for p in e["persons"]} == people
    room_guids = {e["room"]: e["room_guid"] for e in reading.values()}
    assert {r.get("name"): r.get("guid") for r in root.iterfind("day/room")} == room_guids
    # The days as the file drew them, each session on the day it was listed under.
    listed = {e.get("guid"): day.get("date") for day in root.iter("day") for e in day.iter("event")}
    assert listed == {g: e["day"] for g, e in reading.items()}


def test_without_its_day_boundaries_the_file_keeps_four_days_and_each_session_its_day(source, reading):
    """As a merge of sub-schedules may publish it: <day> without start and end."""
    bare = re.sub(
        r'(<day [^>]*?) end="[^"]*"( index="\d+") start="[^"]*"', r"\1\2", source.read_text("utf-8")
    )
    assert not re.search(r"<day [^>]*start=", bare)
    schedule, _ = merge([parse_source(bare.encode("utf-8"), source.name)])
    assert [d.isoformat() for d in schedule.event.days] == sorted({e["day"] for e in reading.values()})
    for s in schedule.sessions:
        assert schedule.event.day_of(s.start).isoformat() == reading[s.guid]["day"], s.title
