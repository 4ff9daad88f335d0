"""`schedule import` from URLs (mixed with files) and `schedule follow` on the command line:
exit codes and messages, the export after a change, one follower per data directory."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from webapp import create_app
from webapp.importers.follow_state import Lead

SOURCES = Path(__file__).resolve().parents[3] / "data" / "sources"
SEEDS = sorted(SOURCES.glob("*.txt"))
TEXT = SEEDS[1].read_text(encoding="utf-8")


@pytest.fixture
def cli(tmp_path: Path):
    data_dir = tmp_path / "data"
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "FETCH_TIMEOUT": 0.5})
    runner = app.test_cli_runner()
    return lambda *args: runner.invoke(args=["schedule", *map(str, args)])


def sessions(tmp_path: Path) -> list[dict]:
    return json.loads((tmp_path / "data" / "schedule.json").read_text(encoding="utf-8"))["sessions"]


def test_import_reads_a_url_beside_files_as_it_reads_files(cli, source, tmp_path) -> None:
    result = cli("import", source.url, SEEDS[4])
    assert result.exit_code == 0, result.output
    from_url = {s["title"] for s in sessions(tmp_path)}
    assert cli("import", SEEDS[1], SEEDS[4]).exit_code == 0
    assert {s["title"] for s in sessions(tmp_path)} == from_url
    assert source.requests[0]["User-Agent"].startswith("Hallway")


@pytest.mark.parametrize(
    ("how", "said"),
    [("404", "HTTP 404 Not Found"), ("stall", "no answer within 0.5 s"), ("garbage", "not a schedule")],
)
def test_import_of_a_bad_url_names_it_and_writes_nothing(cli, source, tmp_path, how, said) -> None:
    if how == "stall":
        source.stall = True
    elif how == "garbage":
        source.set(b"Please log in to see this page.")
    else:
        source.status = int(how)
    result = cli("import", source.url)
    assert result.exit_code == 1 and said in result.output
    assert "/schedule?…" in result.output and "SECRET" not in result.output
    assert not (tmp_path / "data" / "schedule.json").exists()


def test_follow_once_imports_then_a_second_run_costs_one_304(cli, source, tmp_path) -> None:
    first = cli("follow", source.url, "--once")
    assert first.exit_code == 0, first.output
    assert "Changed: wrote" in first.output
    again = cli("follow", source.url, "--cycles", "2", "--interval", "0.01")
    assert again.exit_code == 0, again.output
    assert again.output.count("unchanged (1 conditional request(s), nothing imported)") == 2
    assert source.not_modified == 2


def test_follow_once_fails_with_exit_1_and_keeps_the_schedule(cli, source, tmp_path) -> None:
    assert cli("follow", source.url, "--once").exit_code == 0
    good = (tmp_path / "data" / "schedule.json").read_bytes()
    source.status = 500
    result = cli("follow", source.url, "--once")
    assert result.exit_code == 1
    assert "HTTP 500" in result.output and "the last good schedule is kept" in result.output
    assert (tmp_path / "data" / "schedule.json").read_bytes() == good


def test_follow_exports_the_static_site_after_a_change_only(cli, source, tmp_path) -> None:
    site = tmp_path / "site"
    result = cli("follow", source.url, "--once", "--export", site)
    assert "--public-url" in result.output or "HALLWAY_PUBLIC_URL" in result.output  # said, not fatal
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "data"), "PUBLIC_URL": "https://e.example"})
    follow = app.test_cli_runner().invoke
    source.set(TEXT.replace("TorchStore", "TorchStores").encode())
    done = follow(args=["schedule", "follow", source.url, "--once", "--export", str(site)])
    assert done.exit_code == 0, done.output
    feed = json.loads((site / "api" / "v1" / "schedule.json").read_text(encoding="utf-8"))
    assert any(s["title"].startswith("TorchStores") for s in feed["sessions"])
    stamp = (site / "api" / "v1" / "schedule.json").stat().st_mtime_ns
    done = follow(args=["schedule", "follow", source.url, "--once", "--export", str(site)])
    assert "unchanged" in done.output and (site / "api" / "v1" / "schedule.json").stat().st_mtime_ns == stamp


def test_a_second_follower_of_one_data_directory_is_refused(cli, source, tmp_path) -> None:
    lead = Lead(tmp_path / "data")
    assert lead.acquire()
    try:
        result = cli("follow", source.url, "--once")
        assert result.exit_code == 1 and "already follows" in result.output
        assert source.requests == []
    finally:
        lead.release()
    assert cli("follow", source.url, "--once").exit_code == 0


def test_follow_without_sources_needs_a_plan(cli) -> None:
    result = cli("follow", "--once")
    assert result.exit_code == 2 and "HALLWAY_FOLLOW" in result.output


def test_import_of_a_url_answering_304_to_a_plain_get_names_it_without_a_traceback(
    cli, source, tmp_path
) -> None:
    source.status = 304
    result = cli("import", source.url)
    assert result.exit_code == 1, result.output
    assert "/schedule?…" in result.output and "304" in result.output and "SECRET" not in result.output
    assert "Traceback" not in result.output and not isinstance(result.exception, AssertionError)
    assert not (tmp_path / "data" / "schedule.json").exists()
