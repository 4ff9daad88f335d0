"""Calendars as schedule tools write them: Sched's `all.ics` (a fixture written after Sched's
format: PRODID `-//Sched.com <event>//EN`, the slug as X-WR-CALNAME, X-WR-TIMEZONE:UTC, UTC
times, speakers in SUMMARY, the venue's address on every LOCATION), pretalx's
`schedule.ics` (speakers after " - ", no calendar name), and people written oddly into any
calendar's ORGANIZER or ATTENDEE."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime

import pytest

from tests.conftest import FIXTURES
from tests.unit.importers.test_frab_json import _minimal
from tests.unit.importers.test_ical import HEAD, calendar, imported, only, vevent
from webapp.importers.merge import Overrides, merge
from webapp.importers.raw import SourceError
from webapp.importers.sources import parse_source

SCHED = (FIXTURES / "sched-all.ics").read_bytes()


def sched():
    # As `schedule import all.ics --timezone Europe/Amsterdam` does.
    page = parse_source(SCHED, "all.ics", "Europe/Amsterdam")
    schedule, warnings = merge([page], Overrides(timezone="Europe/Amsterdam"))
    return schedule, warnings, {s.title: s for s in schedule.sessions}


def people(schedule, session) -> list[tuple[str, str | None]]:
    return [(schedule.speaker(i).name, schedule.speaker(i).company) for i in session.speakers]


def test_a_sched_calendar_without_timezone_is_refused_saying_why():
    with pytest.raises(SourceError) as refused:
        parse_source(SCHED, "all.ics")
    message = str(refused.value)
    assert message.startswith("all.ics: ")
    assert "X-WR-TIMEZONE:UTC" in message and "--timezone" in message and "venue" in message


SCHED_TITLES = [
    # (title as the session shows it, kind, speakers (name, company))
    ("Gateway API: Beyond Ingress", None,
     [("Nick Young", "Isovalent at Cisco"), ("James Strong", "Isovalent at Cisco")]),
    ("SIG Network Intro & Deep Dive", None,
     [("Nick Young", "Isovalent at Cisco"), ("Dan Winship", "Red Hat")]),
    ("Function to Container - Building a FaaS Experience", None, [("Evan Anderson", "VMware")]),
    ("Scaling etcd", None, [("Marek Siarkowicz", None)]),
    ("Lightning Talk: Tiny Models on Tiny Devices", "Lightning Talk",
     [("Robert Kalmar", None), ("Martin Pavella", None)]),
    ("Keynote: Welcome Back", "Keynote", [("Priyanka Sharma", "Cloud Native Computing Foundation")]),
    ("Night Owls Hack Session", None, [("Songlin Jiang", "Aalto University & Mind Lab")]),
    ("Welcome - Opening Remarks", None, []),
    ("Coffee Break", None, []),
    ("Solutions Showcase", None, []),
    ("Sponsored Keynote: The Road Ahead", "Sponsored Keynote", []),
]  # fmt: skip


@pytest.mark.parametrize(("title", "kind", "speakers"), SCHED_TITLES, ids=[t[0] for t in SCHED_TITLES])
def test_sched_titles_lose_the_speakers_they_name_and_keep_every_word_before_them(title, kind, speakers):
    schedule, _, by_title = sched()
    assert title in by_title, sorted(by_title)
    assert by_title[title].kind == kind
    assert people(schedule, by_title[title]) == speakers


def test_sched_times_are_shown_and_cut_into_days_in_the_venues_zone_and_rooms_lose_the_address():
    schedule, warnings, by_title = sched()
    assert len(schedule.sessions) == len(SCHED_TITLES) and not warnings
    assert schedule.event.name == "KubeCon + CloudNativeCon Europe 2026"  # not the slug kccnceu2026
    assert schedule.event.timezone == "Europe/Amsterdam"
    owls = by_title["Night Owls Hack Session"]
    assert owls.start == datetime(2026, 3, 24, 23, 30, tzinfo=UTC)
    assert (owls.start.date(), owls.start.hour) == (date(2026, 3, 25), 0)  # 00:30 in Amsterdam
    assert schedule.event.days == (date(2026, 3, 23), date(2026, 3, 24), date(2026, 3, 25))
    rooms = {schedule.room(s.room).name for s in schedule.sessions}
    assert rooms == {"Hall 12", "Hall 7 | Room A", "Auditorium", "Solutions Showcase | Hall 1", "Online"}
    assert schedule.event.city == "Amsterdam, Netherlands"


def test_a_sched_show_twice_keeps_its_title_and_a_room_without_an_address_loses_the_comma():
    # JoCo Cruise's Sched calendar: one show for two teams, and rooms written "Whole Ship\\,".
    head = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Sched.com JoCo Cruise 2019//EN\r\nX-WR-TIMEZONE:UTC\r\n"
    )
    show = "Main Concert ({team}) - \"Alexa: Play 'JoCo Cruise' on Shuffle\" Sampler"
    data = calendar(
        *(
            vevent(
                "LOCATION:Whole Ship\\,",
                uid=f"{n}@sched",
                summary=f"SUMMARY:{show.format(team=team)}",
                start=f"DTSTART:2019030{n}T230000Z",
                end=f"DTEND:2019030{n}T235900Z",
            )  # fmt: skip
            for n, team in ((2, "Gold Team"), (3, "Red Team"))
        ),
        head=head,
    )
    schedule, _ = merge(
        [parse_source(data, "all.ics", "America/New_York")], Overrides(timezone="America/New_York")
    )
    assert sorted(s.title for s in schedule.sessions) == [
        show.format(team=t) for t in ("Gold Team", "Red Team")
    ]
    assert all(s.speakers == () for s in schedule.sessions)
    assert [r.name for r in schedule.rooms] == ["Whole Ship"]


def pretalx(*events: str, prodid: str = "-//pretalx//pretalx.example.org//democon") -> bytes:
    head = f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:{prodid}\r\n"
    return calendar(*events, head=head)


def talk(n: int, summary: str) -> str:
    return vevent(
        f"URL:https://pretalx.example.org/democon/talk/CODE{n}/",
        uid=f"pretalx-democon-CODE{n}@x",
        start=f"DTSTART;TZID=Europe/Paris:202609{10 + n}T100000",
        end=f"DTEND;TZID=Europe/Paris:202609{10 + n}T110000",
        summary=f"SUMMARY:{summary}",
    )


PRETALX = [
    ("Closing Address - Daisy Leigh Brenecki\\, Lilly Ryan", "Closing Address",
     [("Daisy Leigh Brenecki", None), ("Lilly Ryan", None)]),
    ("Federated - the sequel - Robin Karlsson [CSC - IT Center for Science]\\, Ann Lee [OSC]",
     "Federated - the sequel",
     [("Robin Karlsson", "CSC - IT Center for Science"), ("Ann Lee", "OSC")]),
    ("Developer Forum (Breakout Sessions) - ", "Developer Forum (Breakout Sessions)", []),
    ("dr. who? - kelsey", "dr. who?", [("kelsey", None)]),
]  # fmt: skip


def test_pretalx_titles_lose_their_speakers_with_the_organisations_in_brackets_and_the_event_gets_a_name():
    schedule, warnings = imported(pretalx(*(talk(n, s) for n, (s, _, _) in enumerate(PRETALX))))
    got = sorted((s.title, people(schedule, s)) for s in schedule.sessions)
    assert got == sorted((title, speakers) for _, title, speakers in PRETALX)
    # pretalx names no calendar: the address its talks share stands in, and the import says so.
    assert schedule.event.name == "pretalx.example.org/democon"
    assert any("does not name the event" in w and "--event-name" in w for w in warnings)
    named, warnings = imported(pretalx(talk(1, "A - B C")), event_name="DemoCon")
    assert named.event.name == "DemoCon" and not warnings


def test_a_pretalx_file_whose_titles_do_not_all_follow_its_convention_is_not_split():
    schedule, _ = imported(pretalx(talk(1, "Opening - Ada Lovelace"), talk(2, "Lunch")))
    assert sorted(s.title for s in schedule.sessions) == ["Lunch", "Opening - Ada Lovelace"]
    assert all(s.speakers == () for s in schedule.sessions)


def test_a_plain_calendars_title_keeps_its_dash_and_what_follows():
    title = "Kubernetes - The Hard Way - Kelsey Hightower, Google"
    _, s = only(calendar(vevent(summary="SUMMARY:" + title.replace(",", "\\,"))))
    assert s.title == title and s.speakers == ()


@pytest.mark.parametrize(
    ("cn", "names"),
    [
        ("\"['Valerio Lupi', ' Gabriele Zuddas']\"", ["Valerio Lupi", "Gabriele Zuddas"]),
        ('"Ada Lovelace, Alan Turing and Grace Hopper"', ["Ada Lovelace", "Alan Turing", "Grace Hopper"]),
        ('"Ada Lovelace, Alan Turing"', ["Ada Lovelace", "Alan Turing"]),
        ("Ada & Alan", ["Ada", "Alan"]),
        ('"Doe, Jane"', ["Doe, Jane"]),
        ('"Jane Doe\\n"', ["Jane Doe"]),
        ('"Doe\\, Jane"', ["Doe, Jane"]),
        ('"Jos&eacute; Garc&iacute;a"', ["José García"]),
        ("kim@festival.example.org", []),
    ],
    ids=["python list", "a, b and c", "two full names", "ampersand", "last, first", "newline debris",
         "comma debris", "html entities", "an e-mail address"],
)  # fmt: skip
def test_the_people_one_organizer_or_attendee_value_names(cn, names):
    for prop in ("ORGANIZER", "ATTENDEE"):
        schedule, s = only(calendar(vevent(f"{prop};CN={cn}:mailto:someone@example.org")))
        assert [schedule.speaker(i).name for i in s.speakers] == names, prop


def test_a_calendar_without_a_name_is_imported_under_one_taken_from_it_with_a_warning():
    head = HEAD.replace("X-WR-CALNAME:TestConf 2026\r\n", "")
    data = calendar(vevent("URL:https://conf.example.org/2026/talks/1"),
                    vevent("URL:https://conf.example.org/2026/talks/2", uid="t2@x", summary="SUMMARY:B"),
                    head=head)  # fmt: skip
    schedule, warnings = imported(data)
    assert schedule.event.name == "conf.example.org/2026"
    assert any(w.startswith("test.ics does not name the event") for w in warnings)
    # Nothing else to go by: the file's own name, unless it says nothing ("schedule.ics").
    bare = calendar(vevent(), head=head)
    schedule, _ = merge([parse_source(bare, "devconf-2026.ics")])
    assert schedule.event.name == "devconf-2026"
    schedule, _ = merge([parse_source(bare, "schedule.ics")])
    assert schedule.event.name == "Test Test"  # PRODID:-//Test//Test//EN


def test_a_generic_calendar_name_is_no_name_and_the_import_says_what_it_used():
    head = HEAD.replace("X-WR-CALNAME:TestConf 2026", "X-WR-CALNAME;VALUE=TEXT:iCal")
    schedule, warnings = merge([parse_source(calendar(vevent(), head=head), "fosdem-2026.ics")])
    assert schedule.event.name == "fosdem-2026"
    assert any(w.startswith("fosdem-2026.ics does not name the event") for w in warnings)


def test_a_name_keeps_its_own_quotes_and_loses_those_around_it():
    # Pentabarf's FOSDEM calendar: CN="Loïc Tosser ^'wowi42^'" (RFC 6868's quote) lost its
    # closing quote, and "Tommaso Bernabo'" his apostrophe.
    for cn, name in [
        ("\"Loïc Tosser ^'wowi42^'\"", 'Loïc Tosser "wowi42"'),
        ('"Tommaso Bernabo\'"', "Tommaso Bernabo'"),
        ("\"'Ana Sousa'\"", "Ana Sousa"),
    ]:
        schedule, s = only(calendar(vevent(f"ATTENDEE;CN={cn}:mailto:someone@example.org")))
        assert [schedule.speaker(i).name for i in s.speakers] == [name], cn


def test_an_address_one_slash_short_is_the_address_it_means():
    # Pentabarf's calendars write URL:https:/fosdem.org/...: all 1,067 links of FOSDEM 2026 were lost.
    _, s = only(calendar(vevent("URL:https:/fosdem.org/2026/schedule/event/x/")))
    assert [x.url for x in s.links] == ["https://fosdem.org/2026/schedule/event/x/"]


def test_html_escapes_in_a_room_or_title_are_read():
    event = vevent("LOCATION:Online &amp; in-person; Workshop", summary="SUMMARY:Q&amp;A")
    schedule, s = only(calendar(event))
    assert s.title == "Q&A" and schedule.room(s.room).name == "Online & in-person; Workshop"


@pytest.mark.parametrize(
    ("calendar_lines", "name"),
    [
        ("X-WR-CALNAME:devconf26\r\nX-WR-CALDESC:DevConf 2026 in Brno\r\n", "DevConf 2026 in Brno"),
        ("X-WR-CALNAME:devconf26\r\nX-WR-CALDESC:Event Calendar\r\n", "devconf26"),
        ("X-WR-CALNAME:DevConf\r\nX-WR-CALDESC:The yearly developer conference in Brno\r\n", "DevConf"),
    ],
    ids=["slug and description", "slug alone", "a name"],
)
def test_a_slug_names_the_event_only_when_the_calendar_says_nothing_better(calendar_lines, name):
    head = HEAD.replace("X-WR-CALNAME:TestConf 2026\r\n", calendar_lines)
    schedule, warnings = imported(calendar(vevent(), head=head))
    assert schedule.event.name == name and not warnings


def test_pretalx_json_and_ics_of_one_event_name_each_speaker_once_with_their_company():
    # pretalx writes a person's display name alike in both: `Name [Org]` in JSON's public_name too.
    doc = _minimal(
        date="2026-09-11T10:00:00+02:00",
        duration="01:00",
        title="Federated",
        persons=[{"code": "AB12", "public_name": "Robin Karlsson [CSC - IT Center for Science]"}],
    )
    pages = [
        parse_source(json.dumps(doc).encode(), "schedule.json"),
        parse_source(
            pretalx(talk(1, "Federated - Robin Karlsson [CSC - IT Center for Science]")), "schedule.ics"
        ),
    ]
    schedule, _ = merge(pages)
    (session,) = schedule.sessions
    assert people(schedule, session) == [("Robin Karlsson", "CSC - IT Center for Science")]
    assert [p.name for p in schedule.speakers] == ["Robin Karlsson"]
