"""webapp.exports.signs: what a door sign lists, in the event's timezone."""

import json
from datetime import date
from pathlib import Path

import pytest

from webapp.domain.serialize import schedule_from_dict
from webapp.exports import signs

FIXTURE = Path(__file__).parents[2] / "fixtures" / "mini_schedule.json"


@pytest.fixture
def doc():
    return json.loads(FIXTURE.read_text())


def build(doc):
    return schedule_from_dict(doc)


def test_sign_lists_the_rooms_sessions_of_that_day_in_time_order(doc):
    doc["sessions"][0]["start"], doc["sessions"][0]["end"] = (
        "2026-04-07T15:00:00+02:00",
        "2026-04-07T16:00:00+02:00",
    )
    doc["sessions"].append(
        {
            **doc["sessions"][2],
            "id": "early1",
            "start": "2026-04-07T08:00:00+02:00",
            "end": "2026-04-07T08:30:00+02:00",
            "title": "Early",
        }
    )
    schedule = build(doc)
    sign = signs.sign(schedule, schedule.room("main"), date(2026, 4, 7))
    assert [s.id for s in sign.sessions] == ["early1", "s1a2b3"]
    assert sign.sessions[1].speakers == ("Ada Lovelace",)
    assert (sign.sessions[1].start, sign.sessions[1].end) == ("15:00", "16:00")


def test_times_are_shown_in_the_event_zone_whatever_offset_the_data_uses(doc):
    doc["sessions"][0]["start"], doc["sessions"][0]["end"] = (
        "2026-04-07T07:00:00+00:00",
        "2026-04-07T07:30:00Z",
    )
    schedule = build(doc)
    sign = signs.sign(schedule, schedule.room("main"), date(2026, 4, 7))
    assert (sign.sessions[0].start, sign.sessions[0].end) == ("09:00", "09:30")
    assert sign.tz_label == "CEST (Europe/Paris)"


def test_day_is_the_local_day_not_the_utc_day(doc):
    # 00:30 in Paris on the 8th is still the 7th in UTC.
    doc["sessions"][0]["start"], doc["sessions"][0]["end"] = "2026-04-07T22:30:00Z", "2026-04-07T23:00:00Z"
    schedule = build(doc)
    main = schedule.room("main")
    assert [s.id for s in signs.sign(schedule, main, date(2026, 4, 8)).sessions] == ["s1a2b3", "q4w5e6"]
    assert signs.sign(schedule, main, date(2026, 4, 7)).sessions == ()


def test_winter_dates_are_labelled_with_winter_time(doc):
    assert signs._tz_label("Europe/Paris", date(2026, 1, 15)) == "CET (Europe/Paris)"


def test_cancelled_session_stays_on_the_sign_marked_cancelled(doc):
    doc["sessions"][0]["status"] = "cancelled"
    schedule = build(doc)
    sign = signs.sign(schedule, schedule.room("main"), date(2026, 4, 7))
    assert [(s.id, s.cancelled) for s in sign.sessions] == [("s1a2b3", True)]


def test_unknown_speaker_id_is_shown_rather_than_dropped(doc):
    doc["sessions"][0]["speakers"] = ["ada-lovelace", "ghost"]
    schedule = build(doc)
    sign = signs.sign(schedule, schedule.room("main"), date(2026, 4, 7))
    assert sign.sessions[0].speakers == ("Ada Lovelace", "ghost")


def test_days_fall_back_to_the_days_that_have_sessions(doc):
    doc["event"]["days"] = []
    assert signs.days(build(doc)) == (date(2026, 4, 7), date(2026, 4, 8))


def test_index_has_every_room_on_every_day(doc):
    schedule = build(doc)
    index = signs.index(schedule)
    assert [(s.room.id, s.day.isoformat(), len(s.sessions)) for s in index] == [
        ("main", "2026-04-07", 1),
        ("main", "2026-04-08", 1),
        ("side", "2026-04-07", 1),
        ("side", "2026-04-08", 0),
    ]
    assert index[0].day_label == "Tuesday 7 April 2026"
