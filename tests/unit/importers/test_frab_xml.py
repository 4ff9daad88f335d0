from datetime import timedelta
from pathlib import Path

import pytest

from webapp.importers import frab_xml
from webapp.importers.frab_json import FrabError

FIXTURE = Path(__file__).parents[2] / "fixtures" / "frab_mini.xml"


@pytest.fixture(scope="module")
def mini():
    return frab_xml.parse(FIXTURE.read_text(encoding="utf-8"), "frab_mini.xml")


def _by_title(schedule, title):
    return next(s for s in schedule.sessions if s.title == title)


def test_conference_fields_become_the_event(mini):
    ev = mini.event
    assert (ev.id, ev.name, ev.timezone) == ("fixfest26", "Fixture Fest 2026", "Europe/Amsterdam")
    assert [d.isoformat() for d in ev.days] == ["2026-03-28", "2026-03-29"]
    assert ev.url == "https://fixfest.example.org/"


def test_times_are_in_the_events_zone_on_both_sides_of_the_clock_change(mini):
    soldering = _by_title(mini, "Soldering for Everyone")
    assert soldering.start.isoformat() == "2026-03-28T10:00:00+01:00"
    keynote = _by_title(mini, "Summer Time Keynote")
    assert keynote.start.isoformat() == "2026-03-29T10:00:00+02:00"
    assert str(keynote.start.tzinfo) == "Europe/Amsterdam"


def test_start_only_event_after_midnight_is_the_next_morning_and_lasts_its_duration(mini):
    owl = _by_title(mini, "Night Owl Session")
    assert owl.start.isoformat() == "2026-03-29T01:30:00+01:00"
    assert owl.end.isoformat() == "2026-03-29T03:30:00+02:00"
    assert owl.end.timestamp() - owl.start.timestamp() == timedelta(hours=1).total_seconds()


def test_rooms_tracks_and_people_are_collected_once(mini):
    assert [(r.id, r.name) for r in mini.rooms] == [("saal-eins", "Saal Eins"), ("empty-tent", "Empty Tent")]
    assert [(t.id, t.name) for t in mini.tracks] == [("hardware", "Hardware & Making")]
    assert [(p.id, p.name) for p in mini.speakers] == [
        ("grace-hopper", "Grace Hopper"),
        ("linus-torvalds", "Linus Torvalds"),
    ]
    assert _by_title(mini, "Soldering for Everyone").speakers == ("grace-hopper", "linus-torvalds")
    assert _by_title(mini, "Night Owl Session").speakers == ("grace-hopper",)


def test_abstract_and_description_become_paragraphs_without_repeats(mini):
    assert _by_title(mini, "Soldering for Everyone").description == (
        "Bring nothing, leave with a blinking badge.",
        "First we heat.",
        "Then we solder.",
    )
    assert _by_title(mini, "Summer Time Keynote").description == ("One hour less sleep.",)
    assert _by_title(mini, "Night Owl Session").description == ()


def test_kind_track_and_slides(mini):
    soldering = _by_title(mini, "Soldering for Everyone")
    assert (soldering.kind, soldering.track, soldering.slides) == ("workshop", "hardware", True)
    owl = _by_title(mini, "Night Owl Session")
    assert (owl.kind, owl.track, owl.slides) == ("lecture", None, None)
    assert _by_title(mini, "Summer Time Keynote").slides is True


