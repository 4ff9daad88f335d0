"""Every export reads back exactly: the app's own /schedule.ics, schedule.json and
schedule.xml, imported again, give the same sessions with the same ids, times, rooms and
speakers. Two people whose names differ only in case stay two, a speaker named twice on one
session stays twice, a room's name keeps the white space inside it; and so for every real
file in ../shared/specs/ imported and exported.

What a format cannot say is left out of its comparison: schedule.xml writes the event's most
common kind for a session without one (readers make up a kind per talk for an empty
<type/>) and has no place for the session's page at its source (its <url> is the page here),
and neither frab format lists cancelled sessions (readers show a session that vanished as
cancelled)."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest

from tests.conftest import FIXTURES, shared_or_skip
from webapp.domain.model import Schedule, Speaker
from webapp.domain.storage import load_schedule
from webapp.exports import ical
from webapp.exports.frab import to_schedule_json
from webapp.exports.frab_xml import to_schedule_xml
from webapp.importers.merge import Overrides, merge
from webapp.importers.sources import parse_source

BASE = "https://hallway.example.org"
FORMATS = ("ics", "json", "xml")


def _export(schedule: Schedule, fmt: str) -> bytes:
    if fmt == "ics":
        stamp = datetime(2026, 1, 1, tzinfo=UTC)
        return ical.calendar(
            schedule, schedule.sessions, title=schedule.event.name, app_url=BASE, stamp=stamp
        )
    if fmt == "json":
        return json.dumps(to_schedule_json(schedule, BASE)).encode()
    return to_schedule_xml(schedule, BASE)


def _reimported(schedule: Schedule, fmt: str) -> Schedule:
    tz = schedule.event.timezone
    page = parse_source(_export(schedule, fmt), f"schedule.{fmt}", tz)
    return merge([page], Overrides(timezone=tz, event_name=schedule.event.name))[0]


def _view(schedule: Schedule, fmt: str, kinds: dict[str, str | None] | None = None) -> list[tuple[Any, ...]]:
    """What every format says of each session, in a fixed order."""
    out = []
    for s in sorted(schedule.sessions, key=lambda s: (s.start, s.id)):
        if fmt != "ics" and s.status == "cancelled":
            continue
        kind = s.kind if kinds is None or kinds.get(s.id) is not None else None
        room = schedule.room(s.room).name if s.room else None
        people = tuple(schedule.speaker(i).name for i in s.speakers)
        url = s.url if fmt != "xml" else None  # schedule.xml's <url> is the session's page here
        out.append((s.id, s.title, s.start, s.end, room, kind, people, s.status, url))
    return out


def _same_after_each_export(schedule: Schedule) -> None:
    for fmt in FORMATS:
        again = _reimported(schedule, fmt)
        # schedule.xml cannot say "no kind": compared where the original has one.
        kinds = {s.id: s.kind for s in schedule.sessions} if fmt == "xml" else None
        assert _view(again, fmt, kinds) == _view(schedule, fmt), fmt


def _with_lookalikes() -> Schedule:
    schedule = load_schedule(FIXTURES / "mini_schedule.json")
    first, second = schedule.sessions[0], schedule.sessions[1]
    people = (Speaker("bi3n3", "bi3n3"), Speaker("bi3n3-2", "Bi3n3"))
    room = replace(schedule.room(first.room), name="Salle  Endoume 2")  # two spaces, as the source has it
    rooms = tuple(room if r.id == room.id else r for r in schedule.rooms)
    sessions = (
        replace(first, speakers=("bi3n3", "bi3n3-2")),
        replace(second, speakers=(*second.speakers, *second.speakers[:1], *second.speakers[:1])),
        *schedule.sessions[2:],
    )
    return replace(schedule, rooms=rooms, speakers=schedule.speakers + people, sessions=sessions)


@pytest.mark.parametrize("fmt", FORMATS)
def test_names_differing_in_case_stay_two_people(fmt):
    schedule = _with_lookalikes()
    again = _reimported(schedule, fmt)
    session = next(s for s in again.sessions if s.id == schedule.sessions[0].id)
    assert [again.speaker(i).name for i in session.speakers] == ["bi3n3", "Bi3n3"]
    assert len(set(session.speakers)) == 2


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_speaker_named_twice_on_one_session_stays_twice(fmt):
    schedule = _with_lookalikes()
    second = schedule.sessions[1]
    again = _reimported(schedule, fmt)
    session = next(s for s in again.sessions if s.id == second.id)
    assert len(session.speakers) == len(second.speakers) >= 3
    assert [again.speaker(i).name for i in session.speakers] == [
        schedule.speaker(i).name for i in second.speakers
    ]


@pytest.mark.parametrize("fmt", FORMATS)
def test_white_space_inside_a_room_name_is_kept(fmt):
    schedule = _with_lookalikes()
    again = _reimported(schedule, fmt)
    assert "Salle  Endoume 2" in {r.name for r in again.rooms}
    assert len(again.rooms) == len(schedule.rooms)
    assert _view(again, fmt, {s.id: s.kind for s in schedule.sessions}) == _view(schedule, fmt)


@pytest.mark.parametrize("fmt", ("ics", "json"))
def test_the_sessions_page_at_its_source_reads_back(fmt):
    schedule = _with_lookalikes()
    first = replace(schedule.sessions[0], url="https://pretalx.example/ev/talk/ABC123/")
    schedule = replace(schedule, sessions=(first, *schedule.sessions[1:]))
    again = _reimported(schedule, fmt)
    assert next(s for s in again.sessions if s.id == first.id).url == first.url


def test_the_shipped_schedule_reads_back_from_every_export():
    from webapp.settings import PROJECT_ROOT

    _same_after_each_export(load_schedule(PROJECT_ROOT / "data" / "schedule.json"))


# Each real file with the zone its venue is in (files that name none need one).
REAL = [
    ("frab-camp2019.json", None), ("pretalx-democon.json", None), ("realworld/39c3.xml", None),
    ("realworld/jres_2022.ics", None), ("realworld/kielux_2020.ics", None),
    ("realworld2/acat-2024.indico-event-contributions.json", None),
    ("realworld2/bristol-data-week-2025.ics", None),
    ("realworld2/chep-2009.indico-timetable.json", "Europe/Prague"),
    ("realworld2/denog16.pretalx-schedule.xml", None),
    ("realworld2/droidcon-nyc-2024.sessionize-gridsmart.json", "America/New_York"),
    ("realworld2/global-azure-bootcamp-2021-linz.sessionize-all.json", "Europe/Vienna"),
    ("realworld2/good-2025.pretalx-schedule.ics", None), ("realworld2/good-2025.pretalx-schedule.json", None),
    ("realworld2/graphqlconf-2024.sched-session-export.json", "America/Los_Angeles"),
    ("realworld2/graphqlconf-2025.sched-session-export.json", "Europe/Amsterdam"),
    ("realworld2/lgbt-history-festival-2015.google-calendar.ics", None),
    ("realworld2/orlando-codecamp-2020.sessionize-all.json", "America/New_York"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "tz"), REAL, ids=[n.rsplit("/", 1)[-1] for n, _ in REAL])
def test_every_real_file_reads_back_from_every_export(name, tz):
    path = shared_or_skip("specs", *name.split("/"))
    page = parse_source(path.read_bytes(), path.name, tz)
    schedule, _ = merge([page], Overrides(timezone=tz, event_name=path.stem))
    _same_after_each_export(schedule)
