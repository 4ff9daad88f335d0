"""The venue zone's offset table the outline carries (webapp/domain/timeutil.zone_periods):
the app shows venue times from it without Intl, so it must match the tz database exactly."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from webapp.domain.timeutil import zone_label, zone_periods
from webapp.serving.texts import ZONE_MARGIN, split, zone_table

START = datetime(2026, 1, 1, tzinfo=UTC)
END = datetime(2027, 1, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    "name",
    [
        "Europe/Paris",
        "America/New_York",
        "Australia/Lord_Howe",
        "Africa/Casablanca",
        "Asia/Kathmandu",
        "UTC",
        "America/Sao_Paulo",
    ],
)
def test_every_instant_of_the_range_has_the_zones_own_offset_and_name(name) -> None:
    periods = zone_periods(name, START, END)
    assert periods[0][0] == START
    assert [p[0] for p in periods] == sorted({p[0] for p in periods})
    z = ZoneInfo(name)
    t = START
    while t < END:  # every 3 hours and the second either side of each transition
        probes = [t] + [p[0] + d for p in periods for d in (timedelta(seconds=-1), timedelta(0))]
        for probe in (x for x in probes if START <= x < END):
            since, minutes, label = [p for p in periods if p[0] <= probe][-1]
            local = probe.astimezone(z)
            assert minutes == local.utcoffset() // timedelta(minutes=1), (name, probe)
            assert label == zone_label(local), (name, probe)
        t += timedelta(hours=3)


def test_transitions_are_found_to_the_second() -> None:
    paris = zone_periods("Europe/Paris", START, END)
    assert [(p[0].isoformat(), p[1], p[2]) for p in paris] == [
        ("2026-01-01T00:00:00+00:00", 60, "CET"),
        ("2026-03-29T01:00:00+00:00", 120, "CEST"),
        ("2026-10-25T01:00:00+00:00", 60, "CET"),
    ]


def test_numeric_names_are_written_as_browsers_do() -> None:
    at = datetime(2026, 4, 7, 10, tzinfo=UTC)
    assert zone_label(at.astimezone(ZoneInfo("Asia/Dubai"))) == "GMT+4"
    assert zone_label(at.astimezone(ZoneInfo("Asia/Kathmandu"))) == "GMT+5:45"
    assert zone_label(at.astimezone(ZoneInfo("America/Sao_Paulo"))) == "GMT-3"
    assert zone_label(at.astimezone(ZoneInfo("Etc/GMT"))) == "GMT"
    assert zone_label(at.astimezone(ZoneInfo("Europe/Paris"))) == "CEST"


def test_no_table_for_an_unknown_zone_or_local_mean_time() -> None:
    assert zone_periods("Nowhere/City", START, END) == []
    assert (
        zone_periods("Europe/Paris", datetime(1890, 1, 1, tzinfo=UTC), datetime(1891, 1, 1, tzinfo=UTC)) == []
    )


def _doc(sessions: list[dict], timezone: str = "Europe/Paris") -> dict:
    return {
        "version": 3,
        "store": "s",
        "event": {"name": "E", "timezone": timezone},
        "speakers": [],
        "sessions": sessions,
    }


def test_the_outline_table_covers_the_sessions_with_the_margin() -> None:
    sessions = [
        {"id": "a", "start": "2026-04-07T09:00:00+02:00", "end": "2026-04-07T10:00:00+02:00"},
        {"id": "b", "start": "2026-04-08T17:00:00+02:00", "end": "2026-04-08T18:30:00+02:00"},
    ]
    table = zone_table(_doc(sessions))
    assert table["name"] == "Europe/Paris"
    assert table["periods"][0]["from"] == (datetime(2026, 4, 7, 7, tzinfo=UTC) - ZONE_MARGIN).strftime(
        "%Y-%m-%dT%H:%M:%SZ"
    )
    assert table["until"] == (datetime(2026, 4, 8, 16, 30, tzinfo=UTC) + ZONE_MARGIN).strftime(
        "%Y-%m-%dT%H:%M:%SZ"
    )
    outline = split(_doc(sessions))[0]
    assert outline["zone"] == table


def test_no_table_without_sessions_or_with_an_unknown_zone() -> None:
    assert zone_table(_doc([])) is None
    session = {"id": "a", "start": "2026-04-07T09:00:00+00:00", "end": "2026-04-07T10:00:00+00:00"}
    assert zone_table(_doc([session], timezone="Nowhere/City")) is None
    assert "zone" not in split(_doc([]))[0]
