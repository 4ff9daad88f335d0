import copy
import json
import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from tests.conftest import shared_or_skip
from webapp.domain.interchange import GENERATOR
from webapp.importers import frab_json
from webapp.importers.frab_json import FrabError

ID = re.compile(r"^[a-z0-9_-]{1,16}$")


def _load(name):
    path = shared_or_skip("specs", name)
    return path.read_text(encoding="utf-8")


def _events(doc):
    return [e for day in doc["schedule"]["conference"]["days"] for evs in day["rooms"].values() for e in evs]


def _minimal(**event):
    item = {
        "guid": "11111111-2222-3333-4444-555555555555",
        "id": 1,
        "date": "2026-04-07T09:00:00+02:00",
        "duration": "00:30",
        "room": "Hall",
        "title": "A Talk",
        "persons": [],
    }
    item.update(event)
    return {
        "schedule": {
            "version": "1",
            "conference": {
                "title": "Con",
                "acronym": "con1",
                "time_zone_name": "Europe/Paris",
                "days": [{"index": 1, "date": "2026-04-07", "rooms": {"Hall": [item]}}],
            },
        }
    }


def test_camp_example_gives_every_event_at_its_local_time_in_berlin():
    text = _load("frab-camp2019.json")
    schedule = frab_json.parse(text, "frab-camp2019.json")
    source = _events(json.loads(text))
    assert len(schedule.sessions) == len(source) == 79
    assert schedule.event.timezone == "Europe/Berlin"
    assert schedule.event.name == "Chaos Communication Camp 2019"
    by_title = {s.title: s for s in schedule.sessions}
    opening = by_title["Opening Ceremony"]
    assert opening.start == datetime(2019, 8, 21, 11, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    assert opening.start.utcoffset() == timedelta(hours=2)
    assert opening.end - opening.start == timedelta(minutes=30)
    for item in source:
        title, start = item["title"].strip(), item["date"]
        session = next(s for s in schedule.sessions if s.title == title and s.start.isoformat() == start)
        assert session.start.tzinfo == ZoneInfo("Europe/Berlin")
        assert schedule.room(session.room).name == item["room"]


def test_camp_example_ids_are_short_url_safe_unique_and_the_same_on_reimport():
    text = _load("frab-camp2019.json")
    first = frab_json.parse(text, "a.json")
    again = frab_json.parse(text, "b.json")
    ids = [s.id for s in first.sessions]
    assert all(ID.match(i) for i in ids)
    assert len(set(ids)) == len(ids)
    assert ids == [s.id for s in again.sessions]
    assert [p.id for p in first.speakers] == [p.id for p in again.speakers]


def test_a_session_that_moved_room_and_time_keeps_its_id():
    text = _load("frab-camp2019.json")
    before = frab_json.parse(text, "v1.json")
    doc = json.loads(text)
    moved = _events(doc)[5]
    moved["date"] = (datetime.fromisoformat(moved["date"]) + timedelta(hours=3)).isoformat()
    moved["room"] = "Meitner" if moved["room"] != "Meitner" else "Curie"
    after = frab_json.build(doc, "v2.json")
    old = next(s for s in before.sessions if s.title == moved["title"])
    new = next(s for s in after.sessions if s.title == moved["title"])
    assert new.id == old.id
    assert new.start == old.start + timedelta(hours=3)
    assert new.room != old.room


def test_a_person_in_several_events_is_one_speaker():
    schedule = frab_json.parse(_load("frab-camp2019.json"), "camp.json")
    names = [p.name for p in schedule.speakers]
    assert len(names) == len(set(names))
    used = {pid for s in schedule.sessions for pid in s.speakers}
    assert used == {p.id for p in schedule.speakers}
    assert sum(len(s.speakers) for s in schedule.sessions) > len(schedule.speakers)


def test_pretalx_example_keeps_its_declared_zone_and_the_instants_of_its_offsets():
    # The demo export says time_zone_name "UTC" and writes every time at +01:00: an offset is
    # an instant, not a contradiction (issue 13), so 09:00+01:00 is 08:00 in the declared UTC.
    schedule = frab_json.parse(_load("pretalx-democon.json"), "democon.json")
    assert len(schedule.sessions) == 36
    first = min(schedule.sessions, key=lambda s: s.start)
    assert first.start == datetime(2020, 12, 14, 9, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    assert first.start.utcoffset() == timedelta(0) and first.start.hour == 8
    assert schedule.event.timezone == "UTC"


def test_pretalx_example_brings_bios_types_and_paragraphs():
    schedule = frab_json.parse(_load("pretalx-democon.json"), "democon.json")
    assert {s.kind for s in schedule.sessions} == {"Talk", "Workshop"}
    assert all(p.bio for p in schedule.speakers)
    talk = next(s for s in schedule.sessions if s.title == "Focused 5thgeneration hardware")
    assert talk.description[0] == "Brand back-end models!"
    assert len(talk.description) == 2
    assert talk.speakers == ("brian-robinson",)


def test_declared_zone_is_used_when_it_agrees_with_the_offsets():
    schedule = frab_json.build(_minimal(), "x.json")
    assert schedule.event.timezone == "Europe/Paris"
    assert schedule.sessions[0].start == datetime(2026, 4, 7, 9, tzinfo=ZoneInfo("Europe/Paris"))


def test_time_without_offset_is_wall_clock_at_the_event():
    schedule = frab_json.build(_minimal(date="2026-04-07T09:00:00"), "x.json")
    assert schedule.sessions[0].start.utcoffset() == timedelta(hours=2)


def test_end_counts_the_duration_in_real_time_across_a_clock_change():
    doc = _minimal(date="2026-03-29T01:30:00+01:00", duration="01:00")
    doc["schedule"]["conference"]["days"][0]["date"] = "2026-03-29"
    session = frab_json.build(doc, "x.json").sessions[0]
    assert session.end.isoformat() == "2026-03-29T03:30:00+02:00"


@pytest.mark.parametrize(
    ("event", "expected"),
    [
        ({"code": "G9JGWY"}, "g9jgwy"),
        ({}, frab_json.short_hash("11111111-2222-3333-4444-555555555555")),
        ({"guid": None, "id": 4711}, "4711"),
    ],
)
def test_session_id_comes_from_code_then_guid_then_id(event, expected):
    assert frab_json.build(_minimal(**event), "x.json").sessions[0].id == expected


def test_session_page_links_give_ids_only_in_a_hallway_export():
    doc = _minimal(url="https://elsewhere.example/session/abc")
    assert frab_json.build(copy.deepcopy(doc), "x.json").sessions[0].id != "abc"
    doc["generator"] = {"name": "Hallway"}
    assert frab_json.build(doc, "x.json").sessions[0].id == "abc"


@pytest.mark.parametrize(
    ("refs", "slides"),
    [
        ({"attachments": [{"url": "/a/1.pdf", "title": "Slides"}]}, True),
        ({"links": [{"url": "https://x.example/deck", "type": "slides"}]}, True),
        ({"links": [{"url": "https://x.example/", "title": "Website"}]}, None),
        ({}, None),
    ],
)
def test_slides_are_known_only_when_a_link_says_so(refs, slides):
    assert frab_json.build(_minimal(**refs), "x.json").sessions[0].slides is slides


def test_a_link_given_as_a_bare_address_is_a_link():
    # c3voc's 33C3 workshops schedule lists every link so; none was kept.
    links = ["https://events.ccc.de/congress/2016/wiki/Session:X", "javascript:alert(1)", 7]
    session = frab_json.build(_minimal(links=links), "x.json").sessions[0]
    assert [(x.url, x.title, x.kind) for x in session.links] == [
        ("https://events.ccc.de/congress/2016/wiki/Session:X", None, "link")
    ]


def test_type_becomes_kind_and_empty_track_is_no_track():
    session = frab_json.build(_minimal(type="workshop", track=""), "x.json").sessions[0]
    assert session.kind == "workshop"
    assert session.track is None


@pytest.mark.parametrize(
    ("text", "message", "line"),
    [
        ("", "empty", None),
        ("   \n", "empty", None),
        ('{\n "schedule": {\n  "conference": ', "not valid JSON", 3),
        ("[1, 2]", "not a frab schedule", None),
        ('{"schedule": {"version": "1"}}', "'conference'", None),
        ('{"schedule": {"conference": {"title": "C", "days": {}}}}', "days is missing or not a list", None),
        ('{"schedule": {"conference": {"title": "C", "days": []}}}', "no events", None),
        ('{"schedule": {"conference": {"days": []}}}', "no title", None),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(text, message, line):
    with pytest.raises(FrabError, match=message) as info:
        frab_json.parse(text, "broken.json")
    assert "broken.json" in str(info.value)
    assert info.value.line == line
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("event", "message"),
    [
        ({"title": ""}, "needs a title"),
        ({"duration": "half an hour"}, "duration"),
        ({"date": "tomorrow"}, "bad time"),
    ],
)
def test_a_broken_event_is_named_in_the_error(event, message):
    with pytest.raises(FrabError, match=message) as info:
        frab_json.build(_minimal(**event), "bad.json")
    assert "days[0].rooms['Hall'][0]" in str(info.value)


@pytest.mark.parametrize(
    ("event", "said"),
    [
        ({"persons": [{"id": 3}]}, "person with no name"),
        ({"guid": None, "id": None}, "event with neither guid nor id"),
    ],
)
def test_an_odd_event_is_read_by_a_rule_and_said_not_refused(event, said):
    problems = []
    schedule = frab_json.build(_minimal(**event), "odd.json", None, None, problems)
    assert [s.title for s in schedule.sessions] == ["A Talk"]
    assert [(p.kind, p.where) for p in problems] == [(said, "odd.json ('A Talk')")]
    assert "2026-04-07 09:00, Hall" in problems[0].message


def test_unknown_zone_name_is_refused():
    doc = _minimal()
    doc["schedule"]["conference"]["time_zone_name"] = "Mars/Olympus_Mons"
    with pytest.raises(FrabError, match="unknown timezone"):
        frab_json.build(doc, "x.json")


def test_a_malformed_hallway_extension_is_ignored_not_trusted():
    doc = _minimal()
    doc["schedule"]["hallway"] = {"event": {"id": "no spaces allowed"}, "sessions": [1], "speakers": "x"}
    schedule = frab_json.build(doc, "x.json")
    assert schedule.event.id == "con1"
    assert schedule.sessions[0].level is None


def test_building_leaves_the_document_as_it_was():
    doc = _minimal()
    del doc["schedule"]["conference"]["days"][0]["rooms"]["Hall"][0]["room"]
    before = copy.deepcopy(doc)
    frab_json.build(doc, "x.json")
    assert doc == before


def test_two_people_with_one_name_stay_two_speakers_with_stable_ids():
    doc = _minimal(persons=[{"id": 1, "public_name": "Sam Lee"}, {"id": 2, "public_name": "Sam  Lee"}])
    first = frab_json.build(copy.deepcopy(doc), "x.json")
    assert [p.id for p in first.speakers] == ["sam-lee", "sam-lee-2"]
    assert first.sessions[0].speakers == ("sam-lee", "sam-lee-2")
    assert frab_json.build(doc, "x.json").speakers == first.speakers


def test_rooms_whose_names_make_one_slug_get_two_ids():
    doc = _minimal()
    day = doc["schedule"]["conference"]["days"][0]
    day["rooms"]["Room-A"] = [dict(day["rooms"]["Hall"][0], guid="g2", room="Room-A")]
    day["rooms"]["Room A"] = [dict(day["rooms"]["Hall"][0], guid="g3", room="Room A")]
    schedule = frab_json.build(doc, "x.json")
    assert [(r.id, r.name) for r in schedule.rooms] == [
        ("hall", "Hall"),
        ("room-a", "Room-A"),
        ("room-a-2", "Room A"),
    ]


def test_a_name_with_its_organisation_in_brackets_is_the_person_and_their_company():
    people = [
        {"code": "AB12", "public_name": "Robin Karlsson [CSC - IT Center for Science]"},
        {"code": "CD34", "public_name": "Ann Lee"},
        {"code": "EF56", "public_name": "[lc]"},  # nothing but brackets: that is the name
    ]
    schedule = frab_json.build(_minimal(persons=people), "x.json")
    assert [(p.id, p.name, p.company) for p in schedule.speakers] == [
        ("robin-karlsson", "Robin Karlsson", "CSC - IT Center for Science"),
        ("ann-lee", "Ann Lee", None),
        ("lc", "[lc]", None),
    ]


def test_our_own_export_keeps_a_name_with_brackets_whole():
    doc = _minimal(persons=[{"public_name": "Robin [the elder]"}])
    doc["generator"] = {"name": GENERATOR}
    (person,) = frab_json.build(doc, "x.json").speakers
    assert (person.name, person.company) == ("Robin [the elder]", None)


def test_a_title_is_one_line_its_runs_of_white_space_one_space():
    (session,) = frab_json.build(_minimal(title=" A GOOD Start:  the\n Past "), "x.json").sessions
    assert session.title == "A GOOD Start: the Past"


def test_pretalxs_duration_of_a_day_or_more_and_its_attachments_on_its_own_site():
    # pretalx writes "1:03:00" for 27 hours (D:HH:MM) and an attachment's address as a path.
    doc = _minimal(
        duration="1:03:00",
        attachments=[{"title": "Handout", "url": "/media/con1/handout.pdf", "type": "related"}],
    )
    doc["generator"] = {"name": "pretalx", "version": "2025.1.0"}
    doc["schedule"]["base_url"] = "https://pretalx.example.org"
    (session,) = frab_json.build(doc, "schedule.json").sessions
    assert session.end - session.start == timedelta(hours=27)
    assert [(x.url, x.kind) for x in session.links] == [
        ("https://pretalx.example.org/media/con1/handout.pdf", "attachment")
    ]
    # Another tool's three parts are H:MM:SS, and a path without a site is no address.
    del doc["generator"], doc["schedule"]["base_url"]
    (session,) = frab_json.build(doc, "schedule.json").sessions
    assert session.end - session.start == timedelta(hours=1, minutes=3)
    assert session.links == ()
