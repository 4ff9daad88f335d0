import json
from dataclasses import replace
from datetime import datetime
from zoneinfo import ZoneInfo

import jsonschema
import pytest
import xmlschema

from tests.conftest import FIXTURES, shared_or_skip
from webapp.domain.interchange import slugify
from webapp.domain.model import Session
from webapp.domain.storage import load_schedule
from webapp.exports import frab
from webapp.exports.frab_xml import to_schedule_xml
from webapp.importers import frab_json, frab_xml
from webapp.settings import PROJECT_ROOT

BASE = "https://hallway.example.org"


@pytest.fixture(scope="module")
def json_schema():
    schema = json.loads(shared_or_skip("specs", "schema.json").read_text(encoding="utf-8"))
    return jsonschema.Draft6Validator(schema, format_checker=jsonschema.Draft6Validator.FORMAT_CHECKER)


@pytest.fixture(scope="module")
def xsd():
    return xmlschema.XMLSchema(str(shared_or_skip("specs", "schedule.xml.xsd")))


def _schedules():
    """The fixture, the shipped data, and the real examples as we import them."""
    yield "fixture", load_schedule(FIXTURES / "mini_schedule.json")
    yield "shipped", load_schedule(PROJECT_ROOT / "data" / "schedule.json")
    for name in ("frab-camp2019.json", "pretalx-democon.json"):
        path = shared_or_skip("specs", name)
        yield name, frab_json.parse(path.read_text(encoding="utf-8"), name)


def _xml_view(schedule):
    """What schedule.xml can say about a schedule (the XSD has no room for the rest)."""
    room = {r.id: r.name for r in schedule.rooms}
    track = {t.id: t.name for t in schedule.tracks}
    names = {p.id: p.name for p in schedule.speakers}
    return (
        (schedule.event.name, schedule.event.timezone, schedule.event.days),
        sorted(
            (
                s.id, s.title, s.start.isoformat(), s.end.isoformat(), s.kind, room.get(s.room),
                track.get(s.track), s.description, tuple(names[p] for p in s.speakers),
            )
            for s in schedule.sessions
            if s.status != "cancelled"
        ),
    )  # fmt: skip


def _exported(doc):
    """Every event object of a schedule.json export."""
    return [e for day in doc["schedule"]["conference"]["days"] for evs in day["rooms"].values() for e in evs]


def _as_read(doc):
    """The export as another program reads it: through JSON text, not shared objects."""
    return json.loads(json.dumps(doc))


@pytest.mark.parametrize("name", ["fixture", "shipped", "frab-camp2019.json", "pretalx-democon.json"])
def test_schedule_json_export_is_valid_against_the_c3voc_schema(name, json_schema):
    schedule = dict(_schedules())[name]
    errors = [e.message for e in json_schema.iter_errors(_as_read(frab.to_schedule_json(schedule, BASE)))]
    assert errors == []


@pytest.mark.parametrize("name", ["fixture", "shipped", "frab-camp2019.json", "pretalx-democon.json"])
def test_schedule_xml_export_is_valid_against_the_xsd(name, xsd):
    schedule = dict(_schedules())[name]
    errors = [str(e) for e in xsd.iter_errors(to_schedule_xml(schedule, BASE).decode("utf-8"))]
    assert errors == []


@pytest.mark.parametrize("name", ["fixture", "shipped", "frab-camp2019.json", "pretalx-democon.json"])
def test_importing_our_schedule_json_gives_back_the_same_schedule(name):
    schedule = dict(_schedules())[name]
    again = frab_json.build(_as_read(frab.to_schedule_json(schedule, BASE)), "export.json")
    assert again.event == schedule.event
    assert again.rooms == schedule.rooms
    assert again.tracks == schedule.tracks
    assert again.speakers == schedule.speakers
    assert again.sessions == schedule.sessions
    assert again == schedule


@pytest.mark.parametrize("name", ["fixture", "shipped", "frab-camp2019.json", "pretalx-democon.json"])
def test_importing_our_schedule_xml_gives_back_everything_the_format_carries(name):
    schedule = dict(_schedules())[name]
    again = frab_xml.parse(to_schedule_xml(schedule, BASE).decode("utf-8"), "export.xml")
    # The XSD requires a <type>, and an empty one makes readers invent one per talk (issue 18):
    # a session without a kind goes out as the event's most common kind, and comes back so.
    kinds = [s.kind for s in schedule.sessions if s.kind]
    default = max(kinds, key=kinds.count) if kinds else "Talk"
    typed = schedule.with_sessions(tuple(replace(s, kind=s.kind or default) for s in schedule.sessions))
    assert _xml_view(again) == _xml_view(typed)


