"""One odd event never refuses a calendar: an event whose DTSTART does not read, whose TZID
names no zone, without a start, ending before it starts, or whose repetition cannot be
expanded is set aside, said once with the file, its line, its UID, its title, its day (when
DTSTART reads) and its room, and the
other events import; `--strict` refuses on it. A calendar none of whose events can be read
(one unknown zone every event uses) is still refused, naming the first."""

from __future__ import annotations

import pytest

from webapp.importers.merge import Overrides, merge
from webapp.importers.problems import report
from webapp.importers.raw import SourceError
from webapp.importers.sources import parse_source
from webapp.importers.update import update_schedule

HEAD = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//Test//EN\r\nX-WR-CALNAME:OddConf\r\n"
START = "DTSTART;TZID=Europe/Paris:20260915T100000"
END = "DTEND;TZID=Europe/Paris:20260915T104500"


def vevent(uid: str, title: str, *lines: str, start: str = START, end: str = END) -> str:
    props = [f"UID:{uid}", start, end, f"SUMMARY:{title}", *lines]
    return "BEGIN:VEVENT\r\n" + "".join(p + "\r\n" for p in props if p) + "END:VEVENT\r\n"


def with_odd(odd: str) -> bytes:
    good = [
        vevent("good1@x.org", "Good one"),
        vevent("good2@x.org", "Good two", start=START.replace("T10", "T11"), end=END.replace("T10", "T11")),
    ]
    return (HEAD + good[0] + odd + good[1] + "END:VCALENDAR\r\n").encode()


def line_of(data: bytes, marker: str) -> int:
    return data[: data.index(marker.encode())].count(b"\n") + 1


ODD = {
    # case: (the odd event, the line it is found by, the kind, what the message says)
    "unreadable DTSTART": (
        vevent("odd@x.org", "Odd talk", start="DTSTART:2026-09-15"),
        "DTSTART:2026",
        "unreadable time",
        "DTSTART",
    ),
    "unknown zone": (
        vevent("odd@x.org", "Odd talk", start="DTSTART;TZID=Mars/Olympus:20260915T100000"),
        "DTSTART;TZID=Mars",
        "unreadable time",
        "TZID 'Mars/Olympus' is neither a known zone",
    ),
    "no start": (
        vevent("odd@x.org", "Odd talk", start=""),
        "BEGIN:VEVENT\r\nUID:odd",
        "event without a start",
        "without a start",
    ),
    "end before start": (
        vevent("odd@x.org", "Odd talk", end="DTEND;TZID=Europe/Paris:20260915T090000"),
        "DTEND;TZID=Europe/Paris:20260915T09",
        "unreadable time",
        "ends (DTEND) before it starts",
    ),
    "unreadable DURATION": (
        vevent("odd@x.org", "Odd talk", "DURATION:soon", end=""),
        "DURATION:soon",
        "unreadable time",
        "DURATION",
    ),
    "unreadable RECURRENCE-ID": (
        vevent("odd@x.org", "Odd talk", "RECURRENCE-ID:yesterday"),
        "RECURRENCE-ID:",
        "unreadable time",
        "RECURRENCE-ID",
    ),
    "RRULE forever": (
        vevent("odd@x.org", "Odd talk", "RRULE:FREQ=DAILY"),
        "RRULE:",
        "repeating event that cannot be expanded",
        "repeats forever",
    ),
    "two RRULEs": (
        vevent("odd@x.org", "Odd talk", "RRULE:FREQ=DAILY;COUNT=2", "RRULE:FREQ=WEEKLY;COUNT=2"),
        "RRULE:",
        "repeating event that cannot be expanded",
        "more than one RRULE",
    ),
    "too many occurrences": (
        vevent("odd@x.org", "Odd talk", "RRULE:FREQ=HOURLY;COUNT=600"),
        "RRULE:",
        "repeating event that cannot be expanded",
        "over 500 occurrences",
    ),
    "unreadable EXDATE": (
        vevent("odd@x.org", "Odd talk", "RRULE:FREQ=DAILY;COUNT=2", "EXDATE:someday"),
        "EXDATE:",
        "repeating event that cannot be expanded",
        "EXDATE",
    ),
}


