"""Sched's API export (session/export JSON)."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from webapp.importers import sched_api
from webapp.importers.merge import Overrides, merge
from webapp.importers.raw import SourceError

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "sched_api.json"


def parse(text: str | None = None):
    return sched_api.parse(text if text is not None else FIXTURE.read_text(encoding="utf-8"), "export.json")


def test_export_gives_active_sessions_with_naive_local_times():
    page = parse()
    assert [s.title for s in page.sessions] == ["Lightning Talk: Fast Tables", "Open Data in 2031"]
    fast = page.sessions[0]
    assert (fast.kind, fast.start, fast.end) == (
        "Lightning Talk",
        datetime(2031, 6, 2, 9, 30),
        datetime(2031, 6, 2, 9, 40),
    )
    assert (fast.room, fast.track, fast.level) == ("Blue Room", "Data Systems", "Beginner")


def test_export_description_html_becomes_paragraphs_of_text():
    assert parse().sessions[0].description == ("Tables, but fast.", "Second paragraph <script>.")


def test_export_speakers_keep_company_role_and_truncation():
    ana, bo = parse().sessions[0].speakers
    assert (ana.name, ana.role, ana.company, ana.bio_truncated) == ("Ana Sousa", "Engineer", "Tabular", True)
    assert (bo.name, bo.company, bo.bio) == ("Bo Li", "Data Co", None)


def test_export_needs_timezone_from_the_command_line_and_is_named_after_its_file_without_event_name():
    with pytest.raises(SourceError, match="--timezone"):
        merge([parse()])
    unnamed, warnings = merge([parse()], Overrides(timezone="Europe/Lisbon"))
    assert unnamed.event.name == "export.json"  # "export" alone says nothing: the whole file name
    assert any("export.json does not name the event" in w for w in warnings)
    schedule, _ = merge([parse()], Overrides(event_name="MiniConf 2031", timezone="Europe/Lisbon"))
    assert schedule.sessions[0].start.isoformat() == "2031-06-02T09:30:00+01:00"


@pytest.mark.parametrize(
    "doc, message",
    [
        ({"name": "x"}, "expected a JSON list"),
        (
            [{"name": "x", "event_start": "2031-06-02 10:00"}],
            r"none of its 1 session\(s\) could be read; the first: export\.json, session #1 \('x'\): "
            "missing or empty event_end",
        ),
        ([{"name": "x", "event_start": "soon", "event_end": "later"}], "unreadable time 'soon'"),
        ([["not", "an", "object"]], "session #1: not an object but list"),
    ],
)
def test_export_of_the_wrong_shape_or_with_no_readable_session_is_refused_saying_the_first(doc, message):
    with pytest.raises(SourceError, match=message):
        parse(json.dumps(doc))


def test_truncated_export_is_refused_with_its_line():
    text = FIXTURE.read_text(encoding="utf-8")
    with pytest.raises(SourceError, match=r"export\.json, line \d+: not valid JSON"):
        parse(text[: len(text) // 2])