def test_xml_export_of_a_frab_example_reimports_as_it_was_imported():
    # The brief's check: a real JSON example through our XML exporter and back.
    text = shared_or_skip("specs", "frab-camp2019.json").read_text(encoding="utf-8")
    first = frab_json.parse(text, "camp.json")
    again = frab_xml.parse(to_schedule_xml(first, BASE).decode(), "camp.xml")
    assert [(s.id, s.title, s.start, s.end) for s in again.sessions] == [
        (s.id, s.title, s.start, s.end) for s in first.sessions
    ]
    assert [p.name for p in again.speakers] == [p.name for p in first.speakers]
    # Two names that make the same slug ("Mo"): the XML has no person ids to tell them apart
    # by, so only theirs differ.
    # The XML has no extension to say which person guids we made up: they come back as theirs.
    slugs = [slugify(p.name) for p in first.speakers]
    assert {replace(p, guid=None) for p in again.speakers if slugs.count(p.id) == 1} == {
        p for p in first.speakers if slugs.count(p.id) == 1
    }
    # Room guids: the XML writes one for every room (readers match rooms by it), made up where
    # the source had none, and cannot say which; names and ids come back as they were.
    assert [(r.id, r.name) for r in again.rooms] == [(r.id, r.name) for r in first.rooms]
    assert all(r.guid for r in again.rooms)


def _mini():
    return load_schedule(FIXTURES / "mini_schedule.json")


def test_cancelled_sessions_are_left_out_as_frab_does():
    schedule = _mini()
    cancelled = replace(schedule.sessions[0], status="cancelled")
    schedule = schedule.with_sessions((cancelled, *schedule.sessions[1:]))
    doc = frab.to_schedule_json(schedule, BASE)
    urls = [e["url"] for e in _exported(doc)]
    assert f"{BASE}/session/{cancelled.id}" not in urls
    assert len(urls) == len(schedule.sessions) - 1
    assert cancelled.title.encode() not in to_schedule_xml(schedule, BASE)


def test_events_link_to_their_page_and_times_carry_the_event_offset():
    doc = frab.to_schedule_json(_mini(), BASE + "/")
    event = doc["schedule"]["conference"]["days"][0]["rooms"]["Main Room"][0]
    assert event["url"] == f"{BASE}/session/s1a2b3"
    assert event["date"] == "2026-04-07T09:00:00+02:00"
    assert (event["start"], event["duration"]) == ("09:00", "00:30")
    assert doc["schedule"]["conference"]["time_zone_name"] == "Europe/Paris"
    assert doc["generator"]["name"] == "Hallway"


def test_guids_and_numbers_are_the_same_in_every_export():
    a = frab.to_schedule_json(_mini(), BASE)
    b = frab.to_schedule_json(_mini(), "http://127.0.0.1:5000")
    ids = [(e["guid"], e["id"]) for e in _exported(a)]
    again = [(e["guid"], e["id"]) for e in _exported(b)]
    assert ids == again
    assert len({g for g, _ in ids}) == len({n for _, n in ids}) == len(ids)


def test_duration_across_the_clock_change_is_real_time():
    schedule = _mini()
    paris = ZoneInfo("Europe/Paris")
    start, end = datetime(2026, 3, 29, 1, 30, tzinfo=paris), datetime(2026, 3, 29, 3, 30, tzinfo=paris)
    night = Session(id="night1", title="Night", start=start, end=end)
    doc = frab.to_schedule_json(schedule.with_sessions((night,)), BASE)
    day = next(d for d in doc["schedule"]["conference"]["days"] if d["date"] == "2026-03-29")
    event = next(e for v in day["rooms"].values() for e in v)
    assert event["duration"] == "01:00"


def test_given_version_is_used_and_default_version_follows_the_content():
    assert frab.to_schedule_json(_mini(), BASE, version="7")["schedule"]["version"] == "7"
    one = frab.to_schedule_json(_mini(), BASE)["schedule"]["version"]
    changed = _mini().with_sessions(tuple(replace(s, title=s.title + "!") for s in _mini().sessions))
    assert frab.to_schedule_json(changed, BASE)["schedule"]["version"] != one