# The odd events whose DTSTART does not read: their problem can name no day.
NO_DAY = {"unreadable DTSTART", "no start"}


@pytest.mark.parametrize("case", ODD)
def test_one_odd_event_is_set_aside_said_once_and_the_rest_imports(case):
    odd, marker, kind, says = ODD[case]
    data = with_odd(odd)
    page = parse_source(data, "odd.ics")
    schedule, _ = merge([page], Overrides())
    assert sorted(s.title for s in schedule.sessions) == ["Good one", "Good two"]
    (problem,) = page.problems
    assert problem.kind.startswith(kind)
    assert problem.where == f"odd.ics, line {line_of(data, marker)} ('Odd talk')"
    day = "" if case in NO_DAY else ", 2026-09-15"
    assert problem.message.startswith(f"UID odd@x.org{day}: ") and says in problem.message
    assert problem.message.endswith("the event is set aside")
    said = "\n".join(report(page.problems))
    assert said.startswith("1 problem in the sources")
    assert said.count("Odd talk") == said.count("odd@x.org") == 1


@pytest.mark.parametrize("case", ["unknown zone", "RRULE forever"])
def test_strict_refuses_on_the_odd_event_and_writes_nothing(case, tmp_path):
    odd, marker, kind, _ = ODD[case]
    data = with_odd(odd)
    out = tmp_path / "schedule.json"
    at = f"odd.ics, line {line_of(data, marker)} \\('Odd talk'\\): {kind}"
    with pytest.raises(SourceError, match=at):
        update_schedule([parse_source(data, "odd.ics")], Overrides(strict=True), out)
    assert not out.exists()
    # Without --strict the same file imports, and the import says the problem.
    done = update_schedule([parse_source(data, "odd.ics")], Overrides(), out)
    assert len(done.schedule.sessions) == 2 and len(done.problems) == 1


def test_a_zone_every_event_uses_and_no_one_knows_refuses_the_calendar_naming_the_first():
    zone = "DTSTART;TZID=Mars/Olympus:20260915T100000"
    data = (
        HEAD + vevent("a@x.org", "A", start=zone) + vevent("b@x.org", "B", start=zone) + "END:VCALENDAR\r\n"
    )
    with pytest.raises(
        SourceError, match=r"^odd.ics, line 7: none of its 2 event\(s\) can be read .*Mars/Olympus"
    ):
        parse_source(data.encode(), "odd.ics")


def test_events_of_a_repeating_series_keep_their_occurrences_beside_an_odd_one():
    data = with_odd(vevent("odd@x.org", "Odd talk", start="DTSTART:2026-09-15")).replace(
        b"SUMMARY:Good one\r\n", b"SUMMARY:Good one\r\nRRULE:FREQ=DAILY;COUNT=3\r\n"
    )
    page = parse_source(data, "odd.ics")
    assert sorted(s.title for s in page.sessions) == ["Good one"] * 3 + ["Good two"]
    assert len(page.problems) == 1


@pytest.mark.parametrize("case", ODD)
def test_an_odd_event_is_named_by_its_day_as_written_and_its_room(case):
    odd = ODD[case][0].replace("END:VEVENT", "LOCATION:Salle Bleue\r\nEND:VEVENT")
    (problem,) = parse_source(with_odd(odd), "odd.ics").problems
    day = "" if case in NO_DAY else ", 2026-09-15"
    assert problem.message.startswith(f"UID odd@x.org{day}, Salle Bleue: ")
    assert f"{day}, Salle Bleue: " in "\n".join(report([problem]))


def test_an_odd_event_without_uid_is_named_by_its_day_on_the_clock_written_and_its_room():
    # 23:30 UTC is already the 16th in Paris: the day is the one the file writes.
    odd = vevent(
        "", "Odd talk", "RRULE:FREQ=DAILY", "LOCATION:Room 2", start="DTSTART:20260915T233000Z", end=""
    )
    (problem,) = parse_source(with_odd(odd.replace("UID:\r\n", "")), "odd.ics").problems
    assert problem.message.startswith("2026-09-15, Room 2: RRULE:FREQ=DAILY repeats forever")
