"""Sched's session export as it really comes: every value a string, relabelled custom fields,
sessions without speakers or room, and the same export as CSV (fixtures written for these
tests: sched_export_strings.json, sched_export.csv, the same three public sessions)."""

from __future__ import annotations

import json
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from tests.conftest import FIXTURES
from webapp.importers.merge import Overrides, merge
from webapp.importers.raw import SourceError
from webapp.importers.sources import parse_source

JSON = FIXTURES / "sched_export_strings.json"
CSV = FIXTURES / "sched_export.csv"
BERLIN = ZoneInfo("Europe/Berlin")
NAME = Overrides(event_name="Data Days 2031", timezone="Europe/Berlin")


def _page(path, timezone="Europe/Berlin"):
    return parse_source(path.read_bytes(), path.name, timezone)


def _schedule(path):
    schedule, warnings = merge([_page(path)], NAME)
    assert warnings == []
    return schedule


def _by_title(schedule, title):
    return next(s for s in schedule.sessions if s.title == title)


@pytest.mark.parametrize("path", [JSON, CSV], ids=["json", "csv"])
def test_export_sessions_at_the_venues_wall_clock_in_their_rooms_hidden_ones_left_out(path):
    schedule = _schedule(path)
    rooms = {r.id: r.name for r in schedule.rooms}
    assert [(s.title, s.start, rooms.get(s.room)) for s in schedule.sessions] == [
        ("Lightning Talk: Tables, Fast", datetime(2031, 10, 14, 9, 0, tzinfo=BERLIN), "Blue Room"),
        ("Coffee Break", datetime(2031, 10, 14, 10, 30, tzinfo=BERLIN), "Foyer"),
        ("Open Data Walk", datetime(2031, 10, 14, 17, 0, tzinfo=BERLIN), None),  # no venue
    ]
    assert "Withdrawn" not in {s.title for s in schedule.sessions}  # active "N"
    assert _by_title(schedule, "Lightning Talk: Tables, Fast").end == datetime(
        2031, 10, 14, 9, 10, tzinfo=BERLIN
    )


@pytest.mark.parametrize("path", [JSON, CSV], ids=["json", "csv"])
def test_event_key_is_the_proposed_id_and_stays_the_guid_on_every_import(path):
    schedule = _schedule(path)
    assert {s.title: s.id for s in schedule.sessions} == {
        "Lightning Talk: Tables, Fast": "884213",
        "Coffee Break": "7",  # a tiny key is a key all the same
        "Open Data Walk": "884214",
    }
    assert {s.number for s in schedule.sessions} == {884213, 7, 884214}
    again = _schedule(JSON if path is CSV else CSV)  # the other form of the same export
    assert {s.title: s.guid for s in again.sessions} == {s.title: s.guid for s in schedule.sessions}
    assert all(s.guid for s in schedule.sessions)


@pytest.mark.parametrize("path", [JSON, CSV], ids=["json", "csv"])
def test_speakers_are_separate_people_with_companies_and_none_where_there_are_none(path):
    schedule = _schedule(path)

    def people(title):
        return [(p.name, p.company) for p in map(schedule.speaker, _by_title(schedule, title).speakers)]

    # Listed in Sched's custom_order (JSON) or as written (CSV); the heading names Ana once.
    assert people("Lightning Talk: Tables, Fast") == [("Ana Sousa", "Tabular"), ("Bo Li", "Data Co")]
    assert people("Coffee Break") == []
    assert [name for name, _ in people("Open Data Walk")] == ["Carla Dias", "Dev Patel"]
    ana = next(p for p in schedule.speakers if p.name == "Ana Sousa")
    assert ana.role == "Engineer"


@pytest.mark.parametrize("path", [JSON, CSV], ids=["json", "csv"])
def test_description_html_becomes_paragraphs_of_text_and_type_the_track(path):
    tables = _by_title(_schedule(path), "Lightning Talk: Tables, Fast")
    assert tables.description[0] == "Tables, but fast."
    assert len(tables.description) == 2 and "<" not in "".join(tables.description)
    assert tables.kind == "Lightning Talk"


def test_relabelled_custom_fields_give_the_level_and_the_format():
    schedule = _schedule(JSON)
    tables, walk = _by_title(schedule, "Lightning Talk: Tables, Fast"), _by_title(schedule, "Open Data Walk")
    assert tables.level == "Beginner"  # kept in "company" by the event's relabelling
    assert walk.kind == "Session Presentations"  # "audience" holds the format
    assert {t.name for t in schedule.tracks} == {"Data Systems", "Breaks", "Social"}  # no "" subtype


