"""GraphQLConf 2024 and 2025's Sched session exports (../shared/specs/realworld2/), imported as
an organizer would (`parse_source`, then `merge` with --event-name and --timezone), against a
reading of each file written here with json.load alone: every active session under its
event_key, at the instant its start_time_ts says, in its venue, with its speakers in Sched's
order, on its day."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from tests.conftest import shared_or_skip
from webapp.importers.merge import Overrides, merge
from webapp.importers.sources import parse_source

FILES = [
    ("graphqlconf-2024.sched-session-export.json", "GraphQLConf 2024", "America/Los_Angeles", 98),
    ("graphqlconf-2025.sched-session-export.json", "GraphQLConf 2025", "Europe/Amsterdam", 100),
]


@pytest.fixture(scope="module", params=FILES, ids=["2024", "2025"])
def imported(request):
    name, event, tz, count = request.param
    path = shared_or_skip("specs", "realworld2", name)
    doc = json.loads(path.read_text(encoding="utf-8"))
    reading = {}
    for item in doc:
        if item["active"] != "Y":
            continue
        people = sorted(item.get("speakers") or [], key=lambda p: int(p["custom_order"]))
        start = datetime.strptime(item["event_start"], "%Y-%m-%d %H:%M")
        end = datetime.strptime(item["event_end"], "%Y-%m-%d %H:%M")
        reading[item["event_key"]] = {
            "name": item["name"],
            "start": datetime.fromtimestamp(item["start_time_ts"], UTC),
            "length": end - start,
            "day": start.date(),
            "room": item.get("venue") or None,
            "people": [(p["name"], p.get("company") or None) for p in people],
            "described": bool(item["description"].strip()),
            "files": len(item.get("files") or []),
        }
    assert len(reading) == count == len(doc)
    schedule, warnings = merge(
        [parse_source(path.read_bytes(), path.name)], Overrides(event_name=event, timezone=tz)
    )
    assert warnings == []
    return schedule, reading, tz


def test_every_session_under_its_event_key_at_its_instant_in_its_room(imported):
    schedule, reading, tz = imported
    assert {s.id for s in schedule.sessions} == set(reading)  # the event_keys, tiny ones too
    assert schedule.event.timezone == tz
    rooms = {r.id: r.name for r in schedule.rooms}
    for s in schedule.sessions:
        want = reading[s.id]
        assert s.start == want["start"], s.id
        assert s.end - s.start == want["length"], s.id
        assert rooms.get(s.room) == want["room"], s.id
        assert s.title and s.title in want["name"], s.id  # less a "Keynote:" or " - people" part


def test_speakers_per_session_are_the_exports_in_its_order_and_none_where_it_lists_none(imported):
    schedule, reading, _ = imported
    for s in schedule.sessions:
        people = [(p.name, p.company) for p in map(schedule.speaker, s.speakers)]
        assert people == reading[s.id]["people"], s.id
    assert sum(not s.speakers for s in schedule.sessions) == 25


def test_days_are_the_days_sessions_start_on_and_texts_hold_no_markup(imported):
    schedule, reading, _ = imported
    assert list(schedule.event.days) == sorted({w["day"] for w in reading.values()})
    for s in schedule.sessions:
        assert schedule.event.day_of(s.start) == reading[s.id]["day"]
        assert bool(s.description) == reading[s.id]["described"], s.id
        assert not any("<a " in p or "</" in p for p in s.description), s.id
        files = [x for x in s.links if x.kind == "attachment"]
        assert len(files) == reading[s.id]["files"] and all(" " not in x.url for x in files), s.id
