"""Both exports read the way real readers read them (issue 18), and keep what other apps key
on from the source (issue 13, class 6).

The readers here are written for this test, from what pretalx's `import_schedule` (<= 2023.1)
and pyfahrplan do with the files, not from our exporter: pretalx takes `<language>` of every
event and stops without one; pyfahrplan shows `public_name`; guid-matching readers want room
guids in the XML; slugs come from the acronym; an empty `<type/>`/`<track/>` becomes a made-up
"default" per talk.
"""

import json
import re
import xml.etree.ElementTree as ET

import jsonschema
import pytest
import xmlschema

from tests.conftest import FIXTURES, shared_or_skip
from webapp.domain.storage import load_schedule
from webapp.exports.frab import to_schedule_json
from webapp.exports.frab_xml import to_schedule_xml
from webapp.importers.merge import merge
from webapp.importers.sources import parse_source
from webapp.settings import PROJECT_ROOT

BASE = "https://hallway.example.org"
SLUG = re.compile(r"^[a-z0-9][a-z0-9.-]*$")  # the form slugs take


def _nights():
    page = parse_source((FIXTURES / "frab_nights.xml").read_bytes(), "frab_nights.xml")
    return merge([page])[0]


SCHEDULES = {
    "shipped": lambda: load_schedule(PROJECT_ROOT / "data" / "schedule.json"),
    "fixture": lambda: load_schedule(FIXTURES / "mini_schedule.json"),
    "nights": _nights,
}


def read_xml(data: bytes) -> dict:
    """An XML reader: conference acronym, rooms by name with guid, and every event as pretalx
    reads it (`find(tag).text`, which fails on a missing element)."""
    root = ET.fromstring(data)
    out = {"acronym": root.findtext("conference/acronym"), "rooms": {}, "events": []}
    for day in root.iterfind("day"):
        for room in day.iterfind("room"):
            out["rooms"][room.get("name")] = room.get("guid")
            for e in room.iterfind("event"):
                out["events"].append(
                    {
                        "guid": e.get("guid"),
                        "id": int(e.get("id")),
                        "language": e.find("language").text,
                        "type": e.find("type").text,
                        "track": e.find("track").text,
                        "slug": e.find("slug").text,
                        "subtitle": e.find("subtitle").text,
                        "persons": [(p.text, p.get("guid")) for p in e.iterfind("persons/person")],
                        "links": [(x.get("href"), x.text) for x in e.iterfind("links/link")],
                        "attachments": [
                            (x.get("href"), x.text) for x in e.iterfind("attachments/attachment")
                        ],
                        "day": day.get("date"),
                    }
                )
    return out


def read_json(doc: dict) -> dict:
    """A frab-JSON reader (pyfahrplan): people by `public_name`."""
    conf = doc["schedule"]["conference"]
    events = [e for d in conf["days"] for evs in d["rooms"].values() for e in evs]
    return {
        "acronym": conf["acronym"],
        "rooms": {r["name"]: r.get("guid") for r in conf["rooms"]},
        "events": [
            {
                "guid": e["guid"],
                "id": e["id"],
                "language": e.get("language"),
                "type": e.get("type"),
                "track": e.get("track"),
                "slug": e["slug"],
                "persons": [(p["public_name"], p["guid"]) for p in e["persons"]],
            }
            for e in events
        ],
        "days": [(d["date"], d["day_start"], d["day_end"]) for d in conf["days"]],
    }


@pytest.fixture(scope="module")
def validators():
    schema = json.loads(shared_or_skip("specs", "schema.json").read_text(encoding="utf-8"))
    return (
        jsonschema.Draft6Validator(schema, format_checker=jsonschema.Draft6Validator.FORMAT_CHECKER),
        xmlschema.XMLSchema(str(shared_or_skip("specs", "schedule.xml.xsd"))),
    )


