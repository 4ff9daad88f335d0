"""Calendars follow corrections: SEQUENCE and LAST-MODIFIED go up, cancellations show."""

from __future__ import annotations

from pathlib import Path

import pytest
import vobject

from webapp import create_app

TOKEN = "calendar-test-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def app(data_dir: Path):
    return create_app({"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": TOKEN})


def vevent(client, session_id: str):
    resp = client.get(f"/session/{session_id}.ics")
    assert resp.status_code == 200
    return vobject.readOne(resp.get_data(as_text=True)).vevent


def correct(client, body: dict) -> None:
    resp = client.post("/api/v1/corrections", json={**body, "force": True}, headers=AUTH)
    assert resp.status_code == 201, resp.get_json()


def test_each_correction_bumps_the_sessions_sequence_and_last_modified(client):
    before = vevent(client, "k9x8y7")
    assert int(before.sequence.value) == 0

    correct(client, {"kind": "move", "session": "k9x8y7", "room": "main"})
    moved = vevent(client, "k9x8y7")
    assert int(moved.sequence.value) == 1
    assert "Main Room" in moved.location.value
    assert moved.uid.value == before.uid.value

    correct(
        client,
        {
            "kind": "retime",
            "session": "k9x8y7",
            "start": "2026-04-07T11:00:00+02:00",
            "end": "2026-04-07T11:10:00+02:00",
        },
    )
    retimed = vevent(client, "k9x8y7")
    assert int(retimed.sequence.value) == 2
    assert retimed.dtstart.value.hour == 11
    assert retimed.last_modified.value >= moved.last_modified.value
    # Another session's entry is untouched.
    assert int(vevent(client, "q4w5e6").sequence.value) == 0


def test_cancelled_session_is_status_cancelled_in_every_calendar(client):
    correct(client, {"kind": "cancel", "session": "s1a2b3", "note": "speaker ill"})
    assert vevent(client, "s1a2b3").status.value == "CANCELLED"
    whole = vobject.readOne(client.get("/schedule.ics").get_data(as_text=True))
    statuses = {e.uid.value.split("@")[0]: e.status.value for e in whole.vevent_list}
    assert statuses["s1a2b3"] == "CANCELLED"
    assert statuses["k9x8y7"] == "CONFIRMED"
