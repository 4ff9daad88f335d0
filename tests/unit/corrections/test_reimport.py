# ruff: noqa: E501 - cases read best one per line
"""Corrections stay on top of a re-import: re-applied, and the redundant and contradicted named."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from webapp.corrections.apply import Correction, apply, prepare
from webapp.corrections.reimport import CONTRADICTED, REDUNDANT, reapply
from webapp.domain.storage import load_schedule

FIXTURE = Path(__file__).parents[2] / "fixtures" / "mini_schedule.json"
WHEN = datetime(2026, 4, 7, 7, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def schedule():
    return load_schedule(FIXTURE)


def history(schedule, *bodies: dict) -> list[Correction]:
    out = []
    for version, body in enumerate(bodies, 1):
        current = apply(schedule, [c.change for c in out])
        lookup = {c.version: c for c in out}.__getitem__
        out.append(
            Correction(version, WHEN, prepare(current, body, new_id=lambda taken: "new001", lookup=lookup))
        )
    return out


def test_on_the_import_they_were_made_on_every_correction_applies_without_a_word(schedule):
    made = history(schedule, {"kind": "move", "session": "s1a2b3", "room": "side"},
                   {"kind": "edit", "session": "q4w5e6", "title": "Mine"}, {"kind": "revert", "reverts": 1})  # fmt: skip
    again, findings = reapply(schedule, made)
    assert findings == []
    assert again == apply(schedule, [c.change for c in made])


def test_a_new_import_keeps_corrections_and_names_the_redundant_and_the_contradicted(schedule):
    made = history(
        schedule,
        {"kind": "move", "session": "s1a2b3", "room": "side"},  # the sources catch up: redundant
        {"kind": "cancel", "session": "k9x8y7"},  # the session is gone from the sources
        {"kind": "edit", "session": "q4w5e6", "title": "Mine"},  # the sources rename it too
        {"kind": "retime", "session": "q4w5e6", "start": "2026-04-08T11:00:00+02:00"},  # untouched there
        {
            "kind": "add",
            "title": "Late",
            "start": "2026-04-08T12:00:00+02:00",
            "end": "2026-04-08T12:30:00+02:00",
        },
    )
    s1, _, q4 = schedule.sessions
    new_import = schedule.with_sessions((replace(s1, room="side"), replace(q4, title="Theirs")))
    result, findings = reapply(new_import, made)
    assert [(f.correction.version, f.status, f.applied) for f in findings] == [
        (1, REDUNDANT, True),
        (2, CONTRADICTED, False),
        (3, CONTRADICTED, True),
    ]
    assert "already has room side" in findings[0].reason
    assert "session 'k9x8y7' is not in the imported schedule" in findings[1].reason
    assert (
        findings[2].reason
        == f"the import has title Theirs (it was title {q4.title} when corrected); it keeps title Mine"
    )
    # Nothing is lost that can still apply: the organizer's title, the retime, the added session.
    q = result.session("q4w5e6")
    assert (q.title, q.start.hour, q.end.hour, q.end.minute) == ("Mine", 11, 11, 45)
    assert result.session("new001").title == "Late"
    assert result.session("k9x8y7") is None


def test_an_added_session_whose_id_the_import_now_uses_is_named_not_merged(schedule):
    made = history(schedule, {"kind": "add", "title": "Late", "start": "2026-04-08T12:00:00+02:00",
                              "end": "2026-04-08T12:30:00+02:00"})  # fmt: skip
    clash = replace(schedule.sessions[0], id="new001", title="Theirs")
    result, findings = reapply(schedule.with_sessions((*schedule.sessions, clash)), made)
    assert [(f.status, f.applied) for f in findings] == [(CONTRADICTED, False)]
    assert result.session("new001").title == "Theirs"
