"""One odd row never refuses a congress (tests/fixtures/frab_odd_rows.xml, in the shapes of
c3voc's merged "everything" files): a person's name in a <public_name> or <name> child is
read, a person with no name is set aside, and a workshop listed three times under one guid
and id is three sessions whose ids survive a re-import; each problem said once, counted."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from webapp.importers import frab_json, frab_xml
from webapp.importers.merge import Overrides
from webapp.importers.problems import Problem, report
from webapp.importers.raw import SourceError
from webapp.importers.sources import parse_source
from webapp.importers.update import update_schedule

FIXTURE = Path(__file__).parents[2] / "fixtures" / "frab_odd_rows.xml"
GUID = "5b1c7e0a-1111-4222-8333-944444444444"


def _xml(problems: list[Problem] | None = None):
    return frab_xml.parse(FIXTURE.read_text(encoding="utf-8"), "congress.xml", None, None, problems)


def _said(problems: list[Problem]) -> list[str]:
    return report(problems)


def test_nested_person_names_are_read_beside_plain_ones():
    schedule = _xml()
    names = {p.id: p.name for p in schedule.speakers}
    solder = next(s for s in schedule.sessions if s.title == "Learn to solder")
    assert [names[i] for i in solder.speakers] == ["Ada Lovelace", "Grace Hopper", "Alan Turing"]
    ada = next(p for p in schedule.speakers if p.name == "Ada Lovelace")
    assert ada.bio == "Solders."


def test_a_person_with_no_name_is_set_aside_with_a_problem_naming_the_session():
    problems: list[Problem] = []
    _xml(problems)
    nameless = [p for p in problems if p.kind == "person with no name"]
    assert len(nameless) == 1
    said = " ".join(_said(nameless))
    assert said.count("'Learn to solder'") == 1 and said.count(GUID) == 1
    assert "congress.xml, line 7" in said and "2026-12-27 11:00, Workshop Room" in said


def test_a_workshop_listed_three_times_under_one_guid_is_three_sessions_keeping_the_guid():
    problems: list[Problem] = []
    schedule = _xml(problems)
    solder = [s for s in schedule.sessions if s.title == "Learn to solder"]
    assert len(solder) == 3
    assert len({s.id for s in solder}) == 3
    assert {s.guid for s in solder} == {GUID}
    said = _said(problems)
    assert "  event listed several times under one guid (3):" in said
    # Each listing once: its title, guid and id, day, time, room and line, none twice.
    lines = [line for line in said if "Learn to solder" in line and "listing is a session" in line]
    assert len(lines) == 3
    for line, (place, at) in zip(
        lines, [("2026-12-27 11:00", 7), ("2026-12-27 15:00", 17), ("2026-12-28 11:00", 26)], strict=True
    ):
        assert f"congress.xml, line {at} ('Learn to solder')" in line
        assert f"guid {GUID}, id 4711, {place}, Workshop Room" in line
        assert line.count(GUID) == line.count("Learn to solder") == line.count("line ") == 1
    assert not any("Lockpicking" in line for line in said)


def test_repeated_guid_ids_are_the_same_on_every_import_and_in_any_order():
    first = {(s.title, s.start): s.id for s in _xml().sessions}
    # The same file with the listings of the first day in the other order.
    text = FIXTURE.read_text(encoding="utf-8")
    a = text.index('      <event guid="5b1c7e0a', text.index('<day index="1"'))
    b = text.index('      <event guid="5b1c7e0a', a + 10)
    end = text.index("    </room>", b)
    swapped = text[:a] + text[b:end] + text[a:b] + text[end:]
    again = {(s.title, s.start): s.id for s in frab_xml.parse(swapped, "congress.xml").sessions}
    assert again == first


def test_the_same_rows_as_json_are_read_alike():
    doc = frab_xml.to_document(frab_xml._parsed(FIXTURE.read_bytes())[0])
    events = [e for d in doc["schedule"]["conference"]["days"] for es in d["rooms"].values() for e in es]
    events[0]["persons"] = [{"id": 7, "public_name": "Ada Lovelace"}, {"id": 10}, "Alan Turing"]
    problems: list[Problem] = []
    schedule = frab_json.parse(json.dumps(doc), "congress.json", None, None, problems)
    assert len(schedule.sessions) == 4
    assert [p.kind for p in problems].count("person with no name") == 1
    names = {p.id: p.name for p in schedule.speakers}
    first = min((s for s in schedule.sessions if s.title == "Learn to solder"), key=lambda s: s.start)
    assert [names[i] for i in first.speakers] == ["Ada Lovelace", "Alan Turing"]


def test_an_event_listed_twice_at_the_same_time_is_set_aside_once():
    doc = frab_xml.to_document(frab_xml._parsed(FIXTURE.read_bytes())[0])
    room = doc["schedule"]["conference"]["days"][1]["rooms"]["Workshop Room"]
    room.append(copy.deepcopy(room[1]))  # Lockpicking again
    problems: list[Problem] = []
    schedule = frab_json.build(doc, "congress.json", None, None, problems)
    assert [s.title for s in schedule.sessions].count("Lockpicking") == 1
    assert [(p.kind, p.where) for p in problems if "Lockpicking" in p.where] == [
        ("event listed twice", "congress.json ('Lockpicking')")
    ]


def test_a_reimport_keeps_every_id(tmp_path):
    out = tmp_path / "schedule.json"
    first = update_schedule([parse_source(FIXTURE.read_bytes(), "congress.xml")], Overrides(), out)
    assert len(first.schedule.sessions) == 4
    assert {p.kind for p in first.problems} == {
        "person with no name",
        "event listed several times under one guid",
    }
    again = update_schedule([parse_source(FIXTURE.read_bytes(), "congress.xml")], Overrides(), out)
    assert [s.id for s in again.schedule.sessions] == [s.id for s in first.schedule.sessions]


def test_strict_refuses_on_the_first_problem_and_writes_nothing(tmp_path):
    out = tmp_path / "schedule.json"
    page = parse_source(FIXTURE.read_bytes(), "congress.xml")
    with pytest.raises(
        SourceError,
        match=r"congress.xml, line 7 \('Learn to solder'\): event listed several times under one guid: guid",
    ):
        update_schedule([page], Overrides(strict=True), out)
    assert not out.exists()