def test_file_addresses_with_raw_spaces_become_links_and_mark_slides():
    tables = _by_title(_schedule(JSON), "Lightning Talk: Tables, Fast")
    assert [(x.url, x.title, x.kind) for x in tables.links] == [
        ("https://files.example.org/hosted/20/Fast%20Tables%20v2.pdf", "Fast Tables v2.pdf", "attachment")
    ]
    assert tables.slides is True


def test_csv_cells_keep_quoted_commas_line_breaks_and_quotes():
    tables = _page(CSV).sessions[0]
    assert tables.description == ("Tables, but fast.", 'A second paragraph, with "quotes".')
    assert tables.line == 2
    assert _page(CSV).sessions[1].line == 5  # after the three lines of the first row


def test_without_a_timezone_the_import_stops_and_says_pass_timezone():
    for path in (JSON, CSV):
        page = _page(path, timezone=None)
        assert page.utc_offset == 2.0  # what start_time_ts says, kept for --city
        with pytest.raises(
            SourceError, match=r"venue's clock at UTC\+2 and name no timezone; pass --timezone"
        ):
            merge([page], Overrides(event_name="Data Days 2031"))
    # With the city the offset names one zone.
    named, _ = merge([_page(JSON, None)], Overrides(event_name="Data Days 2031", city="Berlin"))
    assert named.event.timezone == "Europe/Berlin"


def test_a_timezone_that_puts_the_wall_clock_at_another_instant_is_refused():
    with pytest.raises(SourceError, match=r"sched_export\.csv.*UTC\+2.*--timezone Europe/London is UTC\+1"):
        _page(CSV, "Europe/London")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('event_key,name,event_start,event_end\n1,"Open,2031-10-14 09:00\n', "not valid CSV"),
        ("event_key,name,event_start,event_end\n", "no sessions"),
        (
            "event_key,name,event_start,event_end\n1,Talk,soon,later\n",
            r"line 2, session #1 \(1, 'Talk'\): unreadable",
        ),
        ("name,event_start,event_end\nTalk,2031-10-14 09:00,\n", "missing or empty event_end"),
        ("name,event_start,event_end\nTalk,2031-10-14 09:00,2031-10-14 10:00,extra\n", "4 cells"),
    ],
)
def test_broken_csv_or_one_with_no_readable_row_is_refused_naming_the_file_and_line(text, message):
    with pytest.raises(SourceError, match=message) as caught:
        parse_source(text.encode(), "export.csv", "Europe/Berlin")
    assert str(caught.value).startswith("export.csv")


def test_json_with_numbers_where_strings_are_usual_reads_the_same():
    doc = json.loads(JSON.read_text(encoding="utf-8"))
    for item in doc:
        item["event_key"] = int(item["event_key"])
        if "start_time_ts" in item:
            item["start_time_ts"] = int(item["start_time_ts"])
    page = parse_source(json.dumps(doc).encode(), "numbers.json", "Europe/Berlin")
    assert [s.proposed_id for s in page.sessions] == [s.proposed_id for s in _page(JSON).sessions]


@pytest.mark.parametrize(
    ("name", "listed", "title", "people"),
    [
        (
            "Keynote: Closing - Sasha Solomon, Graphs Inc",
            None,
            "Keynote: Closing",
            [("Sasha Solomon", "Graphs Inc")],
        ),
        ("Lunch Break - Attendees on Own", None, "Lunch Break - Attendees on Own", []),
        # The export's list wins over a hand-typed heading ("; " and "Role, Company" in it).
        (
            "Panel - Ana Sousa, Engineer, Tabular; Bo Li, Data Co",
            [{"name": "Ana Sousa", "company": "Tabular"}, {"name": "Bo Li", "company": "Data Co"}],
            "Panel",
            [("Ana Sousa", "Tabular"), ("Bo Li", "Data Co")],
        ),
    ],
)
def test_the_heading_names_people_only_where_the_export_lists_none(name, listed, title, people):
    item = {
        "name": name,
        "event_start": "2031-10-14 09:00",
        "event_end": "2031-10-14 10:00",
        "speakers": listed,
    }
    session = parse_source(json.dumps([item]).encode(), "export.json").sessions[0]
    assert session.title == title
    assert [(p.name, p.company) for p in session.speakers] == people


def test_an_event_key_with_a_lone_surrogate_still_gives_a_guid():
    text = JSON.read_text(encoding="utf-8").replace('"884213"', '"\\ud800884213"')
    tables = parse_source(text.encode(), "export.json", "Europe/Berlin").sessions[1]
    assert tables.proposed_id == "\ufffd884213" and tables.guid


HEAD = "event_key,active,name,event_start,event_end,event_type,venue,speakers\n"


