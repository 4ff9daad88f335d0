# ruff: noqa: E501 - command lines read best on one line
"""The command line as a new organizer meets it: commands that work as written, clear errors
(non-zero exit, no traceback) when nothing is imported or the data directory is mistyped,
sessions listed with their ids, a retime that keeps the length."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from webapp import create_app

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "data" / "schedule.json"
NO_SCHEDULE = "no schedule imported yet; run `hallway schedule import SOURCE...`"
READING = [
    ["corrections", "add", "move", "dehegc", "room=junior-stage"],
    ["corrections", "revert", "1"],
    ["corrections", "list"],
    ["venue", "check"],
    ["export", "site", "--public-url", "https://example.org"],
    ["schedule", "show"],
]


def cli(data_dir: Path, *args: str):
    return create_app({"TESTING": True, "DATA_DIR": str(data_dir)}).test_cli_runner().invoke(args=list(args))


@pytest.mark.parametrize("args", READING, ids=lambda a: " ".join(a[:2]))
def test_with_no_schedule_imported_each_command_says_what_to_do(tmp_path, args):
    empty = tmp_path / "data"
    empty.mkdir()
    result = cli(empty, *args)
    assert result.exit_code == 1, result.output
    assert NO_SCHEDULE in result.output
    assert (
        "Traceback" not in result.output
        and result.exception is None
        or isinstance(result.exception, SystemExit)
    )


@pytest.mark.parametrize("args", READING, ids=lambda a: " ".join(a[:2]))
def test_a_mistyped_data_dir_is_refused_not_created(tmp_path, args):
    typo = tmp_path / "dta"
    result = cli(typo, *args)
    assert result.exit_code == 1
    assert f"the data directory {typo} does not exist" in result.output
    assert not typo.exists()


def test_the_hallway_console_script_works_as_written(tmp_path):
    script = Path(sys.executable).parent / "hallway"
    assert script.exists(), "pip install -e . installs the hallway script ([project.scripts])"
    env = {**os.environ, "HALLWAY_DATA_DIR": str(ROOT / "tests" / "fixtures")}
    env.pop("FLASK_APP", None)
    done = subprocess.run([str(script), "schedule", "show", "--file", str(SHIPPED), "--summary"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("PyTorch Conference Europe 2026")
    assert "Central Room [central-room]" in done.stdout


def test_schedule_show_lists_sessions_with_ids_times_and_rooms_filterable(runner):
    result = runner.invoke(args=["schedule", "show", "--room", "main"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "rooms: Main Room [main] (2), Side Room [side] (1)" in lines
    listed = lines[lines.index("2 session(s), times in Europe/Paris:") + 1 :]
    assert [line.split("  ")[:3] for line in listed] == [
        ["s1a2b3", "Tue 2026-04-07 09:00-09:30", "main"],
        ["q4w5e6", "Wed 2026-04-08 10:00-10:45", "main"],
    ]
    day = runner.invoke(args=["schedule", "show", "--day", "2026-04-08", "--search", "KEYNOTE"]).output
    assert [line.split("  ")[0] for line in day.splitlines()[-1:]] == ["q4w5e6"]
    assert runner.invoke(args=["schedule", "show", "--room", "attic"]).exit_code == 1


def test_schedule_show_file_on_something_else_says_so(runner, tmp_path):
    other = tmp_path / "other.json"
    other.write_text('{"name": "not a schedule"}', encoding="utf-8")
    result = runner.invoke(args=["schedule", "show", "--file", str(other)])
    assert result.exit_code == 1
    assert "not a Hallway schedule: no 'event' field" in result.output and "KeyError" not in result.output
    assert "schedule import --dry-run" in result.output


def test_importing_a_toml_file_is_not_called_truncated_json(runner, tmp_path):
    toml = tmp_path / "event.toml"
    toml.write_text('[event]\nname = "MiniCon"\n', encoding="utf-8")
    result = runner.invoke(args=["schedule", "import", str(toml), "--dry-run"])
    assert result.exit_code == 1
    assert "looks like TOML or INI" in result.output and "truncated" not in result.output


def test_venue_check_without_a_venue_file_fails_and_names_the_path(runner, data_dir):
    result = runner.invoke(args=["venue", "check"])
    assert result.exit_code == 1
    assert f"no venue plan: {data_dir / 'venue.json'} does not exist" in result.output
    assert "$HALLWAY_DATA_DIR/venue.json" in runner.invoke(args=["venue", "check", "--help"]).output


def test_a_retime_keeps_the_length_and_outside_the_events_days_is_refused_by_name(runner):
    moved = runner.invoke(
        args=["corrections", "add", "retime", "q4w5e6", "start=2026-04-08T10:10:00+02:00", "--force"]
    )
    assert moved.exit_code == 0, moved.output
    assert "end 2026-04-08T10:45:00+02:00 -> 2026-04-08T10:55:00+02:00" in moved.output
    away = runner.invoke(args=["corrections", "add", "retime", "q4w5e6", "start=2026-04-10T10:00:00+02:00"])
    assert away.exit_code == 1
    assert "hours clash: 'Day Two Keynote' would be on 2026-04-10, not one of the event's days" in away.output


def test_list_shows_each_correction_under_the_title_it_had(runner):
    runner.invoke(args=["corrections", "add", "cancel", "q4w5e6"])
    runner.invoke(args=["corrections", "add", "edit", "q4w5e6", "title=Renamed"])
    listed = runner.invoke(args=["corrections", "list"]).output.splitlines()
    assert "v1 cancel: Day Two Keynote: status confirmed -> cancelled" in listed[0]
    assert "v2 edit: Day Two Keynote: title Day Two Keynote -> Renamed" in listed[1]


def test_reverting_a_reverted_correction_names_the_version_that_reverted_it(runner):
    runner.invoke(args=["corrections", "add", "cancel", "q4w5e6"])
    assert runner.invoke(args=["corrections", "revert", "1"]).exit_code == 0
    again = runner.invoke(args=["corrections", "revert", "1"])
    assert again.exit_code == 1
    assert "version 1 was already reverted by version 2" in again.output


def test_the_imported_schedule_is_readable_like_other_files(runner, tmp_path):
    out = tmp_path / "fresh" / "schedule.json"
    source = sorted((ROOT / "data" / "sources").glob("*.txt"))[0]
    result = runner.invoke(args=["schedule", "import", str(source), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert stat.S_IMODE(out.stat().st_mode) == 0o644  # mkstemp alone gives 0600
    assert json.loads(out.read_text(encoding="utf-8"))["sessions"]


def test_the_documented_correction_examples_work_as_written_on_the_shipped_schedule(tmp_path):
    import shlex
    import shutil

    readme = (ROOT / "docs" / "corrections.md").read_text(encoding="utf-8")
    examples = [
        shlex.split(line.strip(), comments=True)[1:]
        for line in readme.splitlines()
        if line.startswith("    .venv/bin/hallway corrections add ")
    ]
    assert len(examples) >= 6
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(SHIPPED, data / "schedule.json")
    from webapp.domain.timeutil import parse_iso

    before = parse_iso("2026-03-01T09:00:00+01:00")  # as an organizer preparing the event would
    app = create_app({"TESTING": True, "DATA_DIR": str(data), "CLOCK": lambda: before})
    for args in examples:
        result = app.test_cli_runner().invoke(args=args)
        assert result.exit_code == 0, (args, result.output)
