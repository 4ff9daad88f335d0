"""Track colours: the source's where it gives them (frab/pretalx JSON, Indico session blocks),
checked as CSS hex colours or dropped, kept through the stored file and our own frab export."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from tests.conftest import FIXTURES
from tests.unit.importers.test_frab_json import _minimal
from webapp.domain.model import Schedule, Track
from webapp.domain.serialize import schedule_from_dict, schedule_to_dict
from webapp.exports.frab import to_schedule_json
from webapp.importers.merge import Overrides, merge
from webapp.importers.sources import parse_source


def _frab(tracks: list[dict[str, Any]]) -> dict[str, Any]:
    """A frab file with one talk per track, each track declared as given."""
    doc = _minimal()
    conf = doc["schedule"]["conference"]
    first = conf["days"][0]["rooms"]["Hall"][0]
    conf["days"][0]["rooms"]["Hall"] = [
        {
            **first,
            "guid": f"{first['guid'][:-1]}{n}",
            "id": n,
            "date": f"2026-04-07T0{n}:00:00+02:00",
            "title": f"Talk {n}",
            "track": t["name"],
        }
        for n, t in enumerate(tracks, start=1)
    ]
    conf["tracks"] = tracks
    return doc


def imported(doc: dict[str, Any], name: str = "pretalx.json") -> Schedule:
    schedule, _ = merge([parse_source(json.dumps(doc).encode(), name)], Overrides())
    return schedule


def colors(schedule: Schedule) -> dict[str, str | None]:
    return {t.name: t.color for t in schedule.tracks}


def test_frab_json_track_colours_are_imported_as_lowercase_hex() -> None:
    doc = _frab(
        [
            {"name": "Rust", "slug": "rust", "color": "#CE412B"},
            {"name": "Security", "color": "#0a0"},
            {"name": "Community"},
        ]
    )
    assert colors(imported(doc)) == {"Community": None, "Rust": "#ce412b", "Security": "#00aa00"}


@pytest.mark.parametrize(
    "bad", ["red", "#12345", "#ggg", "rgb(1,2,3)", "#12345678", "", None, 12, "url(x)", "#abc;color:red"]
)
def test_a_track_colour_that_is_not_a_css_hex_colour_is_dropped_and_the_track_kept(bad: Any) -> None:
    schedule = imported(_frab([{"name": "Rust", "color": bad}]))
    assert colors(schedule) == {"Rust": None}
    assert len(schedule.sessions) == 1


def test_indico_session_block_colour_becomes_its_tracks_colour() -> None:
    timetable = json.loads((FIXTURES / "indico_timetable.json").read_text(encoding="utf-8"))
    doc = copy.deepcopy(timetable)
    days = next(iter(doc["results"].values()))
    blocks = [e for day in days.values() for e in day.values() if e.get("entryType") == "Session"]
    blocks[0]["color"] = "#E3F2D3"
    schedule, _ = merge(
        [parse_source(json.dumps(doc).encode(), "timetable.json")], Overrides(event_name="Con")
    )
    assert colors(schedule)[blocks[0]["title"]] == "#e3f2d3"


def test_track_colour_survives_the_stored_file_and_our_frab_export() -> None:
    schedule = imported(_frab([{"name": "Rust", "color": "#ce412b"}, {"name": "Go"}]))
    stored = schedule_from_dict(json.loads(json.dumps(schedule_to_dict(schedule))))
    assert colors(stored) == {"Go": None, "Rust": "#ce412b"}
    assert "color" not in schedule_to_dict(schedule)["tracks"][0]  # Go: no colour, no field
    again = imported(to_schedule_json(stored, "https://example.org"), "schedule.json")
    assert colors(again) == {"Go": None, "Rust": "#ce412b"}


def test_a_stored_file_with_a_broken_colour_still_loads_without_it() -> None:
    doc = schedule_to_dict(imported(_frab([{"name": "Rust"}])))
    doc["tracks"][0]["color"] = "javascript:alert(1)"
    assert colors(schedule_from_dict(doc)) == {"Rust": None}


def test_track_refuses_a_colour_not_in_canonical_form() -> None:
    with pytest.raises(ValueError, match="not #rrggbb"):
        Track("rust", "Rust", "#CE412B")
