"""iCalendar import: each feature of the format on a small calendar written here, and bad
input refused with the file and line named."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings

from tests.conftest import FIXTURES
from webapp import create_app
from webapp.domain.storage import load_schedule
from webapp.importers.merge import Overrides, merge
from webapp.importers.raw import SourceError
from webapp.importers.sources import parse_source

PARIS = ZoneInfo("Europe/Paris")
HEAD = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//Test//EN\r\nX-WR-CALNAME:TestConf 2026\r\n"
TAIL = "END:VCALENDAR\r\n"


START = "DTSTART;TZID=Europe/Paris:20260915T100000"
END = "DTEND;TZID=Europe/Paris:20260915T104500"


def vevent(*lines: str, uid: str = "t1@example.org", start: str = START, end: str = END,
           summary: str = "SUMMARY:A talk") -> str:  # fmt: skip
    props = [f"UID:{uid}", start, end, summary, *lines]
    return "BEGIN:VEVENT\r\n" + "".join(p + "\r\n" for p in props if p) + "END:VEVENT\r\n"


def calendar(*events: str, head: str = HEAD) -> bytes:
    return (head + "".join(events) + TAIL).encode("utf-8")


def imported(data: bytes, **overrides: str):
    schedule, warnings = merge([parse_source(data, "test.ics")], Overrides(**overrides))
    return schedule, warnings


def only(data: bytes, **overrides: str):
    schedule, _ = imported(data, **overrides)
    (session,) = schedule.sessions
    return schedule, session


def names(schedule, session) -> list[str]:
    return [schedule.speaker(i).name for i in session.speakers]


def test_an_event_becomes_a_session_with_room_track_description_and_speakers():
    data = calendar(
        vevent(
            "LOCATION:Salle Endoume",
            "CATEGORIES:Security,Networks",
            "DESCRIPTION:First paragraph\\, with a comma.\\n\\nSecond one\\nover two lines.",
            'ATTENDEE;CN="Doe, Jane";CUTYPE=INDIVIDUAL:mailto:jane@example.org',
            "ATTENDEE;CN=Bob Martin;ROLE=REQ-PARTICIPANT:mailto:bob@example.org",
            "ATTENDEE;CN=Salle Endoume;CUTYPE=ROOM:mailto:room@example.org",
            "ATTENDEE;CN=Someone Watching;ROLE=NON-PARTICIPANT:mailto:w@example.org",
            "ATTENDEE:mailto:nameless@example.org",
            "URL:https://example.org/talk/1",
        )
    )
    schedule, s = only(data)
    assert schedule.event.name == "TestConf 2026" and schedule.event.timezone == "Europe/Paris"
    assert s.title == "A talk"
    assert (s.start, s.end) == (
        datetime(2026, 9, 15, 10, 0, tzinfo=PARIS),
        datetime(2026, 9, 15, 10, 45, tzinfo=PARIS),
    )
    assert schedule.room(s.room).name == "Salle Endoume"
    assert schedule.track(s.track).name == "Security"
    assert s.description == ("First paragraph, with a comma.", "Second one\nover two lines.")
    assert names(schedule, s) == ["Doe, Jane", "Bob Martin"]


def test_the_organizer_is_the_speaker_unless_the_same_one_organizes_every_event():
    one = vevent("ORGANIZER;CN=Ada Lovelace:mailto:ada@example.org", uid="a@x")
    other = vevent("ORGANIZER;CN=Alan Turing:mailto:alan@example.org", uid="b@x", summary="SUMMARY:Other")
    schedule, _ = imported(calendar(one, other))
    assert sorted(names(schedule, s)[0] for s in schedule.sessions) == ["Ada Lovelace", "Alan Turing"]
    publisher = "ORGANIZER;CN=TestConf Team:mailto:team@example.org"
    schedule, _ = imported(
        calendar(vevent(publisher, uid="a@x"), vevent(publisher, uid="b@x", summary="SUMMARY:B"))
    )
    assert all(s.speakers == () for s in schedule.sessions)
    # Attendees with names say who speaks; the organizer is then not added.
    schedule, s = only(calendar(vevent("ORGANIZER;CN=Chair:mailto:c@x", "ATTENDEE;CN=Speaker:mailto:s@x")))
    assert names(schedule, s) == ["Speaker"]


def test_html_or_markdown_inside_a_description_becomes_text_and_its_blank_lines_stay_paragraphs():
    text = (
        'von: Ada\\n\\nXen war <i>die</i> Plattform\\, siehe <a href="https://x.org/a">hier</a>.'
        '\\n\\nThemen:\\n- Installation\\n- Formeln\\n\\n<a href="javascript:alert(1)">click</a>'
    )
    _, s = only(calendar(vevent(f"DESCRIPTION:{text}")))
    assert s.description == (
        "von: Ada",
        "Xen war die Plattform, siehe hier (https://x.org/a).",
        "Themen:",
        "• Installation",
        "• Formeln",
        "click",
    )
    # Plain text that only looks like markup stays as written.
    _, s = only(calendar(vevent("DESCRIPTION:if a < b and c > d")))
    assert s.description == ("if a < b and c > d",)


def test_line_breaks_between_html_elements_are_kept_and_a_titles_html_is_read():
    # PyCon US 2025's calendar: plain lines, then the abstract and the bio as HTML.
    text = (
        "Section: talks\\nKind: talk\\n<p>We look at sound.</p>\\nSpeakers:\\nŁukasz Langa\\n"
        "<p>Failed comedian &amp\\; musician.</p>"
    )
    _, s = only(calendar(vevent(f"DESCRIPTION:{text}", summary="SUMMARY:CANCELLED: <s>Intro</s>")))
    assert s.description == (
        "Section: talks",
        "Kind: talk",
        "We look at sound.",
        "Speakers:",
        "Łukasz Langa",
        "Failed comedian & musician.",
    )
    assert s.title == "CANCELLED: Intro"
    # A title whose angle brackets close no element is as written.
    _, s = only(calendar(vevent(summary="SUMMARY:Why <div> soup is bad")))
    assert s.title == "Why <div> soup is bad"


def test_escaped_text_is_read_as_written():
    data = calendar(vevent("LOCATION:Room A\\; upstairs\\, left", "DESCRIPTION:back\\\\slash and\\Nnew line",
                           summary="SUMMARY:Commas\\, semicolons\\; and a backslash \\\\"))  # fmt: skip
    schedule, s = only(data)
    assert s.title == "Commas, semicolons; and a backslash \\"
    assert schedule.room(s.room).name == "Room A; upstairs, left"
    assert s.description == ("back\\slash and\nnew line",)


def test_folded_lines_are_joined_even_where_a_fold_splits_a_character():
    summary = "SUMMARY:Num\xe9rique et g\xe9opolitique".encode()
    cut = summary.index("é".encode()) + 1  # between the two bytes of "é"
    data = calendar(vevent(summary="SUMMARY:placeholder")).replace(
        b"SUMMARY:placeholder", summary[:cut] + b"\r\n " + summary[cut:]
    )
    data = data.replace(b"UID:t1@example.org", b"UID:talk1@exam\r\n\tple.org")
    _, s = only(data)
    assert s.title == "Numérique et géopolitique"
    assert s.id == "talk1"


def test_each_property_is_read_in_its_own_charset():
    data = calendar(
        vevent(
            "LOCATION;CHARSET=ISO-8859-1:Amphith\x00\x00tre",
            summary="SUMMARY;CHARSET=UTF-8;ENCODING=8BIT:Caf\xe9",
        )
    )
    data = data.replace(b"Amphith\x00\x00tre", "Amphithéâtre".encode("latin-1"))
    schedule, s = only(data)
    assert s.title == "Café"
    assert schedule.room(s.room).name == "Amphithéâtre"


def test_quoted_printable_values_of_vcalendar_files_are_decoded():
    data = calendar(vevent("DESCRIPTION;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Caf=C3=A9 cr=C3=A8me,=0D=0A=",
                           "deux lignes"))  # fmt: skip
    _, s = only(data)
    assert s.description == ("Café crème,\ndeux lignes",)


@pytest.mark.parametrize(
    ("bad", "line", "says"),
    [
        (b"LOCATION;CHARSET=UTF-8:Caf\xe9", 10, "not UTF-8"),
        (b"LOCATION;CHARSET=KLINGON-8:Caf\xe9", 10, "unknown CHARSET"),
    ],
)
def test_text_that_is_not_in_its_charset_is_refused_naming_the_line(bad, line, says):
    data = calendar(vevent("LOCATION:x")).replace(b"LOCATION:x", bad)
    with pytest.raises(SourceError, match=f"test.ics, line {line}: .*{says}"):
        parse_source(data, "test.ics")


def test_times_in_utc_are_instants_shown_in_utc_with_a_warning_unless_a_zone_is_named():
    data = calendar(vevent(start="DTSTART:20260915T080000Z", end="DTEND:20260915T084500Z"))
    schedule, warnings = imported(data)
    (s,) = schedule.sessions
    assert s.start == datetime(2026, 9, 15, 8, 0, tzinfo=UTC) and schedule.event.timezone == "UTC"
    assert any("names no timezone" in w and "--timezone" in w for w in warnings)
    schedule, warnings = imported(data, timezone="Europe/Berlin")
    (s,) = schedule.sessions
    assert schedule.event.timezone == "Europe/Berlin" and not warnings
    assert s.start.utcoffset().total_seconds() == 7200 and s.start == datetime(2026, 9, 15, 8, 0, tzinfo=UTC)


def test_floating_times_need_a_zone_and_are_wall_clock_times_in_it():
    data = calendar(vevent(start="DTSTART:20260915T100000", end="DTEND:20260915T104500"))
    with pytest.raises(SourceError, match="test.ics: .*--timezone"):
        imported(data)
    _, s = only(data, timezone="Europe/Paris")
    assert s.start == datetime(2026, 9, 15, 10, 0, tzinfo=PARIS)
    declared = calendar(vevent(start="DTSTART:20260915T100000", end="DTEND:20260915T104500"),
                        head=HEAD + "X-WR-TIMEZONE:Asia/Kolkata\r\n")  # fmt: skip
    schedule, s = only(declared)
    assert schedule.event.timezone == "Asia/Kolkata"
    assert s.start == datetime(2026, 9, 15, 10, 0, tzinfo=ZoneInfo("Asia/Kolkata"))


VTIMEZONE = """BEGIN:VTIMEZONE\r
TZID:My Paris Zone\r
{location}BEGIN:STANDARD\r
DTSTART:19701025T030000\r
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
TZOFFSETFROM:+0200\r
TZOFFSETTO:+0100\r
END:STANDARD\r
BEGIN:DAYLIGHT\r
DTSTART:19700329T020000\r
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
TZOFFSETFROM:+0100\r
TZOFFSETTO:+0200\r
END:DAYLIGHT\r
END:VTIMEZONE\r
"""


def test_a_tzid_defined_by_a_vtimezone_of_the_file_gives_the_instants():
    event = vevent(
        start="DTSTART;TZID=My Paris Zone:20260915T100000", end="DTEND;TZID=My Paris Zone:20260915T104500"
    )
    named = calendar(event, head=HEAD + VTIMEZONE.format(location="X-LIC-LOCATION:Europe/Paris\r\n"))
    schedule, s = only(named)
    assert schedule.event.timezone == "Europe/Paris"
    assert s.start == datetime(2026, 9, 15, 8, 0, tzinfo=UTC)
    # Without a name the zone's offset that day is kept, with the warning that it is a guess.
    schedule, warnings = imported(calendar(event, head=HEAD + VTIMEZONE.format(location="")))
    assert schedule.event.timezone == "Etc/GMT-2" and schedule.sessions[0].start == datetime(
        2026, 9, 15, 8, 0, tzinfo=UTC
    )
    assert any("names no timezone" in w for w in warnings)


def test_a_windows_zone_name_is_read_as_its_iana_zone():
    data = calendar(vevent(start="DTSTART;TZID=Romance Standard Time:20260915T100000",
                           end="DTEND;TZID=Romance Standard Time:20260915T104500"))  # fmt: skip
    schedule, s = only(data)
    assert s.start == datetime(2026, 9, 15, 8, 0, tzinfo=UTC)
    assert schedule.event.timezone == "Europe/Paris"


def test_duration_or_nothing_instead_of_an_end():
    _, s = only(calendar(vevent("DURATION:PT1H30M", end="")))
    assert s.end - s.start == (datetime(2026, 1, 1, 1, 30) - datetime(2026, 1, 1))
    _, s = only(calendar(vevent(end="")))
    assert s.end == s.start


def test_cancelled_events_are_cancelled_sessions():
    _, s = only(calendar(vevent("STATUS:CANCELLED")))
    assert s.status == "cancelled"


def test_whole_day_entries_are_left_out_with_a_warning():
    day = vevent(
        start="DTSTART;VALUE=DATE:20260915",
        end="DTEND;VALUE=DATE:20260916",
        summary="SUMMARY:Day one",
        uid="d",
    )
    schedule, warnings = imported(calendar(day, vevent()))
    assert [s.title for s in schedule.sessions] == ["A talk"]
    assert any("test.ics, line 5" in w and "Day one" in w and "left out" in w for w in warnings)


def test_ids_come_from_the_uid_and_a_later_import_keeps_them():
    first = calendar(vevent(uid="460@KOLT20"), vevent(uid="presentation_94@x.org", summary="SUMMARY:B"),
                     vevent(uid="040000008200E00074C5B7101A82E0080000D0B9", summary="SUMMARY:C"))  # fmt: skip
    schedule, _ = imported(first)
    ids = {s.title: s.id for s in schedule.sessions}
    assert ids["A talk"] == "460" and ids["B"] == "presentation-94"
    assert len(ids["C"]) == 8 and ids["C"].isalnum()
    # The next version: a talk renamed and moved keeps its id through the usual matching.
    later = ("DTSTART;TZID=Europe/Paris:20260916T090000", "DTEND;TZID=Europe/Paris:20260916T093000")
    moved = calendar(vevent(uid="460@KOLT20", summary="SUMMARY:A talk!", start=later[0], end=later[1]),
                     vevent(uid="presentation_94@x.org", summary="SUMMARY:B"))  # fmt: skip
    again, _ = merge([parse_source(moved, "test.ics")], previous=schedule)
    assert {s.title: s.id for s in again.sessions} == {"A talk!": "460", "B": "presentation-94"}


def test_a_repeating_event_is_a_session_per_occurrence_less_those_excluded_or_replaced():
    series = vevent(
        "RRULE:FREQ=DAILY;COUNT=4",
        "EXDATE;TZID=Europe/Paris:20260916T100000",
        uid="coffee@x.org",
        summary="SUMMARY:Coffee",
    )
    moved = vevent(
        "RECURRENCE-ID;TZID=Europe/Paris:20260917T100000",
        uid="coffee@x.org",
        summary="SUMMARY:Coffee (late)",
        start="DTSTART;TZID=Europe/Paris:20260917T110000",
        end="DTEND;TZID=Europe/Paris:20260917T114500",
    )
    schedule, _ = imported(calendar(series, moved))
    got = sorted((s.start, s.title, s.id) for s in schedule.sessions)
    assert got == [
        (datetime(2026, 9, 15, 10, 0, tzinfo=PARIS), "Coffee", "coffee-20260915t1000"),
        (datetime(2026, 9, 17, 11, 0, tzinfo=PARIS), "Coffee (late)", "coffee-20260917t1000"),
        (datetime(2026, 9, 18, 10, 0, tzinfo=PARIS), "Coffee", "coffee-20260918t1000"),
    ]
    assert all(s.end - s.start == timedelta(minutes=45) for s in schedule.sessions)


def test_the_uid_is_the_guid_other_apps_key_on_and_the_url_a_link():
    uuid_uid = "0B5B1C2E-9A3D-4F1E-8C7B-2D6E5F4A3B21"
    data = calendar(
        vevent("URL:https://example.org/talk/1", uid=uuid_uid),
        vevent(uid="talk-2@x.org", summary="SUMMARY:B"),
    )
    schedule, _ = imported(data)
    by_title = {s.title: s for s in schedule.sessions}
    assert by_title["A talk"].guid == uuid_uid.lower()
    assert [link.url for link in by_title["A talk"].links] == ["https://example.org/talk/1"]
    other = by_title["B"].guid
    assert other and re.fullmatch(r"[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}", other)
    assert imported(data)[0].session(by_title["B"].id).guid == other  # the same every time
    # A link must be a web address.
    _, s = only(calendar(vevent("URL:javascript:alert(1)")))
    assert s.links == ()


def test_a_session_keeps_its_id_by_uid_whatever_else_changed():
    first, _ = imported(calendar(vevent(uid="keynote1@x.org", summary="SUMMARY:Opening words")))
    later = ("DTSTART;TZID=Europe/Paris:20260917T150000", "DTEND;TZID=Europe/Paris:20260917T160000")
    renamed = calendar(vevent("LOCATION:Other room", uid="keynote1@x.org", summary="SUMMARY:Closing panel",
                              start=later[0], end=later[1]))  # fmt: skip
    again, _ = merge([parse_source(renamed, "test.ics")], previous=first)
    assert [s.id for s in again.sessions] == [s.id for s in first.sessions] == ["keynote1"]


def test_an_event_without_a_title_is_an_empty_slot_left_out_with_a_note():
    # PyCon UK 2015's calendar has four (SUMMARY: and nothing): the whole file was refused.
    data = calendar(vevent(summary="SUMMARY:"), vevent(uid="t2@x.org"), vevent(uid="t3@x.org", summary=""))
    schedule, warnings = imported(data)
    assert [s.title for s in schedule.sessions] == ["A talk"]
    assert "test.ics: 2 event(s) without a title (SUMMARY), left out: line 5, 17" in warnings


def test_a_vtimezone_naming_two_zones_is_not_read_and_the_tzids_are_read_by_name():
    # The Events Calendar (WordPress) writes every zone of the site into one VTIMEZONE; the
    # library stopped on it with an AttributeError.
    zones = (
        "BEGIN:VTIMEZONE\r\nTZID:Africa/Abidjan\r\nBEGIN:STANDARD\r\nTZOFFSETFROM:+0000\r\n"
        "TZOFFSETTO:+0000\r\nDTSTART:20240101T000000\r\nEND:STANDARD\r\nTZID:Europe/Paris\r\n"
        "BEGIN:STANDARD\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nDTSTART:20241027T030000\r\n"
        "END:STANDARD\r\nEND:VTIMEZONE\r\n"
    )
    schedule, warnings = imported(calendar(vevent(), head=HEAD + zones))
    assert [s.start for s in schedule.sessions] == [datetime(2026, 9, 15, 10, tzinfo=PARIS)]
    assert any("'Africa/Abidjan' and 'Europe/Paris' at once was not read" in w for w in warnings)


@pytest.mark.parametrize(
    ("start", "until", "last"),
    [
        ("DTSTART:20260915T100000", "UNTIL=20260917T100000Z", 17),  # floating start, UTC until
        ("DTSTART;TZID=Europe/Paris:20260915T100000", "UNTIL=20260917", 17),  # zoned start, a date
        ("DTSTART;TZID=Europe/Paris:20260915T100000", "UNTIL=20260917T095959", 16),  # floating until
        ("DTSTART;TZID=Europe/Paris:20260915T100000", "UNTIL=20260917T080000Z", 17),  # as the RFC asks
    ],
)
def test_a_rules_until_of_another_kind_than_its_start_is_read_on_the_starts_clock(start, until, last):
    # The festival calendar of node-ical's fixtures: a floating start with a UTC UNTIL refused
    # its 128 events ("UNTIL values must be specified in UTC when DTSTART is timezone-aware").
    series = vevent(f"RRULE:FREQ=DAILY;{until}", start=start, end="DURATION:PT30M")
    schedule, _ = imported(calendar(series), timezone="Europe/Paris")
    assert [s.start.day for s in schedule.sessions] == list(range(15, last + 1))
    assert all(s.start.hour == 10 for s in schedule.sessions)


def test_a_uid_several_unrelated_events_carry_names_none_of_them_and_a_later_import_keeps_each_id():
    # A real festival calendar put one UID on 67 of its talks: taken as their id, the next import
    # gave all 67 the one id.
    slots = [f"20260915T{h}0000" for h in (10, 11, 12)]
    data = calendar(
        *(
            vevent(
                uid="46939",
                summary=f"SUMMARY:Talk {n}",
                start=f"DTSTART;TZID=Europe/Paris:{at}",
                end=f"DTEND;TZID=Europe/Paris:{at[:-4]}3000",
            )  # fmt: skip
            for n, at in enumerate(slots)
        ),
        vevent(uid="own@x.org", summary="SUMMARY:Own"),
    )
    first, warnings = imported(data)
    ids = {s.title: s.id for s in first.sessions}
    assert len(set(ids.values())) == 4 and ids["Own"] == "own"
    assert "46939" not in ids.values()
    assert [s.guid for s in first.sessions if s.title != "Own"] == [None] * 3
    assert any("'46939'" in w and "several events" in w for w in warnings)
    again, _ = merge([parse_source(data, "test.ics")], previous=first)
    assert {s.title: s.id for s in again.sessions} == ids


@pytest.mark.parametrize(
    ("data", "line", "says"),
    [
        (
            calendar(vevent()).replace(b"END:VEVENT\r\n", b""),
            10,
            "END:VCALENDAR closes BEGIN:VEVENT of line 5",
        ),
        (calendar(vevent())[:-15], 1, "BEGIN:VCALENDAR is never closed"),
        (calendar(vevent("this line is not a property")), 10, "not an iCalendar line"),
        (
            calendar(vevent()).replace(b"END:VEVENT", b"END:VTODO"),
            10,
            "END:VTODO closes BEGIN:VEVENT of line 5",
        ),
        (calendar(vevent(start="DTSTART:2026-09-15")), 7, "DTSTART"),
        (calendar(vevent(start="DTSTART;TZID=Mars/Olympus:20260915T100000")), 7, "TZID 'Mars/Olympus'"),
        (calendar(vevent(start="")), 5, "without a start"),
        (calendar(vevent(end="DTEND;TZID=Europe/Paris:20260915T090000")), 8, "ends .* before it starts"),
        (calendar(vevent("RRULE:FREQ=DAILY")), 10, "repeats forever"),
    ],
    ids=[
        "vevent cut",
        "calendar cut",
        "garbage",
        "mismatched end",
        "bad date",
        "unknown zone",
        "no start",
        "end before start",
        "rrule",
    ],  # fmt: skip
)
def test_bad_calendars_are_refused_naming_the_file_and_line(data, line, says):
    with pytest.raises(SourceError, match=f"^test.ics, line {line}: .*{says}"):
        parse_source(data, "test.ics")


def test_a_calendar_without_events_is_refused():
    with pytest.raises(SourceError, match="test.ics: the calendar has no events"):
        parse_source(calendar(), "test.ics")


SHIPPED = Path(__file__).resolve().parents[3] / "data" / "schedule.json"


def what_an_attendee_sees(schedule) -> dict[str, tuple]:
    def name(thing) -> str | None:
        return thing.name if thing else None

    return {
        s.id: (
            s.title,
            s.start,
            s.end,
            name(schedule.room(s.room) if s.room else None),
            name(schedule.track(s.track) if s.track else None),
            s.kind,
            tuple(schedule.speaker(i).name for i in s.speakers),
            s.description,
            s.status,
        )
        for s in schedule.sessions
    }


@pytest.mark.parametrize(
    "source", [FIXTURES / "mini_schedule.json", SHIPPED, "cancelled"], ids=["mini", "shipped", "cancelled"]
)
def test_our_own_calendar_reimports_to_the_same_sessions(source, tmp_path):
    served = tmp_path / "served"
    served.mkdir()
    if source == "cancelled":  # the mini event with a session cancelled, and odd names
        doc = json.loads((FIXTURES / "mini_schedule.json").read_text(encoding="utf-8"))
        doc["sessions"][1]["status"] = "cancelled"
        # Names with what iCalendar escapes: they come back as they were.
        doc["rooms"][0]["name"] = "Hall A, left; B\\"
        doc["speakers"][0]["name"] = "Lovelace, Ada"
        (served / "schedule.json").write_text(json.dumps(doc), encoding="utf-8")
    else:
        shutil.copy(source, served / "schedule.json")
    original = load_schedule(served / "schedule.json")
    ics = tmp_path / "event.ics"
    ics.write_bytes(
        create_app({"TESTING": True, "DATA_DIR": str(served)}).test_client().get("/schedule.ics").data
    )
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    runner = create_app({"TESTING": True, "DATA_DIR": str(fresh)}).test_cli_runner()
    result = runner.invoke(args=["schedule", "import", str(ics)])
    assert result.exit_code == 0, result.output
    back = load_schedule(fresh / "schedule.json")
    assert what_an_attendee_sees(back) == what_an_attendee_sees(original)
    assert (back.event.name, back.event.timezone, back.event.days) == (
        original.event.name,
        original.event.timezone,
        original.event.days,
    )


def test_importing_a_broken_calendar_writes_nothing(runner, data_dir, tmp_path):
    before = (data_dir / "schedule.json").read_bytes()
    bad = tmp_path / "cut.ics"
    bad.write_bytes(calendar(vevent(), vevent(uid="b", summary="SUMMARY:B"))[:-40])
    result = runner.invoke(args=["schedule", "import", str(bad)])
    assert result.exit_code != 0
    assert "cut.ics, line " in result.output and "never closed" in result.output
    assert (data_dir / "schedule.json").read_bytes() == before


def test_mutated_calendars_import_or_are_refused_with_the_importers_error():
    # The mutations of the importers' fuzz test, on a calendar: truncated, lines shuffled or
    # dropped, hostile pieces spliced in, bytes flipped. Nothing but a refusal naming the file.
    from tests.unit.importers.test_fuzz import import_or_refuse, mutated

    pool = [("conference.ics", (FIXTURES / "conference.ics").read_bytes())]
    outcomes: Counter[str] = Counter()

    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(mutated(pool))
    def run(case: tuple[str, bytes]) -> None:
        outcomes[import_or_refuse(*case)] += 1

    run()
    assert outcomes["refused"] > 10 and outcomes["imported"] > 10, outcomes
