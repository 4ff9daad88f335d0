"""Indico's HTTP API exports (the event with its contributions, the timetable) through
`parse_source` and `merge`, as `schedule import` reads them; the fixtures are one event in both
exports, its times written in the server's zone (Zurich) or in UTC, its venue in Lisbon."""

from __future__ import annotations

import copy
import json
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import FIXTURES
from tests.unit.importers.test_fuzz import import_or_refuse
from webapp.domain.model import Schedule, Session
from webapp.importers.indico_fields import person_name
from webapp.importers.merge import Overrides, merge
from webapp.importers.raw import SourceError
from webapp.importers.sources import parse_source

EVENT = json.loads((FIXTURES / "indico_event.json").read_text(encoding="utf-8"))
TIMETABLE = json.loads((FIXTURES / "indico_timetable.json").read_text(encoding="utf-8"))


def imported(*docs: tuple[str, Any], **overrides: str) -> tuple[Schedule, list[str]]:
    pages = [parse_source(json.dumps(doc).encode(), name) for name, doc in docs]
    return merge(pages, Overrides(**overrides))


def by_title(schedule: Schedule) -> dict[str, Session]:
    return {s.title: s for s in schedule.sessions}


def speakers(schedule: Schedule, session: Session) -> list[tuple[str, str | None]]:
    people = [schedule.speaker(i) for i in session.speakers]
    return [(p.name, p.company) for p in people if p]


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def block(title: str, tz: str, start: str, end: str, **fields: Any) -> dict[str, Any]:
    """A session block as the event export by blocks (`detail=sessions`) writes it, on 2 June."""
    when = {"date": "2025-06-02", "tz": tz}
    return {
        "_type": "SessionSlot",
        "title": title,
        "startDate": {**when, "time": start},
        "endDate": {**when, "time": end},
        "contributions": [],
        **fields,
    }


@pytest.fixture(scope="module")
def event() -> tuple[Schedule, list[str]]:
    return imported(("event.json", EVENT))


@pytest.fixture(scope="module")
def timetable() -> tuple[Schedule, list[str]]:
    return imported(("timetable.json", TIMETABLE), event_name="Hallway Test Conference 2025")


def test_event_export_names_the_event_its_venue_and_the_venues_timezone(event):
    ev = event[0].event
    assert (ev.name, ev.venue, ev.timezone) == (
        "Hallway Test Conference 2025",
        "Centro de Congressos",
        "Europe/Lisbon",
    )
    assert (ev.url, ev.language) == ("https://indico.example.org/event/4242/", "en-GB")
    assert [d.isoformat() for d in ev.days] == ["2025-06-02", "2025-06-03"]


def test_each_time_is_the_instant_its_own_zone_names_whatever_the_events_zone(event):
    sessions = by_title(event[0])
    # 10:00 in Zurich (CEST) and 15:00 in UTC: 08:00 and 15:00 UTC, 09:00 and 16:00 in Lisbon.
    assert sessions["Learning to Rank Talks"].start == utc("2025-06-02T08:00")
    assert sessions["Keynote: Offline First"].end == utc("2025-06-02T16:00")
    assert sessions["Keynote: Offline First"].start.isoformat() == "2025-06-02T16:00:00+01:00"


def test_contribution_without_a_time_is_left_out_and_counted_in_the_summary(event):
    schedule, warnings = event
    assert "Unscheduled Talk" not in by_title(schedule)
    assert len(schedule.sessions) == 4
    assert warnings == [
        "event.json: 1 contribution(s) not in the timetable (no start), left out: 'Unscheduled Talk'"
    ]


def test_html_description_becomes_paragraphs_with_links_and_no_markup(event):
    sessions = by_title(event[0])
    assert sessions["Learning to Rank Talks"].description == (
        "First paragraph, with bold words.",
        "Slides at the slides (https://example.org/slides.pdf).",
    )
    assert sessions["Keynote: Offline First"].description == ("Plain text, two lines.\nSecond line.",)