def test_ids_are_stable_and_unique(mini):
    again = frab_xml.parse(FIXTURE.read_text(encoding="utf-8"), "copy.xml")
    assert [s.id for s in again.sessions] == [s.id for s in mini.sessions]
    assert len({s.id for s in mini.sessions}) == 3


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE schedule [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<schedule><version>&b;</version></schedule>"""


@pytest.mark.parametrize(
    ("text", "message", "line"),
    [
        ("", "empty", None),
        ("<schedule>\n<conference>\n<title>X</tit", "not well-formed", 3),
        ("<html><body>Not a schedule</body></html>", "root element is <html>", None),
        (BILLION_LAUGHS, "refused", None),
        ("<schedule><conference><title>C</title></conference></schedule>", "no events", None),
        ("<schedule><day date='2014-07-21'><entry id='1'><title>T</title></entry></day></schedule>",
         "not a frab or pentabarf schedule.xml: its <schedule> holds <day>, not <conference>", None),
        ("<schedule><day index='1' date='2026-01-01'><room name='R'><event id='1' guid='g'>"
         "<title>T</title><start>nine</start><duration>00:30</duration></event></room></day>"
         "<conference><title>C</title><time_zone_name>UTC</time_zone_name></conference></schedule>",
         "no start time", None),
    ],
)  # fmt: skip
def test_bad_input_is_refused_with_a_clear_message(text, message, line):
    with pytest.raises(FrabError, match=message) as info:
        frab_xml.parse(text, "broken.xml")
    assert str(info.value).startswith("broken.xml")
    assert info.value.line == line


PENTABARF_DAY_EVENTS = """<?xml version="1.0" encoding="UTF-8"?>
<schedule>
  <conference><title>FOSS Meet 2007</title><day_change>09:00:00</day_change></conference>
  <day index="1" date="2007-02-25">
    <event id="0"><start>15:00</start><duration>00:45</duration><room>Chavanne</room>
      <title>AIGLX</title><track>Desktop</track><persons><person id="7">Kristian</person></persons></event>
    <event id="1"><start>16:00</start><duration>01:00</duration><room>Janson</room>
      <title>Keynote</title><persons/></event>
  </day>
  <day index="2" date="2007-02-26">
    <event id="2"><start>10:00</start><duration>00:30</duration><room>Chavanne</room>
      <title>Closing</title></event>
  </day>
</schedule>"""


def test_events_listed_under_the_day_each_naming_its_room_are_read():
    # As FOSDEM's archive of its 2007-2012 schedules writes them: no <room name=> around them.
    schedule = frab_xml.parse(PENTABARF_DAY_EVENTS, "fosdem-2007.xml", "Europe/Brussels")
    rooms = {r.id: r.name for r in schedule.rooms}
    assert [(s.title, s.start.isoformat(), rooms[s.room]) for s in schedule.sessions] == [
        ("AIGLX", "2007-02-25T15:00:00+01:00", "Chavanne"),
        ("Keynote", "2007-02-25T16:00:00+01:00", "Janson"),
        ("Closing", "2007-02-26T10:00:00+01:00", "Chavanne"),
    ]
    assert [schedule.speaker(p).name for p in schedule.sessions[0].speakers] == ["Kristian"]


MERGED = """<?xml version="1.0" encoding="UTF-8"?>
<schedule><version>1</version>
  <conference><title>Merged Congress</title><time_zone_name>Europe/Berlin</time_zone_name>
    <track name="Art" slug="art" color="#F9B000"/></conference>
  <day index="1" date="2025-12-27" start="2025-12-27T10:00:00+01:00" end="2025-12-28T04:00:00+01:00">
    <room name="One"><event id="9" guid="a0000000-0000-4000-8000-000000000009">
      <date>2025-12-27T11:00:00+01:00</date><start>11:00</start><duration>00:30</duration>
      <room>One</room><title>Coasters</title><track>Art</track>
      <abstract>First line&#13;
second line of the same paragraph&#13;
&#13;
A paragraph of its own</abstract>
      <links><link>https://wiki.example/Session:Coasters</link><link href="https://x.example/">Site</link></links>
    </event></room>
  </day>
</schedule>"""


def test_a_merged_congress_file_keeps_its_colours_line_breaks_and_bare_links():
    # As c3voc's merged XML writes them (lxml): a CRLF as "&#13;" and the line break, an
    # address as a <link>'s text, a colour on the conference's track.
    schedule = frab_xml.parse(MERGED, "everything.schedule.xml")
    (session,) = schedule.sessions
    assert session.description == ("First line\nsecond line of the same paragraph", "A paragraph of its own")
    assert [(x.url, x.title) for x in session.links] == [
        ("https://wiki.example/Session:Coasters", None),
        ("https://x.example/", "Site"),
    ]
    assert [(t.name, t.color) for t in schedule.tracks] == [("Art", "#f9b000")]


WAFER = """<?xml version="1.0" encoding="UTF-8"?>
<schedule><generator name="wafer" version="0.14.0" />
  <conference><title>DebConf 23</title><time_zone_name>Asia/Kolkata</time_zone_name></conference>
  <day date="2023-09-09" start="2023-09-09T21:30:00+00:00" end="2023-09-10T21:29:59+00:00" index="1">
    <room name="Anamudi"><event id="35" guid="455d075f-48c0-2ec2-24b3-f5add30c383a">
      <date>2023-09-10T05:00:00+00:00</date><start>10:30</start><duration>00:20</duration>
      <room>Anamudi</room><title>Opening Ceremony</title></event></room>
  </day>
  <day date="2023-09-10" start="2023-09-10T21:30:00+00:00" end="2023-09-11T21:29:59+00:00" index="2">
    <room name="Anamudi"><event id="36" guid="455d075f-48c0-2ec2-24b3-f5add30c383b">
      <date>2023-09-11T04:30:00+00:00</date><start>10:00</start><duration>00:45</duration>
      <room>Anamudi</room><title>Day Two</title></event></room>
  </day>
</schedule>"""


def test_a_day_wafer_dates_on_the_utc_clock_is_the_date_it_starts_on_at_the_event():
    # wafer writes the UTC date of each day's start: DebConf 23's start at 03:00 in Kolkata,
    # 21:30 UTC the evening before, and every day came out a date early.
    schedule = frab_xml.parse(WAFER, "debconf23.xml")
    assert [d.isoformat() for d in schedule.event.days] == ["2023-09-10", "2023-09-11"]
    assert [schedule.event.day_of(s.start).isoformat() for s in schedule.sessions] == [
        "2023-09-10",
        "2023-09-11",
    ]


RENAMED_ROOM = """<?xml version="1.0" encoding="UTF-8"?>
<schedule><version>1</version>
  <conference><title>Merged</title><time_zone_name>Europe/Berlin</time_zone_name></conference>
  <day index="1" date="2019-12-28" start="2019-12-28T10:00:00+01:00" end="2019-12-29T04:00:00+01:00">
    <room name="1Komona Boredome"><event id="873" guid="c52b91fc-dda3-5ca7-9295-3e2c9056a2e4">
      <date>2019-12-28T16:00:00+01:00</date><start>16:00</start><duration>01:00</duration>
      <room>Boredome</room><title>Board games</title></event></room>
    <room name="Hall Empty"/>
  </day>
</schedule>"""


def test_a_room_whose_events_all_name_another_is_that_room_not_an_empty_one():
    # 36C3's merged file: six empty rooms beside the ones their events name.
    schedule = frab_xml.parse(RENAMED_ROOM, "merged.xml")
    rooms = {r.id: r.name for r in schedule.rooms}
    assert sorted(rooms.values()) == ["Boredome", "Hall Empty"]  # a room with nothing yet stays
    assert rooms[schedule.sessions[0].room] == "Boredome"
