"""Where the venue is kept: its version, the documents saves replaced, the plans' names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from webapp.venue import store


def doc(n: int) -> str:
    return json.dumps({"floors": [{"id": "g", "name": f"Ground {n}", "width": 1, "height": 1}]})


def test_each_save_is_the_next_version_and_the_last_twenty_replaced_documents_are_kept(tmp_path: Path):
    assert store.version(tmp_path) == 0
    for n in range(25):
        assert store.save(tmp_path, doc(n), n) == n + 1
    assert store.version(tmp_path) == 25
    kept = sorted(int(p.name.split(".")[1]) for p in (tmp_path / "venue" / "history").iterdir())
    assert kept == list(range(5, 25))  # version 24's document replaced by the 25th save, and so on
    assert (
        json.loads((tmp_path / "venue" / "history" / "venue.24.json").read_text())["floors"][0]["name"]
        == "Ground 23"
    )
    assert not [p for p in (tmp_path).rglob(".tmp-*")]  # no temporary file left behind


def test_a_save_from_another_version_changes_nothing(tmp_path: Path):
    store.save(tmp_path, doc(1), 0)
    before = (tmp_path / "venue.json").read_bytes()
    with pytest.raises(store.VersionMismatch) as refused:
        store.save(tmp_path, doc(2), 0)
    assert refused.value.current == 1
    assert (tmp_path / "venue.json").read_bytes() == before


def test_a_venue_json_written_by_hand_before_any_save_is_version_one(tmp_path: Path):
    (tmp_path / "venue.json").write_text(doc(0), encoding="utf-8")
    assert store.version(tmp_path) == 1
    assert store.save(tmp_path, doc(1), 1) == 2


@pytest.mark.parametrize(
    "name", ["x.webp", "plan-0123.webp", "plan-0123456789abcdef.png", "../plan-0123456789abcdef.webp"]
)
def test_only_the_servers_own_names_are_kept(tmp_path: Path, name: str):
    with pytest.raises(ValueError):
        store.keep_plan(tmp_path, name, b"bytes")