def test_attachments_and_links_are_kept_with_web_addresses_only(event, timetable):
    talk = by_title(event[0])["Learning to Rank Talks"]
    assert [(link.title, link.kind, link.url) for link in talk.links] == [
        (
            "Slides",
            "attachment",
            "https://indico.example.org/event/4242/contributions/311/attachments/71/81/rank.pdf",
        ),
        ("Recording", "link", "https://video.example.org/rank"),
    ]  # not the javascript: one, nor the legacy `material` listing the slides again
    sessions = by_title(timetable[0])
    assert sessions["Learning to Rank Talks"].links == ()  # the timetable's addresses are relative
    assert [link.title for link in sessions["Keynote: Offline First"].links] == [
        "offline.pdf"
    ]  # old `material`


def test_room_is_the_full_name_else_a_place_other_than_the_venue(event):
    schedule = event[0]
    rooms = {t: schedule.room(s.room).name if s.room else None for t, s in by_title(schedule).items()}
    assert rooms == {
        "Learning to Rank Talks": "Building A - Room 1",
        "Poster: Graphs": None,  # "" at the event's own venue: no room
        "Keynote: Offline First": "Auditorium",
        "Remote Demo": "Remote",
    }


def test_speakers_read_given_name_first_with_affiliation_as_company_else_primary_authors(event):
    schedule = event[0]
    sessions = by_title(schedule)
    assert speakers(schedule, sessions["Learning to Rank Talks"]) == [
        ("Ada Lovelace", "Analytical Engines Ltd")
    ]
    assert speakers(schedule, sessions["Poster: Graphs"]) == [("Jane Doe", None), ("Kim Park", "KAIST")]
    assert speakers(schedule, sessions["Remote Demo"]) == [("Omer Khalid", None)]


def test_session_is_the_track_and_contribution_type_the_kind(event):
    schedule = event[0]
    sessions = by_title(schedule)
    track = {t: schedule.track(s.track).name if s.track else None for t, s in sessions.items()}
    assert track["Learning to Rank Talks"] == "Machine Learning"  # its session, not its track
    assert track["Keynote: Offline First"] is None
    assert [sessions[t].kind for t in ("Learning to Rank Talks", "Poster: Graphs")] == ["Oral", "Poster"]


def test_friendly_id_proposes_the_id_and_the_contribution_keeps_it_when_renumbered_and_moved(event):
    schedule = event[0]
    talk = by_title(schedule)["Learning to Rank Talks"]
    assert (talk.id, talk.number) == ("c11", 11)
    changed = copy.deepcopy(EVENT)
    item = changed["results"][0]["contributions"][0]
    item.update(friendly_id=99, id="99", title="Offline Sync, Revisited")
    item["startDate"]["time"], item["endDate"]["time"] = "14:00:00", "14:30:00"
    again, _ = merge([parse_source(json.dumps(changed).encode(), "event.json")], previous=schedule)
    assert by_title(again)["Offline Sync, Revisited"].id == "c11"  # the same guid: the same session


def test_event_export_by_session_blocks_gives_the_same_sessions(event):
    # `detail=sessions`: contributions of a session sit in its blocks, the others beside them.
    doc = copy.deepcopy(EVENT)
    ev = doc["results"][0]
    inside = [c for c in ev["contributions"] if c["session"]]
    ev["contributions"] = [c for c in ev["contributions"] if not c["session"]]
    ev["sessions"] = [{"_type": "SessionSlot", "title": "Machine Learning", "contributions": inside}]
    schedule, warnings = imported(("event.json", doc))
    assert schedule.sessions == event[0].sessions and warnings == event[1]


def test_a_block_of_the_event_export_with_nothing_in_it_is_a_session_led_by_its_conveners():
    # `detail=sessions` lists a round table or a registration as a block without contributions;
    # the timetable export of the same event has it as a session (and so does the import).
    doc = copy.deepcopy(EVENT)
    doc["results"][0]["sessions"] = [
        block(
            "Registration",
            "Europe/Lisbon",
            "08:00:00",
            "09:00:00",
            room="Foyer",
            roomFullname="Foyer",
            location="Centro de Congressos",
            conveners=[
                {"first_name": "Sam", "last_name": "HOST", "fullName": "HOST, Sam", "affiliation": "LOC"}
            ],
        )
    ]
    schedule, _ = imported(("event.json", doc))
    registration = by_title(schedule)["Registration"]
    assert speakers(schedule, registration) == [("Sam Host", "LOC")]
    assert schedule.room(registration.room).name == "Foyer"
    assert registration.start == utc("2025-06-02T07:00:00")