def test_a_session_sched_gives_a_tba_time_is_left_out_with_a_note_and_the_rest_imported():
    text = HEAD + (
        "1,Y,Opening,2031-10-14 09:00:00,2031-10-14 09:30:00,Talks,Blue Room,\n"
        "2,Y,Board Games,2031-10-14 TBA,2031-10-14 TBA,Gaming,,\n"
        "3,Y,Late Show,2031-10-14 22:00:00,TBD,Social,,\n"
    )
    page = parse_source(text.encode(), "export.csv", "Europe/Berlin")
    assert [s.title for s in page.sessions] == ["Opening"]
    assert page.notes == [
        "export.csv: 2 session(s) whose time Sched gives as TBA, left out: 'Board Games', 'Late Show'"
    ]
    # A time that is neither one nor TBA sets its row aside, said as a problem.
    page = parse_source(
        (
            HEAD
            + "1,Y,Opening,soon,2031-10-14 09:30:00,,,\n"
            + "2,Y,Close,2031-10-14 17:00:00,2031-10-14 17:30:00,,,\n"
        ).encode(),
        "export.csv",
        "Europe/Berlin",
    )
    assert [s.title for s in page.sessions] == ["Close"]
    assert [p.message for p in page.problems] == ["unreadable time 'soon'; set aside"]


def test_html_escaped_speaker_names_are_one_person_each():
    # As Sched's CSV writes them: the ";" of "&quot;" does not part people.
    people = "Andrew M. &quot;Fish&quot; Popowich, Becky Hill, Cyndi Chadwick"
    text = HEAD + f'1,Y,Library Hacks,2031-10-14 09:00:00,2031-10-14 10:00:00,,,"{people}"\n'
    page = parse_source(text.encode(), "export.csv", "Europe/Berlin")
    assert [(p.name, p.role, p.company) for p in page.sessions[0].speakers] == [
        ('Andrew M. "Fish" Popowich', None, None),
        ("Becky Hill", None, None),
        ("Cyndi Chadwick", None, None),
    ]
    doc = [{"name": "Talk", "event_start": "2031-10-14 09:00", "event_end": "2031-10-14 10:00",
            "speakers": [{"name": "Ana &amp; Bo&#39;s Lab"}]}]  # fmt: skip
    page = parse_source(json.dumps(doc).encode(), "export.json", "Europe/Berlin")
    assert [p.name for p in page.sessions[0].speakers] == ["Ana & Bo's Lab"]


def test_a_session_of_several_types_has_the_first_as_its_track_unless_the_comma_is_a_types_own():
    text = HEAD + (
        "1,Y,Dice,2031-10-14 09:00:00,2031-10-14 10:00:00,Gaming,,\n"
        "2,Y,Night Owls,2031-10-14 22:00:00,2031-10-14 23:00:00,After Dark,,\n"
        '3,Y,Midnight Dice,2031-10-14 23:00:00,2031-10-15 00:00:00,"Gaming, After Dark",,\n'
        '4,Y,Lunch,2031-10-14 12:00:00,2031-10-14 13:00:00,"Food, Drink",,\n'
        "5,Y,Brunch,2031-10-15 11:00:00,2031-10-15 12:00:00,Food,,\n"
    )
    page = parse_source(text.encode(), "export.csv", "Europe/Berlin")
    assert [s.track for s in page.sessions] == ["Gaming", "After Dark", "Gaming", "Food, Drink", "Food"]


def test_escaped_fields_are_read_and_moderators_and_artists_are_the_sessions_people_too():
    doc = [
        {
            "event_key": "a1",
            "name": "Q&amp;A with the &quot;Core&quot; Team",
            "event_start": "2031-10-14 09:00",
            "event_end": "2031-10-14 10:00",
            "event_type": "Food &amp; Drink",
            "venue": "Hall A &amp; B",
            "speakers": [{"name": "Ana Sousa", "company": "AT&amp;T", "position": "R&amp;D"}],
            "moderators": [{"name": "Bo Li"}, {"name": "Ana Sousa"}],
            "artists": "Carla Dias",
            "sponsors": [{"name": "Acme"}],  # a company, not a person on stage
        }
    ]
    page = parse_source(json.dumps(doc).encode(), "export.json", "Europe/Berlin")
    (session,) = page.sessions
    assert (session.title, session.room, session.track) == (
        'Q&A with the "Core" Team',
        "Hall A & B",
        "Food & Drink",
    )
    assert [(p.name, p.company, p.role) for p in session.speakers] == [
        ("Ana Sousa", "AT&T", "R&D"),
        ("Bo Li", None, None),
        ("Carla Dias", None, None),
    ]
