"""`hallway venue import-osm FILE [--write]`: the report, and venue.json written only when asked
and accepted, the one it replaces kept."""

import json
from pathlib import Path

from tests.unit.views.test_api_venue_osm import campus_rooms

FIXTURE = str(Path(__file__).parents[2] / "fixtures" / "osm" / "campus.osm")


def test_a_dry_run_prints_the_report_and_writes_nothing(runner, data_dir) -> None:
    campus_rooms(data_dir)
    (data_dir / "venue.json").write_text('{"floors": []}')
    result = runner.invoke(args=["venue", "import-osm", FIXTURE])
    assert "matched 1 of 2 schedule room(s):" in result.output
    assert "K.0.101 (Auditorium) = way/110 (ref K.0.101) on K-0" in result.output
    assert "schedule rooms not on the map (1): Janson" in result.output
    assert "Toilets (way/123)" in result.output
    assert (data_dir / "venue.json").read_text() == '{"floors": []}'
    assert [p.name for p in data_dir.glob("venue*")] == ["venue.json"]


def test_write_keeps_the_replaced_venue_and_writes_one_the_venue_check_accepts(runner, data_dir) -> None:
    campus_rooms(data_dir)
    old = json.dumps(
        {"notes": "Ask at the desk.", "floors": [{"id": "f", "name": "F", "width": 9, "height": 9}]}
    )
    (data_dir / "venue.json").write_text(old)
    result = runner.invoke(args=["venue", "import-osm", FIXTURE, "--write"])
    assert result.exit_code == 0, result.output
    backups = list(data_dir.glob("venue.json.bak-*"))
    assert [b.read_text() for b in backups] == [old]
    written = json.loads((data_dir / "venue.json").read_text())
    assert written["notes"] == "Ask at the desk."
    assert [f["id"] for f in written["floors"]] == ["H-0", "K-0", "K-1"]
    check = runner.invoke(args=["venue", "check"])
    assert check.exit_code == 0, check.output
    assert "3 floor(s), 1 of 2 rooms on the plan" in check.output


def test_a_city_sized_file_is_refused_and_changes_nothing(runner, data_dir, tmp_path) -> None:
    campus_rooms(data_dir)
    (data_dir / "venue.json").write_text('{"floors": []}')
    city = tmp_path / "city.osm"
    nodes = "".join(
        f"<node id='{i}' lat='50' lon='4'><tag k='indoor' v='room'/></node>" for i in range(20_001)
    )
    city.write_text(f"<osm version='0.6'>{nodes}</osm>")
    result = runner.invoke(args=["venue", "import-osm", str(city), "--write"])
    assert result.exit_code == 1
    assert "refused: this file has more than 20,000 nodes" in result.output
    assert [p.name for p in data_dir.glob("venue*")] == ["venue.json"]
    assert (data_dir / "venue.json").read_text() == '{"floors": []}'


def test_a_plan_that_breaks_the_venues_rules_is_not_written(runner, data_dir) -> None:
    campus_rooms(data_dir)
    old = '{"walking": {"speed": -1}, "floors": []}'
    (data_dir / "venue.json").write_text(old)
    result = runner.invoke(args=["venue", "import-osm", FIXTURE, "--write"])
    assert result.exit_code == 1
    assert "matched 1 of 2 schedule room(s):" in result.output  # the report first
    assert "breaks the venue's rules; nothing written" in result.output
    assert "walking" in result.output
    assert (data_dir / "venue.json").read_text() == old
    assert [p.name for p in data_dir.glob("venue*")] == ["venue.json"]