@pytest.mark.parametrize(
    ("person", "name"),
    [
        ({"first_name": "Jerome", "last_name": "LAURET"}, "Jerome Lauret"),
        ({"first_name": "DAVIDE MARIA", "last_name": "TAGLIABUE"}, "Davide Maria Tagliabue"),
        ({"first_name": "Chiara ", "last_name": "Signorile "}, "Chiara Signorile"),
        ({"first_name": "", "last_name": "Plato"}, "Plato"),
        ({"firstName": "Ada", "familyName": "Lovelace", "name": "Dr. Ada Lovelace"}, "Ada Lovelace"),
        ({"name": "GRACIANI DIAZ, Ricardo"}, "Ricardo Graciani Diaz"),
        ({"name": "RAMOS DE AZEVEDO EVORA, Luiz Henrique"}, "Luiz Henrique Ramos de Azevedo Evora"),
        ({"name": "DE SALVO, Alessandro"}, "Alessandro De Salvo"),
        ({"name": "MEYER-CONDE, Marco"}, "Marco Meyer-Conde"),
        ({"name": "O'NEIL, Dan"}, "Dan O'Neil"),
        ({"name": "KHALID, omer"}, "Omer Khalid"),
        ({"name": "SMITH III, John"}, "John Smith III"),
        ({"name": "NGUYEN LE, Anh"}, "Anh Nguyen Le"),
        (
            {"name": "MESSCHENDORP (FOR THE PANDA COLLABORATION), Johan"},
            "Johan Messchendorp (for the Panda Collaboration)",
        ),
        ({"name": "McDonald, Ian"}, "Ian McDonald"),
        ({"fullName": "Van der Ster, Daniel"}, "Daniel Van der Ster"),
        ({"name": "Ada Lovelace"}, "Ada Lovelace"),
        ({"name": "  "}, None),
    ],
)
def test_a_person_is_written_as_a_person_reads_the_name(person, name):
    assert person_name(person) == name


def test_timetable_contributions_and_breaks_are_sessions_and_blocks_their_tracks(timetable):
    schedule, _ = timetable
    sessions = by_title(schedule)
    assert sorted(sessions) == [
        "Coffee", "Keynote: Offline First", "Learning to Rank Talks", "Lunch", "Poster: Graphs",
        "Registration", "Remote Demo", "Stargazing with Python",
    ]  # fmt: skip
    track = {t: schedule.track(s.track).name if s.track else None for t, s in sessions.items()}
    assert track["Learning to Rank Talks"] == track["Coffee"] == "Machine Learning"
    assert track["Lunch"] is None and track["Keynote: Offline First"] is None


def test_breaks_are_sessions_without_speakers(timetable):
    schedule, _ = timetable
    breaks = [s for s in schedule.sessions if s.kind == "Break"]
    assert sorted(s.title for s in breaks) == ["Coffee", "Lunch"]
    assert all(not s.speakers and s.guid for s in breaks)


def test_a_block_with_nothing_in_it_is_a_session_led_by_its_conveners(timetable):
    schedule, _ = timetable
    registration = by_title(schedule)["Registration"]
    assert speakers(schedule, registration) == [("Sam Host", "LOC")]
    assert schedule.room(registration.room).name == "Foyer"


def test_timetable_entry_without_a_room_is_in_its_blocks_room(timetable):
    schedule, _ = timetable
    sessions = by_title(schedule)
    rooms = {t: schedule.room(sessions[t].room).name for t in ("Coffee", "Poster: Graphs", "Remote Demo")}
    assert rooms == {
        "Coffee": "Building A - Room 1",
        "Poster: Graphs": "Building A - Room 1",
        "Remote Demo": "Remote",
    }


def test_block_past_midnight_is_listed_under_both_days_and_imported_once(timetable):
    schedule, _ = timetable
    night = [s for s in schedule.sessions if s.title == "Stargazing with Python"]
    assert len(night) == 1
    assert (night[0].start, night[0].end) == (utc("2025-06-02T22:30"), utc("2025-06-02T23:30"))


def test_timetable_days_are_those_with_sessions_and_its_zone_a_guess_said_aloud(timetable):
    schedule, warnings = timetable
    assert [d.isoformat() for d in schedule.event.days] == ["2025-06-02", "2025-06-03"]  # not the empty 1st
    assert schedule.event.timezone == "Europe/Lisbon"
    assert warnings and "timetable.json names no timezone" in warnings[0] and "--timezone" in warnings[0]


