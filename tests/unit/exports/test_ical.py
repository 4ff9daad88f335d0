from dataclasses import replace
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import icalendar
import pytest
import vobject

from tests.conftest import FIXTURES
from webapp.domain.model import Session
from webapp.domain.storage import load_schedule
from webapp.exports import ical
from webapp.i18n.translate import translator

APP = "https://hallway.example.org/"
STAMP = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
PARIS = ZoneInfo("Europe/Paris")


@pytest.fixture
def schedule():
    return load_schedule(FIXTURES / "mini_schedule.json")


def _ics(schedule, sessions=None, **kw):
    kw.setdefault("title", "MiniCon")
    kw.setdefault("app_url", APP)
    kw.setdefault("stamp", STAMP)
    return ical.calendar(schedule, schedule.sessions if sessions is None else sessions, **kw)


def _events(data):
    return {str(e["UID"]): e for e in icalendar.Calendar.from_ical(data).walk("VEVENT")}


def _vobject_events(data):
    cal = vobject.readOne(data.decode("utf-8"))
    return cal, {e.uid.value: e for e in cal.vevent_list}


def test_every_session_is_an_event_with_a_stable_uid(schedule):
    events = _events(_ics(schedule))
    assert set(events) == {"s1a2b3@minicon-2026", "k9x8y7@minicon-2026", "q4w5e6@minicon-2026"}
    assert _events(_ics(schedule, app_url="http://127.0.0.1:5000")).keys() == events.keys()


def test_times_carry_the_events_zone_with_a_vtimezone(schedule):
    data = _ics(schedule)
    cal = icalendar.Calendar.from_ical(data)
    assert [str(tz["TZID"]) for tz in cal.walk("VTIMEZONE")] == ["Europe/Paris"]
    assert b"DTSTART;TZID=Europe/Paris:20260407T090000" in data
    start = _events(data)["s1a2b3@minicon-2026"].decoded("DTSTART")
    assert start == datetime(2026, 4, 7, 9, 0, tzinfo=PARIS)
    assert start.utcoffset() == timedelta(hours=2)


def test_an_independent_parser_reads_the_same_times_and_uids(schedule):
    cal, events = _vobject_events(_ics(schedule))
    assert cal.vtimezone.tzid.value == "Europe/Paris"
    for s in schedule.sessions:
        ev = events[f"{s.id}@minicon-2026"]
        assert ev.summary.value == s.title
        assert ev.dtstart.value == s.start
        assert ev.dtend.value == s.end
        assert ev.dtstart.value.utcoffset() == timedelta(hours=2)


def test_winter_and_summer_times_both_come_out_right_from_the_vtimezone(schedule):
    start, end = datetime(2026, 1, 15, 9, tzinfo=PARIS), datetime(2026, 1, 15, 10, tzinfo=PARIS)
    winter = Session(id="w1", title="Winter", start=start, end=end)
    sessions = (winter, *schedule.sessions)
    _, events = _vobject_events(_ics(schedule.with_sessions(sessions)))
    assert events["w1@minicon-2026"].dtstart.value.astimezone(UTC).hour == 8
    assert events["s1a2b3@minicon-2026"].dtstart.value.astimezone(UTC).hour == 7


def test_cancelled_session_is_status_cancelled_and_gets_no_reminder(schedule):
    gone = replace(schedule.sessions[1], status="cancelled")
    sched = schedule.with_sessions((schedule.sessions[0], gone, schedule.sessions[2]))
    data = _ics(sched, alarm_minutes=10)
    events = _events(data)
    assert str(events["k9x8y7@minicon-2026"]["STATUS"]) == "CANCELLED"
    assert str(events["s1a2b3@minicon-2026"]["STATUS"]) == "CONFIRMED"
    assert events["k9x8y7@minicon-2026"].walk("VALARM") == []
    _, parsed = _vobject_events(data)
    assert parsed["k9x8y7@minicon-2026"].status.value == "CANCELLED"


def test_revision_sets_sequence_and_last_modified(schedule):
    changed = datetime(2026, 4, 6, 18, 30, tzinfo=UTC)
    data = _ics(schedule, revisions={"k9x8y7": (3, changed)})
    events = _events(data)
    assert events["k9x8y7@minicon-2026"].decoded("SEQUENCE") == 3
    assert events["k9x8y7@minicon-2026"].decoded("LAST-MODIFIED") == changed
    assert events["s1a2b3@minicon-2026"].decoded("SEQUENCE") == 0
    assert events["s1a2b3@minicon-2026"].decoded("LAST-MODIFIED") == STAMP
    _, parsed = _vobject_events(data)
    assert parsed["k9x8y7@minicon-2026"].sequence.value == "3"


def test_reminder_goes_off_the_given_minutes_before(schedule):
    events = _events(_ics(schedule, alarm_minutes=10))
    alarms = events["s1a2b3@minicon-2026"].walk("VALARM")
    assert len(alarms) == 1
    assert alarms[0].decoded("TRIGGER") == timedelta(minutes=-10)
    assert str(alarms[0]["ACTION"]) == "DISPLAY"
    assert _events(_ics(schedule))["s1a2b3@minicon-2026"].walk("VALARM") == []


def test_location_description_and_url_lead_back_to_the_app(schedule):
    ev = _events(_ics(schedule))["k9x8y7@minicon-2026"]
    assert str(ev["LOCATION"]) == "Side Room, Hall, Paris"
    assert str(ev["URL"]) == "https://hallway.example.org/session/k9x8y7"
    description = str(ev["DESCRIPTION"])
    assert description.startswith("Alan Turing, Ada Lovelace")
    assert "Short." in description
    assert description.endswith("https://hallway.example.org/session/k9x8y7")


def test_text_from_the_data_stays_text(schedule):
    ev = _events(_ics(schedule))["s1a2b3@minicon-2026"]
    assert str(ev["SUMMARY"]) == "Opening <script>alert(1)</script>"


def test_lines_end_in_crlf_as_rfc_5545_says(schedule):
    data = _ics(schedule)
    assert data.startswith(b"BEGIN:VCALENDAR\r\n")
    assert b"\n" not in data.replace(b"\r\n", b"")


def test_an_empty_calendar_is_still_valid(schedule):
    data = _ics(schedule, sessions=[])
    assert icalendar.Calendar.from_ical(data).walk("VEVENT") == []
    assert vobject.readOne(data.decode()).name == "VCALENDAR"


@pytest.mark.parametrize(
    ("text", "minutes"), [(None, None), ("", None), ("0", 0), ("10", 10), ("1440", 1440)]
)
def test_alarm_values_that_are_accepted(text, minutes):
    assert ical.parse_alarm(text) == minutes


@pytest.mark.parametrize("text", ["-5", "abc", "1441", "1.5", " 10", "10m", "٣"])
def test_alarm_values_that_are_refused(text):
    with pytest.raises(ValueError, match="alarm"):
        ical.parse_alarm(text)


def test_the_words_for_the_app_are_only_those_that_are_not_english():
    kinds = ["maintrack", "Lightning Talk", "hands_on"]
    assert ical.words(translator("en", "messages"), kinds) == {}
    # A source's own word the catalog does not know ("Lightning Talk", "Hands on") stays as the
    # app already names it (the outline's kind_names, else the raw word): not carried.
    assert ical.words(translator("fr", "messages"), kinds)["kinds"] == {
        "maintrack": "Présentation du programme principal"
    }
