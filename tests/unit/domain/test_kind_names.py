"""Kinds are named for people once, in webapp.domain.kinds: the app (through the outline's
`kind_names`), calendar categories and door signs agree, and the stored schedule keeps the
source's own word."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime

import icalendar
import pytest

from tests.conftest import FIXTURES
from webapp.domain.interchange import ICAL_KIND
from webapp.domain.kinds import kind_name, kind_names
from webapp.domain.serialize import schedule_from_dict
from webapp.exports import ical, signs
from webapp.serving.columns import expand
from webapp.serving.texts import split

STAMP = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("raw", "name"),
    [
        ("maintrack", "Main track talk"),
        ("devroom", "Devroom talk"),
        ("lightningtalk", "Lightning talk"),
        ("keynote", "Keynote"),
        ("workshop", "Workshop"),
        ("tutorial", "Tutorial"),
        ("hands_on", "Hands on"),
        ("Lightning Talk", "Lightning Talk"),
        ("Q&A", "Q&A"),
    ],
)
def test_a_kind_is_shown_by_its_human_name_else_as_the_source_wrote_it(raw: str, name: str) -> None:
    assert kind_name(raw) == name


def test_the_outline_names_only_the_kinds_given_as_machine_words() -> None:
    sessions = [
        {
            "id": f"s{n}",
            "start": "2026-04-07T09:00:00+02:00",
            "end": "2026-04-07T10:00:00+02:00",
            "kind": kind,
        }
        for n, kind in enumerate(["maintrack", "devroom", "maintrack", "Lightning Talk", None])
    ]
    doc = {
        "version": 1,
        "store": "x",
        "event": {"name": "E", "timezone": "Europe/Paris"},
        "sessions": sessions,
        "speakers": [],
    }
    outline = expand(split(doc)[0])
    assert outline["kind_names"] == {"devroom": "Devroom talk", "maintrack": "Main track talk"}
    assert [s["kind"] for s in outline["sessions"]][:2] == ["maintrack", "devroom"]  # the raw word stays
    assert kind_names(["Talk", "Lightning Talk"]) == {}


def test_calendars_and_door_signs_name_the_kind_as_the_app_does() -> None:
    doc = json.loads((FIXTURES / "mini_schedule.json").read_text(encoding="utf-8"))
    doc["sessions"][0]["kind"] = "maintrack"
    schedule = schedule_from_dict(doc)
    data = ical.calendar(
        schedule, schedule.sessions[:1], title="MiniCon", app_url="https://x.org/", stamp=STAMP
    )
    event = next(iter(icalendar.Calendar.from_ical(data).walk("VEVENT")))
    assert [str(c) for c in event["CATEGORIES"].cats] == ["Main track talk"]
    assert str(event[ICAL_KIND]) == "maintrack"  # our own importer reads the source's word back
    sign = signs.sign(schedule, schedule.room("main"), date(2026, 4, 7))
    assert sign.sessions[0].kind == "Main track talk"
