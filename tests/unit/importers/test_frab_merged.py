"""A congress's schedule merged from sub-schedules (tests/fixtures/frab_merged_nights.json: a
hub and a stage, each grouped by calendar date, no day boundaries, one person's name spelt
two ways under one guid), through `parse_source` and `merge` as `schedule import` runs them:
the night sessions are the evening's, the last night adds no day, and one guid is one person
with one name."""

from __future__ import annotations

import copy
import json
import re
from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from tests.conftest import FIXTURES
from webapp.exports.frab import to_schedule_json
from webapp.importers.merge import merge
from webapp.importers.raw import RawPage, RawSession, RawSpeaker
from webapp.importers.sources import parse_source

MERGED = FIXTURES / "frab_merged_nights.json"
NIGHTS = FIXTURES / "frab_nights.xml"
BERLIN = ZoneInfo("Europe/Berlin")
JANA = "c0000001-0000-4000-8000-00000000000c"
DAYS = (date(2026, 12, 27), date(2026, 12, 28), date(2026, 12, 29), date(2026, 12, 30))
# Each session's conference day: its calendar date, less one for the night's sessions.
EVENINGS = {
    "Late Jam": date(2026, 12, 27),
    "Night Music": date(2026, 12, 27),  # 00:30 on the 28th
    "Second Night": date(2026, 12, 28),  # 01:00 on the 29th
    "Third Night": date(2026, 12, 29),  # 00:15 on the 30th
    "Closing Night": date(2026, 12, 30),  # 01:30 on the 31st: no fifth day
    "Morning Two": date(2026, 12, 28),
    "Finale": date(2026, 12, 30),
}


def _doc():
    return json.loads(MERGED.read_text(encoding="utf-8"))


def _import(*docs):
    pages = [parse_source(json.dumps(d).encode(), f"part{n}.json") for n, d in enumerate(docs, start=1)]
    schedule, warnings = merge(pages)
    assert warnings == []
    return schedule


def _part(doc, room):
    """The sub-schedule of one room, as that stage would publish it on its own."""
    part = copy.deepcopy(doc)
    conf = part["schedule"]["conference"]
    conf["days"] = [d for d in conf["days"] if room in d["rooms"]]
    return part


def _days_of(schedule):
    return {s.title: schedule.event.day_of(s.start) for s in schedule.sessions}


def test_a_merged_file_without_day_boundaries_puts_nights_on_the_evenings_day_and_adds_no_fifth():
    schedule = _import(_doc())
    assert schedule.event.days == DAYS
    assert {t: d for t, d in _days_of(schedule).items() if t in EVENINGS} == EVENINGS
    # The days change in the quiet hours between the last night session and the first talk.
    assert [r.start for r in schedule.event.day_ranges] == [
        datetime(d.year, d.month, d.day, 6, tzinfo=BERLIN) for d in DAYS
    ]


@pytest.mark.parametrize("order", [("Saal 1", "Stage B"), ("Stage B", "Saal 1")])
def test_sub_schedules_imported_together_give_the_same_days_in_any_order(order):
    schedule = _import(*(_part(_doc(), room) for room in order))
    assert schedule.event.days == DAYS
    assert {t: d for t, d in _days_of(schedule).items() if t in EVENINGS} == EVENINGS


def test_a_programme_that_ends_before_midnight_keeps_calendar_days():
    schedule = _import(_part(_doc(), "Saal 1"))
    assert schedule.event.day_ranges == ()
    assert schedule.event.days == DAYS


def test_a_congress_file_stripped_of_its_day_boundaries_keeps_its_days():
    bare = re.sub(r'(<day [^>]*?) start="[^"]*" end="[^"]*"', r"\1", NIGHTS.read_text(encoding="utf-8"))
    assert "start=" not in re.findall(r"<day [^>]*>", bare)[0]
    schedule, _ = merge([parse_source(bare.encode(), "bare.xml")])
    assert schedule.event.days == (date(2026, 12, 27), date(2026, 12, 28), date(2026, 12, 29))
    days = _days_of(schedule)
    assert (days["Night Owls"], days["Second Night"], days["Closing Night"]) == (
        date(2026, 12, 27),
        date(2026, 12, 28),
        date(2026, 12, 29),
    )