def test_timetable_presenters_written_surname_first_are_read_given_name_first(timetable):
    schedule, _ = timetable
    assert speakers(schedule, by_title(schedule)["Keynote: Offline First"]) == [("Jerome Lauret", "BNL")]


def test_timetable_alone_names_no_event_so_it_is_named_after_its_file_with_a_warning():
    schedule, warnings = imported(("timetable.json", TIMETABLE))
    assert schedule.event.name == "timetable"
    assert any("timetable.json does not name the event" in w and "--event-name" in w for w in warnings)


def test_event_and_timetable_of_one_event_merge_into_one_schedule_with_the_events_ids():
    schedule, warnings = imported(("event.json", EVENT), ("timetable.json", TIMETABLE))
    assert len(schedule.sessions) == 8  # 4 contributions in both, 2 breaks, a block, a talk in one
    assert schedule.event.timezone == "Europe/Lisbon"
    assert len(warnings) == 1  # the untimed contribution; the zone is the event's, no guess
    sessions = by_title(schedule)
    assert [sessions[t].id for t in ("Learning to Rank Talks", "Stargazing with Python")] == ["c11", "c18"]
    assert speakers(schedule, sessions["Poster: Graphs"]) == [("Jane Doe", None), ("Kim Park", "KAIST")]


def event_with(change) -> dict[str, Any]:
    doc = copy.deepcopy(EVENT)
    change(doc, doc["results"][0], doc["results"][0]["contributions"][0])
    return doc


def timetable_with(change) -> dict[str, Any]:
    doc = copy.deepcopy(TIMETABLE)
    days = doc["results"]["4242"]
    change(doc, days, days["20250602"])
    return doc


BROKEN = {
    "no event": (event_with(lambda d, e, c: d.update(results=[])), r"no event in it"),
    "two events": (event_with(lambda d, e, c: d["results"].append(e)), r"of 2 events: export one"),
    "no contributions": (event_with(lambda d, e, c: e.pop("contributions")), r"detail=contributions"),
    "event zone unknown": (event_with(lambda d, e, c: e.update(timezone="Nowhere")), r"unknown timezone"),
    "nothing timed": (
        event_with(lambda d, e, c: [x.update(startDate=None) for x in e["contributions"]]),
        r"none of the event's 5 contributions is in the timetable",
    ),
    "error answer": (
        {"_type": "HTTPAPIResult", "count": 0, "results": None, "message": "Access denied"},
        r"without results: Access denied",
    ),
    "timetable of no event": (
        timetable_with(lambda d, days, day: d.update(results={})),
        r"timetable of no event",
    ),
    "empty timetable": (
        timetable_with(lambda d, days, day: [v.clear() for v in days.values()]),
        r"the timetable of event 4242 has nothing in it",
    ),
}


@pytest.mark.parametrize("case", BROKEN)
def test_malformed_export_is_refused_naming_the_file_and_the_entry(case):
    doc, message = BROKEN[case]
    with pytest.raises(SourceError, match=r"^broken\.json: .*" + message):
        parse_source(json.dumps(doc).encode(), "broken.json")


