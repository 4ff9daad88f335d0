"""The rule behind issue 16's break 2, for every producer of a schedule: a Session holds only
times every consumer reads (offsets in whole minutes, years 1900-2199), and whatever a Session
holds, every export builds. A future importer or correction path inherits both."""

from __future__ import annotations

import ast
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp.domain.model import Event, Room, Schedule, Session
from webapp.exports import frab, ical, signs
from webapp.exports.frab_xml import to_schedule_xml

WEBAPP = Path(__file__).resolve().parents[3] / "webapp"

OFFSETS = st.one_of(
    st.integers(-23 * 60, 23 * 60).map(lambda m: timedelta(minutes=m)),
    st.integers(-(24 * 3600 - 1), 24 * 3600 - 1).map(lambda s: timedelta(seconds=s)),  # seconds too
)
TIMES = st.builds(
    lambda dt, off: dt.replace(tzinfo=timezone(off)),
    st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30)),
    OFFSETS,
)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(TIMES, st.integers(0, 10**6))
def test_a_session_either_refuses_its_times_or_every_export_builds(start: datetime, minutes: int) -> None:
    try:
        end = start + timedelta(minutes=minutes)
    except OverflowError:
        return  # no datetime at all: nothing could hold it
    try:
        session = Session(id="s", title="T", start=start, end=end, room="r")
    except ValueError as exc:
        assert "out of range" in str(exc) or "whole minutes" in str(exc)
        return
    schedule = Schedule(
        event=Event(id="e", name="E", timezone="Europe/Paris", days=(start.astimezone(UTC).date(),)),
        rooms=(Room("r", "R"),),
        sessions=(session,),
    )
    ical.calendar(
        schedule,
        schedule.sessions,
        title="E",
        app_url="https://x.example",
        stamp=datetime.now(UTC),
        alarm_minutes=15,
    )
    frab.to_schedule_json(schedule, "https://x.example", version="1")
    to_schedule_xml(schedule, "https://x.example", version="1")
    for sheet in signs.index(schedule):
        assert sheet.day is not None


@pytest.mark.parametrize(
    "text", ["2026-04-07T11:15:00+02:00:30", "9999-12-31T23:00:00+01:00", "0001-01-01T00:00:00+00:00"]
)
def test_the_attack_runs_times_are_refused_by_the_model(text: str) -> None:
    with pytest.raises(ValueError):
        Session(id="s", title="T", start=datetime.fromisoformat(text), end=datetime.fromisoformat(text))


def test_every_json_read_in_webapp_goes_through_jsontext() -> None:
    """json.loads raises RecursionError on deep nesting, which no `except ValueError` catches."""
    offenders = []
    for path in WEBAPP.rglob("*.py"):
        if path.name == "jsontext.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and node.attr in ("loads", "load")
                and getattr(node.value, "id", "") == "json"
            ):
                offenders.append(f"{path.relative_to(WEBAPP)}:{node.lineno}")
    assert offenders == [], f"use webapp.domain.jsontext.loads: {offenders}"
