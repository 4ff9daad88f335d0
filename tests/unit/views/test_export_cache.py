"""Calendars are built once per schedule version and URL, not once per request."""

from __future__ import annotations

from webapp.exports import ical
from webapp.serving import runtime
from webapp.serving.writes import publish


def _count_builds(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = ical.calendar

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(ical, "calendar", counting)
    return calls


def test_whole_event_calendar_is_built_once_per_version(app, client, monkeypatch) -> None:
    calls = _count_builds(monkeypatch)
    first = client.get("/schedule.ics").data
    assert client.get("/schedule.ics").data == first
    assert len(calls) == 1
    with app.app_context():
        publish(runtime(app), {"kind": "move", "session": "s1a2b3", "room": "side", "force": True})
    moved = client.get("/schedule.ics").data
    assert len(calls) == 2 and moved != first


def test_calendar_with_a_query_string_is_built_each_time_and_never_kept(client, monkeypatch) -> None:
    calls = _count_builds(monkeypatch)
    for i in range(3):
        assert client.get(f"/schedule.ics?alarm=10&x={i}").status_code == 200
    assert len(calls) == 3


def test_cached_calendar_still_answers_not_modified(client) -> None:
    etag = client.get("/room/main.ics").headers["ETag"]
    assert client.get("/room/main.ics", headers={"If-None-Match": etag}).status_code == 304