@pytest.mark.parametrize("name", SCHEDULES)
def test_both_exports_are_what_readers_need_and_still_validate(name, validators):
    schedule = SCHEDULES[name]()
    doc = json.loads(json.dumps(to_schedule_json(schedule, BASE)))
    data = to_schedule_xml(schedule, BASE)
    as_json, as_xml = read_json(doc), read_xml(data)
    live = [s for s in schedule.sessions if s.status != "cancelled"]
    for read in (as_json, as_xml):
        assert len(read["events"]) == len(live)
        # One slug: the acronym, in the form slugs take, at the head of every event's slug.
        assert SLUG.match(read["acronym"]) and read["acronym"] == as_json["acronym"]
        assert all(e["slug"].startswith(read["acronym"] + "-") for e in read["events"])
        assert all(e["language"] for e in read["events"])  # on every event
        assert all(e["type"] for e in read["events"])  # never empty
        assert all(g for g in read["rooms"].values())  # room guids, in the XML too
        assert all(name and guid for e in read["events"] for name, guid in e["persons"])
    assert all(e["track"] for e in as_xml["events"])  # the XSD wants one: never empty
    assert all(e["track"] is None or e["track"] for e in as_json["events"])
    assert as_json["rooms"] == as_xml["rooms"]
    assert [e["guid"] for e in as_json["events"]] == [e["guid"] for e in as_xml["events"]]
    json_validator, xsd = validators
    assert [e.message for e in json_validator.iter_errors(doc)] == []
    assert [str(e) for e in xsd.iter_errors(data.decode("utf-8"))] == []


def test_the_acronym_is_the_event_id_where_both_schemas_take_it():
    nights = _nights()
    assert read_xml(to_schedule_xml(nights, BASE))["acronym"] == nights.event.id == "nightcon26"
    # "pytorch-conference-europe-2026" breaks the c3voc JSON pattern (hyphens only first):
    # its letters and digits then, in both exports, never the old "_" form.
    shipped = load_schedule(PROJECT_ROOT / "data" / "schedule.json")
    assert read_xml(to_schedule_xml(shipped, BASE))["acronym"] == "pytorchconferenceeurope2026"


def test_the_exports_keep_the_sources_guids_ids_language_links_and_days():
    schedule = _nights()
    as_xml = read_xml(to_schedule_xml(schedule, BASE))
    as_json = read_json(to_schedule_json(schedule, BASE))
    owls = next(e for e in as_xml["events"] if e["id"] == 103)
    assert owls["guid"] == "e0000003-0000-4000-8000-000000000003"
    assert owls["links"] == [("https://nightcon.example.org/owls/slides.pdf", "Slides")]
    assert owls["attachments"] == [("https://nightcon.example.org/owls/paper.pdf", "Paper")]
    assert owls["day"] == "2026-12-27"  # the night session stays on the evening's day
    assert owls["language"] == "en"
    late = next(e for e in as_xml["events"] if e["id"] == 102)
    assert (late["language"], late["subtitle"]) == ("de", "Eine Nacht")
    assert late["persons"] == [("anna", "a0000002-0000-4000-8000-00000000000b")]
    assert sorted(e["id"] for e in as_json["events"]) == list(range(101, 108))
    assert as_xml["rooms"]["Empty Hall"] == "11111111-aaaa-4aaa-8aaa-000000000003"
    assert as_json["days"] == [
        ("2026-12-27", "2026-12-27T10:00:00+01:00", "2026-12-28T06:00:00+01:00"),
        ("2026-12-28", "2026-12-28T06:00:00+01:00", "2026-12-29T06:00:00+01:00"),
        ("2026-12-29", "2026-12-29T06:00:00+01:00", "2026-12-30T06:00:00+01:00"),
    ]
    conf = to_schedule_json(schedule, BASE)["schedule"]["conference"]
    assert conf["url"] == "https://nightcon.example.org/2026/"


def test_a_session_without_a_language_gets_the_events():
    shipped = load_schedule(PROJECT_ROOT / "data" / "schedule.json")
    assert shipped.event.language == "en" and all(s.language is None for s in shipped.sessions)
    assert {e["language"] for e in read_xml(to_schedule_xml(shipped, BASE))["events"]} == {"en"}


def test_our_xml_export_reimports_with_its_days_guids_and_languages():
    schedule = _nights()
    page = parse_source(to_schedule_xml(schedule, BASE), "export.xml")
    again = merge([page])[0]
    assert again.event.day_ranges == schedule.event.day_ranges
    assert {s.title: again.event.day_of(s.start) for s in again.sessions} == {
        s.title: schedule.event.day_of(s.start) for s in schedule.sessions
    }
    assert {r.name: r.guid for r in again.rooms} == {r.name: r.guid for r in schedule.rooms}
    assert {s.guid: s.language for s in again.sessions} == {s.guid: s.language for s in schedule.sessions}
