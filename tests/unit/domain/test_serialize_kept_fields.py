"""The fields added for what other apps key on (issue 13): an exact round trip, old files
read as before, and nothing written for what no source said."""

import json
from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from tests.conftest import FIXTURES
from webapp.domain.model import DayRange, Event, Link, Room, Schedule, Session, Speaker
from webapp.domain.serialize import ScheduleFormatError, schedule_from_dict, schedule_to_dict

BERLIN = ZoneInfo("Europe/Berlin")


def _full() -> Schedule:
    day = DayRange(
        date(2026, 12, 27),
        datetime(2026, 12, 27, 10, tzinfo=BERLIN),
        datetime(2026, 12, 28, 6, tzinfo=BERLIN),
    )
    return Schedule(
        event=Event(
            id="nc",
            name="Night Con",
            timezone="Europe/Berlin",
            days=(day.date,),
            day_ranges=(day,),
            language="de",
        ),
        rooms=(Room("saal-1", "Saal 1", guid="11111111-aaaa-4aaa-8aaa-000000000001"),),
        speakers=(Speaker("anna", "Anna", guid="a0000001-0000-4000-8000-00000000000a"),),
        sessions=(
            Session(
                id="owls",
                title="Night Owls",
                start=datetime(2026, 12, 28, 1, tzinfo=BERLIN),
                end=datetime(2026, 12, 28, 2, tzinfo=BERLIN),
                room="saal-1",
                speakers=("anna",),
                guid="e0000003-0000-4000-8000-000000000003",
                number=103,
                language="en",
                subtitle="After midnight",
                links=(
                    Link("https://x.example/s.pdf", "Slides"),
                    Link("https://x.example/p.pdf", None, "attachment"),
                ),
            ),
        ),
    )


def test_the_new_fields_round_trip_exactly():
    schedule = _full()
    doc = json.loads(json.dumps(schedule_to_dict(schedule)))
    assert schedule_from_dict(doc) == schedule
    assert schedule.event.day_of(schedule.sessions[0].start) == date(2026, 12, 27)


def test_an_old_file_reads_with_defaults_and_writes_back_unchanged():
    doc = json.loads((FIXTURES / "mini_schedule.json").read_text(encoding="utf-8"))
    schedule = schedule_from_dict(doc)
    assert schedule.event.day_ranges == () and schedule.event.language is None
    assert all(s.guid is None and s.links == () for s in schedule.sessions)
    for s in doc["sessions"]:
        s.pop("sources", None)  # provenance is another matter
    assert schedule_to_dict(schedule) == {k: v for k, v in doc.items() if k != "version"}


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("sessions", 0, "links"), [{"url": "https://x.example", "title": None, "kind": "script"}]),
        (("sessions", 0, "number"), "103"),
        (
            ("event", "day_ranges"),
            [
                {
                    "date": "2026-12-27",
                    "start": "2026-12-28T06:00:00+01:00",
                    "end": "2026-12-27T10:00:00+01:00",
                }
            ],
        ),
        (("rooms", 0, "guid"), 7),
    ],
)
def test_malformed_new_fields_are_refused(where, value):
    doc = schedule_to_dict(_full())
    target = doc
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    with pytest.raises(ScheduleFormatError):
        schedule_from_dict(doc)


@pytest.mark.parametrize("what", ["sessions", "rooms", "speakers"])
def test_an_id_used_twice_is_refused_saying_which(what):
    # A session's id is printed in the QR code on a door: it must name one session.
    doc = schedule_to_dict(_full())
    doc[what].append(dict(doc[what][0]))
    with pytest.raises(ScheduleFormatError, match=f"two {what[:-1]}s have the id"):
        schedule_from_dict(doc)
