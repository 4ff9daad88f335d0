# ruff: noqa: E501 - cases read best one per line
"""Room status and announcements: what is current at a given time, and how they are withdrawn."""

from __future__ import annotations

from pathlib import Path

import pytest

from webapp.corrections.apply import Correction, CorrectionError, prepare
from webapp.corrections.notices import notices
from webapp.domain.storage import load_schedule
from webapp.domain.timeutil import parse_iso

FIXTURE = Path(__file__).parents[2] / "fixtures" / "mini_schedule.json"
TZ = "Europe/Paris"


@pytest.fixture(scope="module")
def schedule():
    return load_schedule(FIXTURE)


def stored(
    schedule, version: int, at: str, body: dict, history: list[Correction] | None = None
) -> Correction:
    lookup = {c.version: c for c in history or []}
    change = prepare(schedule, body, lookup=lambda v: lookup[v])
    return Correction(version, parse_iso(at), change, "ada")


def test_a_room_status_holds_until_the_end_of_its_day_and_the_newest_wins(schedule):
    full = stored(
        schedule, 1, "2026-04-07T09:05:00+02:00", {"kind": "room_status", "room": "main", "status": "full"}
    )
    closed = stored(schedule, 2, "2026-04-07T10:00:00+02:00",
                    {"kind": "room_status", "room": "side", "status": "closed", "note": "flooded"})  # fmt: skip
    during = notices([full, closed], TZ, parse_iso("2026-04-07T23:59:00+02:00"))
    assert during["rooms"] == {
        "main": {"status": "full", "note": None, "version": 1, "until": "2026-04-08T00:00:00+02:00"},
        "side": {"status": "closed", "note": "flooded", "version": 2, "until": "2026-04-08T00:00:00+02:00"},
    }
    assert notices([full, closed], TZ, parse_iso("2026-04-08T00:00:00+02:00"))["rooms"] == {}
    reopened = stored(
        schedule, 3, "2026-04-07T11:00:00+02:00", {"kind": "room_status", "room": "main", "status": "open"}
    )
    assert list(notices([full, closed, reopened], TZ, parse_iso("2026-04-07T12:00:00+02:00"))["rooms"]) == [
        "side"
    ]


def test_an_announcement_stays_until_a_revert_withdraws_it(schedule):
    lunch = stored(schedule, 1, "2026-04-07T09:00:00+02:00",
                   {"kind": "announce", "text": "Lunch is in Hall B today", "room": "side"})  # fmt: skip
    assert lunch.change.session is None
    later = parse_iso("2026-04-09T09:00:00+02:00")
    assert notices([lunch], TZ, later)["announcements"] == [
        {"version": 1, "text": "Lunch is in Hall B today", "session": None, "room": "side",
         "time": "2026-04-07T09:00:00+02:00"},
    ]  # fmt: skip
    withdrawn = stored(schedule, 2, "2026-04-07T09:30:00+02:00", {"kind": "revert", "reverts": 1}, [lunch])
    assert (withdrawn.change.before, withdrawn.change.after) == (lunch.change.after, {})
    assert notices([lunch, withdrawn], TZ, later)["announcements"] == []
    with pytest.raises(CorrectionError, match="publish it again"):
        stored(schedule, 3, "2026-04-07T09:40:00+02:00", {"kind": "revert", "reverts": 2}, [lunch, withdrawn])


def test_withdrawing_the_newest_status_brings_back_the_one_before(schedule):
    full = stored(
        schedule, 1, "2026-04-07T09:05:00+02:00", {"kind": "room_status", "room": "main", "status": "full"}
    )
    closed = stored(
        schedule, 2, "2026-04-07T09:10:00+02:00", {"kind": "room_status", "room": "main", "status": "closed"}
    )
    undo = stored(schedule, 3, "2026-04-07T09:11:00+02:00", {"kind": "revert", "reverts": 2}, [full, closed])
    assert (
        notices([full, closed, undo], TZ, parse_iso("2026-04-07T10:00:00+02:00"))["rooms"]["main"]["status"]
        == "full"
    )


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({"kind": "room_status", "room": "attic", "status": "full"}, "unknown room 'attic'"),
        ({"kind": "room_status", "room": "main", "status": "packed"}, "open, full or closed"),
        ({"kind": "room_status", "room": "main"}, "needs status"),
        ({"kind": "announce", "text": " "}, "non-empty"),
        ({"kind": "announce", "text": "x" * 501}, "longer than 500"),
        ({"kind": "announce", "text": "Hi", "session": "nope"}, "unknown session 'nope'"),
    ],
)
def test_bad_notices_are_refused_with_the_reason(schedule, body, error):
    with pytest.raises(CorrectionError, match=error):
        prepare(schedule, body)