def test_our_own_export_with_calendar_days_is_read_back_with_calendar_days():
    when = datetime(2026, 12, 27, 23, 0, tzinfo=BERLIN)
    page = RawPage(source="sched.json", kind="api", event_name="Party Days", timezone="Europe/Berlin")
    page.sessions += [
        RawSession("sched.json", "Party", when, when.replace(day=28, hour=1)),
        RawSession(
            "sched.json", "After Party", when.replace(day=28, hour=0, minute=30), when.replace(day=28, hour=2)
        ),
        RawSession("sched.json", "Talk", when.replace(day=28, hour=11), when.replace(day=28, hour=12)),
    ]
    first, _ = merge([page])
    again, _ = merge(
        [parse_source(json.dumps(to_schedule_json(first, "https://h.example.org")).encode(), "ours.json")]
    )
    assert again.event.day_ranges == ()
    assert _days_of(again)["After Party"] == date(2026, 12, 28)  # as first imported


# One guid, two spellings.


def test_one_guid_is_one_person_named_as_written_most_on_every_session():
    schedule = _import(_doc())
    jana = [p for p in schedule.speakers if p.guid == JANA]
    assert [(p.name, p.id) for p in jana] == [("Jana Nowak", "jana-nowak")]  # 2 "Nowak", 1 "Novak" first
    with_her = [s.title for s in schedule.sessions if jana[0].id in s.speakers]
    assert with_her == ["Opening", "Morning Two", "Day Three"]


@pytest.mark.parametrize("order", [("Saal 1", "Stage B"), ("Stage B", "Saal 1")])
def test_two_spellings_from_two_sub_schedules_are_one_person_in_any_order(order):
    doc = _spelt_both_ways()
    schedule = _import(*(_part(doc, room) for room in order))
    assert [p.name for p in schedule.speakers if p.guid == JANA] == ["Jana Nowak"]
    assert sum(bool(s.speakers) for s in schedule.sessions) == 3


def _spelt_both_ways():
    """Opening (spelt "Novak") moved to the stage's sub-schedule: each part spells her its way."""
    doc = _doc()
    hub_day = doc["schedule"]["conference"]["days"][0]
    opening = hub_day["rooms"]["Saal 1"].pop(0)
    opening["room"] = "Stage B"
    doc["schedule"]["conference"]["days"][5]["rooms"]["Stage B"].append(opening)
    return doc


def test_a_tie_between_spellings_goes_to_the_first_seen():
    doc = _doc()
    days = doc["schedule"]["conference"]["days"]
    days[2]["rooms"]["Saal 1"][0]["persons"][0]["name"] = "Jana Novak"  # now 2 and 1 the other way
    days[1]["rooms"]["Saal 1"][0]["persons"] = []  # and 1 each
    assert [p.name for p in _import(doc).speakers if p.guid == JANA] == ["Jana Novak"]


def test_either_spelling_alone_in_another_source_names_the_same_person():
    doc = _spelt_both_ways()
    frab = [
        parse_source(json.dumps(_part(doc, room)).encode(), f"{room}.json") for room in ("Saal 1", "Stage B")
    ]
    opening = next(s for s in frab[1].sessions if s.title == "Opening")
    other = RawPage(source="sched.txt", kind="list", timezone="Europe/Berlin")
    other.sessions.append(
        RawSession("sched.txt", "Opening", opening.start, opening.end, speakers=[RawSpeaker("jana novak")])
    )
    schedule, _ = merge([other, *frab])
    assert [(p.name, p.guid) for p in schedule.speakers] == [("Jana Nowak", JANA)]
