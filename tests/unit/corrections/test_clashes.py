# ruff: noqa: E501 - tables of cases read best one per line
"""Clash checks: a room double-booked, a speaker in two places, outside the day's hours, the past."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from webapp.corrections.apply import prepare
from webapp.corrections.clashes import consequences
from webapp.domain.storage import load_schedule
from webapp.domain.timeutil import parse_iso

FIXTURE = Path(__file__).parents[2] / "fixtures" / "mini_schedule.json"
# Day 1: s1a2b3 main 09:00-09:30 (Ada), k9x8y7 side 09:15-09:25 (Alan, Ada). Day 2: q4w5e6 main 10:00-10:45.
BEFORE_EVENT = parse_iso("2026-04-01T09:00:00+02:00")


@pytest.fixture(scope="module")
def schedule():
    return load_schedule(FIXTURE)


def found(schedule, body: dict, now: datetime | None = BEFORE_EVENT) -> list[tuple[str, list[str]]]:
    change = prepare(schedule, body, new_id=lambda taken: "new001")
    clashes, _ = consequences(schedule, change, now)
    return [(c.kind, c.to_dict()["sessions"]) for c in clashes]


def test_a_move_into_an_occupied_room_is_a_room_clash(schedule):
    # Ada already speaks in both at once: that clash is the data's, not this move's.
    assert found(schedule, {"kind": "move", "session": "s1a2b3", "room": "side"}) == [
        ("room", ["s1a2b3", "k9x8y7"])
    ]


def test_a_retime_onto_another_session_in_the_same_room(schedule):
    body = {
        "kind": "retime",
        "session": "q4w5e6",
        "start": "2026-04-07T09:05:00+02:00",
        "end": "2026-04-07T09:20:00+02:00",
    }
    assert found(schedule, body) == [("room", ["q4w5e6", "s1a2b3"])]
    # A new start alone keeps the 45 minutes, which now run past the day's last session.
    body = {"kind": "retime", "session": "q4w5e6", "start": "2026-04-07T09:05:00+02:00"}
    assert found(schedule, body) == [("room", ["q4w5e6", "s1a2b3"]), ("hours", ["q4w5e6"])]


def test_touching_sessions_do_not_clash(schedule):
    body = {"kind": "retime", "session": "q4w5e6", "start": "2026-04-07T09:30:00+02:00"}
    assert ("room", ["q4w5e6", "s1a2b3"]) not in found(schedule, body)


def test_a_speaker_in_two_places_at_once(schedule):
    body = {"kind": "add", "title": "Panel", "start": "2026-04-07T09:20:00+02:00", "end": "2026-04-07T09:25:00+02:00",
            "speakers": ["alan-turing"]}  # fmt: skip
    assert found(schedule, body) == [("speaker", ["new001", "k9x8y7"])]
    edit = {"kind": "edit", "session": "s1a2b3", "speakers": ["ada-lovelace", "alan-turing"]}
    clashes = consequences(schedule, prepare(schedule, edit), BEFORE_EVENT)[0]
    assert [(c.kind, c.sessions) for c in clashes] == [("speaker", ("s1a2b3", "k9x8y7"))]
    assert "Alan Turing would be in two places at once" in clashes[0].message


@pytest.mark.parametrize(
    ("start", "end", "words"),
    [
        ("2026-04-08T08:00:00+02:00", "2026-04-08T08:30:00+02:00", "outside the day's hours (10:00–10:45"),
        ("2026-04-08T10:30:00+02:00", "2026-04-08T11:30:00+02:00", "outside the day's hours"),
        ("2026-04-09T10:00:00+02:00", "2026-04-09T10:45:00+02:00", "not one of the event's days"),
    ],
)
def test_outside_the_days_hours_or_the_events_days(schedule, start, end, words):
    change = prepare(schedule, {"kind": "retime", "session": "q4w5e6", "start": start, "end": end})
    [clash] = consequences(schedule, change, BEFORE_EVENT)[0]
    assert clash.kind == "hours" and words in clash.message


def test_a_session_moved_into_the_past_while_the_event_runs(schedule):
    body = {"kind": "move", "session": "q4w5e6", "room": "side"}
    assert found(schedule, body, parse_iso("2026-04-08T11:00:00+02:00")) == [("past", ["q4w5e6"])]
    assert found(schedule, body, parse_iso("2026-04-08T09:59:00+02:00")) == []
    # After the event a correction fixes the record: nothing is "in the past" for it.
    assert found(schedule, body, parse_iso("2026-04-09T00:00:00+02:00")) == []
    edit = {"kind": "edit", "session": "q4w5e6", "title": "Renamed"}
    assert found(schedule, edit, parse_iso("2026-04-08T11:00:00+02:00")) == []


def test_cancelling_never_clashes_and_restoring_into_a_taken_room_does(schedule):
    from webapp.corrections.apply import apply

    assert found(schedule, {"kind": "cancel", "session": "k9x8y7"}) == []
    cancelled = apply(schedule, [prepare(schedule, {"kind": "cancel", "session": "k9x8y7"})])
    taken = apply(cancelled, [prepare(cancelled, {"kind": "move", "session": "s1a2b3", "room": "side"})])
    assert found(taken, {"kind": "restore", "session": "k9x8y7"}) == [
        ("room", ["k9x8y7", "s1a2b3"]),
        ("speaker", ["k9x8y7", "s1a2b3"]),
    ]


def test_a_clash_the_schedule_already_had_is_not_the_corrections(schedule):
    assert found(schedule, {"kind": "edit", "session": "s1a2b3", "title": "New title"}) == []


def test_the_preview_is_the_session_after_the_change(schedule):
    change = prepare(schedule, {"kind": "retime", "session": "q4w5e6", "start": "2026-04-08T11:00:00+02:00",
                                "end": "2026-04-08T11:45:00+02:00"})  # fmt: skip
    _, preview = consequences(schedule, change, BEFORE_EVENT)
    assert (preview.id, preview.start.hour, preview.room) == ("q4w5e6", 11, "main")
