"""The outline's sessions and speakers as columns (webapp/serving/columns.py): read back to the
very rows they were made from, ids as they were, and smaller than the rows once compressed.
The app's own reading of them (static/js/data/columns.js) is checked against the same rows in
tests/e2e/attendee/test_outline_columns_read_as_rows.py."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tests.conftest import shared_or_skip
from webapp.domain.serialize import schedule_from_dict
from webapp.serving import columns
from webapp.serving.published import build
from webapp.web.codings import encode

ROOT = Path(__file__).resolve().parents[3]


def rows_of(doc: dict) -> dict:
    """The outline as rows, as texts.split made it before the columns."""
    return {
        **doc,
        "speakers": [{k: v for k, v in p.items() if k != "bio"} for p in doc["speakers"]],
        "sessions": [{k: v for k, v in s.items() if k != "description"} for s in doc["sessions"]],
    }


def shipped() -> dict:
    raw = json.loads((ROOT / "data" / "schedule.json").read_text("utf-8"))
    return rows_of(build(schedule_from_dict(raw), 4, store_id="s", stamp="0" * 12).doc)


# Rows no importer writes but a hand-edited schedule file or a future field could hold.
ODD = {
    "version": 2,
    "event": {"name": "Odd"},
    "speakers": [
        {"id": "ada", "name": "Ada", "bio_truncated": False},
        {"id": "bob", "name": "Bob", "bio_truncated": True, "guid": "g-1"},
        {"id": "ada", "name": "Ada again", "bio_truncated": False},  # a duplicate id: kept as a row
    ],
    "sessions": [
        {
            "id": "a1",
            "title": "Z",
            "start": "2026-03-29T01:30:00+01:00",
            "end": "2026-03-29T03:30:00+02:00",
            "speakers": ["bob", "nobody", "ada"],
            "room": "r1",
            "level": 1,
        },
        {
            "id": "a2",
            "title": "Y",
            "start": "2026-03-28T23:00:00Z",
            "end": "2026-03-29T00:10:00Z",
            "speakers": [],
            "room": None,
            "level": True,
            "links": [{"url": "https://x.example/", "title": "x"}],
        },
        {
            "id": "a3",
            "title": "X",
            "start": "2026-03-30T09:00:00+02:00",
            "end": "2026-03-30T09:00:00+02:00",
            "speakers": ["ada"],
            "room": "r1",
            "level": 1.0,
            "language": "fr",
        },
    ],
}


def test_the_rows_come_back_exactly_from_the_shipped_event() -> None:
    outline = shipped()
    assert columns.expand(json.loads(json.dumps(columns.encode(outline)))) == outline


def test_rows_with_odd_values_and_missing_keys_come_back_exactly() -> None:
    outline = copy.deepcopy(ODD)
    made = json.loads(json.dumps(columns.encode(outline)))
    assert columns.expand(made) == ODD
    assert made["sessions"]["absent"] == {"links": [0, 2], "language": [0, 1]}
    # An id the speakers' table lacks is kept as the id; the others are rows of that table.
    assert made["sessions"]["keys"]["speakers"]["lists"] == [[1, "nobody", 0], [], [0]]


def test_times_off_the_whole_minute_stay_as_they_were() -> None:
    outline = copy.deepcopy(ODD)
    outline["sessions"][1]["start"] = "2026-03-28T23:00:30Z"
    made = columns.encode(outline)
    assert made["sessions"]["keys"]["start"] == [s["start"] for s in outline["sessions"]]
    assert isinstance(made["sessions"]["keys"]["end"], list)  # its minutes would count from that start
    assert columns.expand(json.loads(json.dumps(made))) == outline


def test_ids_people_see_are_never_renumbered() -> None:
    outline = shipped()
    made = columns.encode(outline)
    assert made["sessions"]["keys"]["id"] == [s["id"] for s in outline["sessions"]]
    assert made["speakers"]["keys"]["id"] == [p["id"] for p in outline["speakers"]]
    rooms = made["sessions"]["keys"]["room"]
    assert set(rooms["values"]) == {s["room"] for s in outline["sessions"]}


def test_an_outline_without_columns_is_read_as_it_is() -> None:
    assert columns.expand(ODD) is ODD


@pytest.mark.parametrize("coding", ["br", "gzip"])
def test_the_columns_are_smaller_on_the_wire_than_the_rows(coding) -> None:
    outline = shipped()

    def size(doc: dict) -> int:
        return len(encode(json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode(), coding))

    assert size(columns.encode(outline)) < size(outline) * 0.95


def test_a_real_congress_export_comes_back_exactly() -> None:
    from webapp.importers.merge import merge
    from webapp.importers.sources import parse_source

    source = shared_or_skip("specs", "realworld", "39c3.xml")
    schedule, _ = merge([parse_source(source.read_bytes(), source.name)])
    outline = rows_of(build(schedule, 1, store_id="s", stamp="0" * 12).doc)
    made = json.loads(json.dumps(columns.encode(outline)))
    assert columns.expand(made) == outline
