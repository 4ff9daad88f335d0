"""One odd contribution never refuses an Indico export: a contribution or timetable entry
without a title, with a time that does not read, of an unknown type, or that is not an object
is set aside and said once, naming the file, its id and its title, and the rest imports; a
person without a name is set aside from a session that is kept. `--strict` refuses on the
first. An export none of whose entries can be read is still refused, naming the first."""

from __future__ import annotations

import json

import pytest

from tests.unit.importers.test_indico import event_with, timetable_with
from webapp.importers.merge import Overrides, merge
from webapp.importers.problems import report
from webapp.importers.raw import SourceError
from webapp.importers.sources import parse_source
from webapp.importers.update import update_schedule

RANK = "Learning to Rank Talks"  # contribution 11, the first of the event export
KEYNOTE = "Keynote: Offline First"
EVENT_TITLES = {RANK, "Poster: Graphs", "Keynote: Offline First", "Remote Demo"}
TIMETABLE_TITLES = {RANK, "Coffee", "Poster: Graphs", "Lunch", "Keynote: Offline First",
                    "Registration", "Stargazing with Python", "Remote Demo"}  # fmt: skip

ODD = {
    # case: (the export, the kind, what the problem says, the title that finds it, sessions lost)
    "no title": (
        event_with(lambda d, e, c: c.update(title=" ")), "entry without a title",
        "contribution 11: has no title; set aside", None, {RANK},
    ),
    "time without zone": (
        event_with(lambda d, e, c: c["startDate"].pop("tz")), "unreadable time",
        "contribution 11: startDate lacks its date, time or tz", RANK, {RANK},
    ),
    "impossible date": (
        event_with(lambda d, e, c: c["startDate"].update(date="2025-02-30")), "unreadable time",
        "contribution 11: startDate is not a time", RANK, {RANK},
    ),
    "unknown zone": (
        event_with(lambda d, e, c: c["endDate"].update(tz="Mars/Olympus_Mons")), "unreadable time",
        "contribution 11: endDate is not a time: unknown timezone 'Mars/Olympus_Mons'", RANK, {RANK},
    ),
    "ends before it starts": (
        event_with(lambda d, e, c: c["endDate"].update(time="09:00:00")), "unreadable time",
        "contribution 11: ends", RANK, {RANK},
    ),
    "contribution not an object": (
        event_with(lambda d, e, c: e["contributions"].append("x")), "entry that is not an object",
        "event 4242: a contribution is not an object: 'x'; set aside", None, set(),
    ),
    "speakers not a list": (
        event_with(lambda d, e, c: c.update(speakers="Ada")), "unreadable person",
        "contribution 11: people are not a list: 'Ada'; that person set aside, the session kept", RANK, set(),
    ),
    "speaker without a name": (
        event_with(lambda d, e, c: c.update(speakers=[{"affiliation": "X"}])), "unreadable person",
        "contribution 11: a person without a name", RANK, set(),
    ),
    "timetable day not an object": (
        timetable_with(lambda d, days, day: days.update({"20250604": []})), "entry that is not an object",
        "timetable day 20250604: not an object of entries; set aside", None, set(),
    ),
    "unknown entry type": (
        timetable_with(lambda d, days, day: day["b14"].update(entryType="Poll")), "entry of an unknown type",
        "timetable entry b14: unknown entryType 'Poll'", "Lunch", {"Lunch"},
    ),
    "entry without a start": (
        timetable_with(lambda d, days, day: day["c15"].pop("startDate")), "unreadable time",
        "timetable entry c15: has no startDate; set aside", KEYNOTE, {KEYNOTE},
    ),
    "block entries not an object": (
        timetable_with(lambda d, days, day: day["s10"].update(entries=[1])), "entry that is not an object",
        "timetable entry 20250602/s10: its entries are not an object; set aside", "Machine Learning",
        {RANK, "Coffee", "Poster: Graphs"},
    ),
}  # fmt: skip


def _page(case: str):
    return parse_source(json.dumps(ODD[case][0]).encode(), "odd.json")


@pytest.mark.parametrize("case", ODD)
def test_one_odd_entry_is_set_aside_said_once_and_the_rest_imports(case):
    doc, kind, says, title, lost = ODD[case]
    page = _page(case)
    timetable = isinstance(doc["results"], dict)
    schedule, _ = merge([page], Overrides(event_name="E", timezone="Europe/Zurich"))
    expected = (TIMETABLE_TITLES if timetable else EVENT_TITLES) - lost
    assert {s.title for s in schedule.sessions} == expected
    (problem,) = page.problems
    assert problem.kind == kind
    assert problem.where == (f"odd.json ({title!r})" if title else "odd.json")
    assert problem.message.startswith(says)
    said = "\n".join(report(page.problems))
    assert said.startswith("1 problem in the sources") and said.count(says) == 1


def test_a_person_set_aside_leaves_the_session_with_its_other_people():
    doc = event_with(lambda d, e, c: c["speakers"].append({"affiliation": "X"}))
    page = parse_source(json.dumps(doc).encode(), "odd.json")
    schedule, _ = merge([page], Overrides())
    rank = next(s for s in schedule.sessions if s.title == RANK)
    assert rank.speakers and [p.kind for p in page.problems] == ["unreadable person"]


@pytest.mark.parametrize("case", ["no title", "unknown entry type", "speaker without a name"])
def test_strict_refuses_on_the_odd_entry_and_writes_nothing(case, tmp_path):
    out = tmp_path / "schedule.json"
    given = Overrides(event_name="E", timezone="Europe/Zurich")
    strict = Overrides(event_name="E", timezone="Europe/Zurich", strict=True)
    with pytest.raises(SourceError, match=rf"^odd\.json.*: {ODD[case][1]}: .*--strict refuses"):
        update_schedule([_page(case)], strict, out)
    assert not out.exists()
    done = update_schedule([_page(case)], given, out)
    assert done.schedule.sessions and len(done.problems) == 1


def test_the_import_command_prints_the_problem_once_and_strict_refuses(runner, tmp_path):
    source = tmp_path / "odd.json"
    source.write_text(json.dumps(ODD["no title"][0]), encoding="utf-8")
    out = tmp_path / "schedule.json"
    result = runner.invoke(args=["schedule", "import", str(source), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.count("contribution 11: has no title; set aside") == 1
    again = ["schedule", "import", str(source), "--out", str(tmp_path / "s2.json"), "--strict"]
    result = runner.invoke(args=again)
    assert result.exit_code == 1 and "contribution 11: has no title" in result.output
    assert not (tmp_path / "s2.json").exists()


def test_an_export_none_of_whose_contributions_reads_is_refused_naming_the_first():
    doc = event_with(lambda d, e, c: [x.update(title="") for x in e["contributions"]])
    first = r"^odd\.json: none of the event's 5 .*the first: contribution 11: has no title"
    with pytest.raises(SourceError, match=first):
        parse_source(json.dumps(doc).encode(), "odd.json")
    zoneless = timetable_with(lambda d, days, day: [e.update(entryType="Poll") for v in days.values()
                                                    for e in v.values()])  # fmt: skip
    with pytest.raises(SourceError, match=r"^odd\.json: no entry of the timetable can be read: .*entryType"):
        parse_source(json.dumps(zoneless).encode(), "odd.json")