def test_truncated_export_is_refused_as_json_naming_the_file():
    data = (FIXTURES / "indico_event.json").read_bytes()
    with pytest.raises(SourceError, match=r"^cut\.json, line 1: not valid JSON"):
        parse_source(data[: len(data) // 2], "cut.json")


def test_import_command_reads_both_exports_and_refuses_a_broken_one_without_a_traceback(runner, tmp_path):
    out = tmp_path / "schedule.json"
    sources = [FIXTURES / "indico_event.json", FIXTURES / "indico_timetable.json"]
    result = runner.invoke(args=["schedule", "import", *map(str, sources), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "8 sessions" in result.output and "[Europe/Lisbon]" in result.output
    assert "1 contribution(s) not in the timetable" in result.output
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(BROKEN["two events"][0]), encoding="utf-8")
    before = out.read_bytes()
    result = runner.invoke(args=["schedule", "import", str(broken), "--out", str(out)])
    assert result.exit_code == 1
    assert "broken.json: an Indico export of 2 events" in result.output
    assert "Traceback" not in result.output and out.read_bytes() == before


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)


def paths(node: Any, at: tuple = ()) -> list[tuple]:
    """Where a value sits in a document: every key of every object, every item of every list."""
    found = [at]
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in items:
        found += paths(child, (*at, key))
    return found


@st.composite
def mutated_export(draw: st.DrawFn) -> tuple[str, bytes]:
    name, doc = draw(st.sampled_from([("event.json", EVENT), ("timetable.json", TIMETABLE)]))
    doc = copy.deepcopy(doc)
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(paths(doc)[1:]))
        parent = doc
        for key in where[:-1]:
            parent = parent[key]
        if draw(st.booleans()) and isinstance(parent, dict):
            del parent[where[-1]]
        else:
            parent[where[-1]] = draw(JSON_VALUES)
    return name, json.dumps(doc).encode()


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(mutated_export())
def test_export_with_any_value_changed_or_dropped_imports_or_is_refused_naming_the_file(case):
    assert import_or_refuse(*case) in ("imported", "refused")


def test_an_empty_block_in_both_exports_is_one_session_named_as_indico_names_it():
    # Indico titles a block "Session: Block" in the event export, and gives the two apart in
    # the timetable (title, slotTitle): merged, they were two sessions and a stray track.
    def renamed(doc, days, day):
        day["s16"].update(slotTitle="Round table", sessionSlotId=16)

    event = copy.deepcopy(EVENT)
    event["results"][0]["sessions"] = [
        block(
            "Registration: Round table",
            "Europe/Lisbon",
            "08:00:00",
            "09:00:00",
            id=16,
            session={"title": "Registration", "isPoster": False},
            room="Foyer",
            conveners=[],
        )
    ]
    schedule, _ = imported(("event.json", event), ("timetable.json", timetable_with(renamed)))
    blocks = [s for s in schedule.sessions if s.title.startswith("Registration")]
    assert [(s.title, schedule.track(s.track).name) for s in blocks] == [
        ("Registration: Round table", "Registration")
    ]
    assert "Registration: Round table" not in {t.name for t in schedule.tracks}


def test_a_poster_is_on_show_for_its_whole_poster_session_and_a_protected_file_is_not_published():
    doc = copy.deepcopy(EVENT)
    ev = doc["results"][0]
    poster = next(c for c in ev["contributions"] if c["title"] == "Poster: Graphs")
    ev["contributions"].remove(poster)
    ev["sessions"] = [
        block(
            "Posters",
            "Europe/Zurich",
            "10:40:00",
            "12:40:00",
            id=30,
            session={"title": "Posters", "isPoster": True},
            contributions=[poster],
        )
    ]
    folder = ev["contributions"][0]["folders"][0]
    folder["attachments"][0]["is_protected"] = True
    schedule, _ = imported(("event.json", doc))
    shown = by_title(schedule)["Poster: Graphs"]
    assert (shown.start, shown.end) == (utc("2025-06-02T08:40:00"), utc("2025-06-02T10:40:00"))
    urls = [x.url for x in by_title(schedule)["Learning to Rank Talks"].links]
    assert not any(u.endswith("rank.pdf") for u in urls) and "https://video.example.org/rank" in urls


def test_a_time_in_the_hour_clocks_go_back_is_the_reading_its_duration_says():
    # 02:30 on 26 October 2025 happens twice in Zurich; the timetable writes no offset, but
    # gives the duration: a talk to 03:00 that lasts 30 minutes starts at the second one.
    def fall_back(doc, days, day):
        entry = day["c15"]
        entry["startDate"] = {"date": "2025-10-26", "tz": "Europe/Zurich", "time": "02:30:00"}
        entry["endDate"] = {"date": "2025-10-26", "tz": "Europe/Zurich", "time": "03:00:00"}
        entry["duration"] = 30

    schedule, _ = imported(
        ("timetable.json", timetable_with(fall_back)), event_name="E", timezone="Europe/Zurich"
    )
    session = next(s for s in schedule.sessions if s.start.date().isoformat() == "2025-10-26")
    # (In UTC: an aware time in a repeated hour never equals one of another zone, PEP 495.)
    assert (session.start.astimezone(UTC), session.end.astimezone(UTC)) == (
        utc("2025-10-26T01:30:00"),
        utc("2025-10-26T02:00:00"),
    )
