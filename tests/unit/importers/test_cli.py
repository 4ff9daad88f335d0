"""`flask schedule import` and `flask schedule show`: ids kept across imports, bad input
refused with the file's name and nothing written."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import shared_or_skip
from webapp.importers import frab_json

SOURCES = Path(__file__).resolve().parents[3] / "data" / "sources"
SEEDS = sorted(SOURCES.glob("*.txt"))
ADVANCED, INTERMEDIATE, DETAIL, FRAGMENT, TRAINING = SEEDS
SHIPPED = Path(__file__).resolve().parents[3] / "data" / "schedule.json"


def run(runner, *args: object):
    return runner.invoke(args=["schedule", *map(str, args)])


def sessions_by_title(path: Path) -> dict[str, dict]:
    return {s["title"]: s for s in json.loads(path.read_text(encoding="utf-8"))["sessions"]}


def test_import_of_the_seeds_writes_the_schedule_to_the_data_dir(runner, data_dir):
    result = run(runner, "import", *SEEDS)
    assert result.exit_code == 0, result.output
    assert "28 sessions" in result.output
    doc = json.loads((data_dir / "schedule.json").read_text(encoding="utf-8"))
    assert doc["event"]["name"] == "PyTorch Conference Europe 2026"
    assert len(doc["sessions"]) == 28
    assert doc["sessions"][0]["sources"]  # provenance is stored


def test_shipped_schedule_is_the_import_of_the_shipped_sources(runner, tmp_path):
    out = tmp_path / "schedule.json"
    out.write_bytes(SHIPPED.read_bytes())
    assert run(runner, "import", *SEEDS, "--out", out).exit_code == 0
    assert out.read_bytes() == SHIPPED.read_bytes()


def test_importing_the_same_sources_twice_keeps_every_id_and_every_byte(runner, tmp_path):
    out = tmp_path / "s.json"
    assert run(runner, "import", *SEEDS, "--out", out).exit_code == 0
    first = out.read_bytes()
    result = run(runner, "import", *SEEDS, "--out", out)
    assert result.exit_code == 0 and "28 ids kept" in result.output
    assert out.read_bytes() == first


def test_session_moved_to_another_room_and_time_keeps_its_id(runner, tmp_path):
    out = tmp_path / "s.json"
    assert run(runner, "import", INTERMEDIATE, "--out", out).exit_code == 0
    before = sessions_by_title(out)
    text = INTERMEDIATE.read_text(encoding="utf-8")
    old_slot = "Tuesday April 7, 2026 16:10 - 16:35 CEST\nMaster Stage"
    assert text.count(old_slot) == 1  # TorchStore's closing lines
    moved = text.replace(old_slot, "Tuesday April 7, 2026 17:10 - 17:35 CEST\nCentral Room")
    moved = moved.replace(
        "Tuesday April 7, 2026 16:10 - 16:35 CEST\nAsynchronous",
        "Tuesday April 7, 2026 17:10 - 17:35 CEST\nAsynchronous",
    )
    moved = moved.replace(
        "Why Your Forecasting Transformer Isn’t", "Why Your Forecasting Transformers Aren’t"
    )
    updated = tmp_path / INTERMEDIATE.name
    updated.write_text(moved, encoding="utf-8")
    assert run(runner, "import", updated, "--out", out).exit_code == 0
    after = sessions_by_title(out)
    torchstore = next(t for t in after if t.startswith("TorchStore"))
    assert after[torchstore]["start"] == "2026-04-07T17:10:00+02:00"
    assert after[torchstore]["room"] == "central-room"
    assert after[torchstore]["id"] == before[torchstore]["id"]
    renamed = next(t for t in after if t.startswith("Lightning Talk: Why Your Forecasting Transformers"))
    old = next(t for t in before if t.startswith("Lightning Talk: Why Your"))
    assert after[renamed]["id"] == before[old]["id"]
    assert {s["id"] for s in after.values()} == {s["id"] for s in before.values()}


def test_new_session_in_an_update_gets_a_new_id_and_the_others_keep_theirs(runner, tmp_path):
    out = tmp_path / "s.json"
    assert run(runner, "import", ADVANCED, "--out", out).exit_code == 0
    before = {s["id"] for s in sessions_by_title(out).values()}
    assert run(runner, "import", ADVANCED, TRAINING, "--out", out).exit_code == 0
    after = {s["id"] for s in sessions_by_title(out).values()}
    assert before < after and len(after) == 11


def test_show_summarizes_the_served_schedule(runner):
    result = run(runner, "show")
    assert result.exit_code == 0
    assert "MiniCon 2026" in result.output and "sessions: 3" in result.output


def _bad_sources(tmp: Path) -> dict[str, tuple[list[Path], str]]:
    def write(name: str, data: str | bytes) -> Path:
        path = tmp / name
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
        return path

    text = INTERMEDIATE.read_text(encoding="utf-8")
    other = TRAINING.read_text(encoding="utf-8").replace("PyTorch Conference Europe 2026", "Other Con")
    return {
        "empty": ([write("empty.txt", "")], r"empty\.txt: the file is empty"),
        "blank": ([write("blank.txt", " \n\n")], r"blank\.txt: the file is empty"),
        "another kind": ([SOURCES / "README.md"], r"README\.md: not a schedule this importer reads"),
        # One short sentence, as every file of a kind the app does not read gets.
        "html of another site": (
            [write("x.html", "<html><head><title>Our schedule</title></head><body>hi</body></html>")],
            r"x\.html: not a schedule this importer reads: it reads Sched, frab, pretalx, ",
        ),
        "a sched page without sessions": (
            [write("s.html", '<html><body><div class="sched-container">Loading</div></body></html>')],
            r"s\.html: a Sched page with no sessions on it",
        ),
        "truncated": ([write("cut.txt", text[:3000])], r"cut\.txt, line 37: .*truncated"),
        "garbled binary": ([write("bin.txt", b"\x89PNG\r\n\x1a\n\x00\x00")], r"bin\.txt: not UTF-8"),
        "truncated json": (
            [write("cut.json", '[{"name": "x",\n "event_start": ')],
            r"cut\.json, line 2: not valid JSON",
        ),
        "json of another shape": ([write("o.json", '{"talks": []}')], r"o\.json: JSON of an unknown shape"),
        "pretalx's widget data": (
            [write("w.json", '{"talks": [], "rooms": [], "speakers": [], "version": "0.1"}')],
            r"w\.json: this is pretalx's schedule widget data .* export the event's schedule/export/",
        ),
        "sched export missing fields": (
            [write("e.json", '[{"name": "x", "event_start": "2026-04-07 10:00"}]')],
            r"e\.json: none of its 1 session\(s\) could be read; the first: e\.json, session #1 \('x'\)",
        ),
        "frab json failing its shape": ([write("f.json", '{"schedule": {"conference": 3}}')], r"f\.json: "),
        "different events": (
            [ADVANCED, write("other.txt", other)],
            r"other\.txt: is for 'Other Con'.*different events",
        ),
        "no sessions": ([FRAGMENT], r"003_e30430de5c212814\.txt: no sessions with a title"),
        "detail page alone": ([DETAIL], r"no sessions with a title"),
        "missing file": ([tmp / "nope.txt"], r"nope\.txt: cannot read"),
    }


BAD_CASES = [
    "empty",
    "blank",
    "another kind",
    "html of another site",
    "a sched page without sessions",
    "truncated",
    "garbled binary",
    "truncated json",
    "json of another shape",
    "pretalx's widget data",
    "sched export missing fields",
    "frab json failing its shape",
    "different events",
    "no sessions",
    "detail page alone",
    "missing file",
]


@pytest.mark.parametrize("case", BAD_CASES)
def test_bad_input_stops_with_the_file_named_and_writes_nothing(runner, data_dir, tmp_path, case):
    cases = _bad_sources(tmp_path)
    assert sorted(cases) == sorted(BAD_CASES)
    sources, message = cases[case]
    target = data_dir / "schedule.json"
    before = target.read_bytes()
    result = run(runner, "import", *sources)
    assert result.exit_code != 0
    assert "Traceback" not in result.output
    assert re.search(message, result.output), result.output
    assert target.read_bytes() == before
    assert sorted(p.name for p in data_dir.iterdir()) == ["schedule.json"]  # no temp file left


def test_unknown_timezone_option_is_refused_and_writes_nothing(runner, data_dir):
    before = (data_dir / "schedule.json").read_bytes()
    result = run(runner, "import", ADVANCED, "--timezone", "Mars/Olympus")
    assert result.exit_code != 0 and "unknown timezone 'Mars/Olympus'" in result.output
    assert (data_dir / "schedule.json").read_bytes() == before


def test_unreadable_previous_schedule_is_not_overwritten_since_its_ids_would_be_lost(runner, tmp_path):
    out = tmp_path / "s.json"
    out.write_text("{broken", encoding="utf-8")
    result = run(runner, "import", ADVANCED, "--out", out)
    assert result.exit_code != 0 and "ids must be kept" in result.output
    assert out.read_text(encoding="utf-8") == "{broken"


def test_dry_run_summarizes_and_writes_nothing(runner, tmp_path):
    out = tmp_path / "s.json"
    result = run(runner, "import", *SEEDS, "--out", out, "--dry-run")
    assert result.exit_code == 0 and "Would write" in result.output and "sessions: 28" in result.output
    assert not out.exists()


@pytest.mark.parametrize("example", ["frab-camp2019.json", "pretalx-democon.json"])
def test_frab_example_imports_through_the_same_command_keeping_its_own_ids(runner, tmp_path, example):
    path = shared_or_skip("specs", example)
    expected = frab_json.parse(path.read_text(encoding="utf-8"), example)
    out = tmp_path / "s.json"
    result = run(runner, "import", path, "--out", out)
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["event"]["timezone"] == expected.event.timezone
    got = {s["id"]: s["start"] for s in doc["sessions"]}
    assert got == {s.id: s.start.isoformat() for s in expected.sessions}


def test_truncated_frab_xml_is_refused_once_naming_the_file_and_line(runner, tmp_path):
    cut = tmp_path / "cut.xml"
    cut.write_text('<?xml version="1.0"?>\n<schedule><conference>', encoding="utf-8")
    result = run(runner, "import", cut, "--out", tmp_path / "s.json")
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert re.search(r"Error: cut\.xml, line 2: ", result.output) and result.output.count("cut.xml") == 1
    assert not (tmp_path / "s.json").exists()


def test_two_files_of_one_name_are_two_sources_and_one_given_twice_is_read_once(runner, tmp_path):
    # Indico's export/event/4242.json and export/timetable/4242.json, each saved as 4242.json:
    # taken for one page, every session came twice.
    fixtures = Path(__file__).resolve().parents[2] / "fixtures"
    event, timetable = tmp_path / "event" / "4242.json", tmp_path / "timetable" / "4242.json"
    for path, name in ((event, "indico_event.json"), (timetable, "indico_timetable.json")):
        path.parent.mkdir()
        path.write_bytes((fixtures / name).read_bytes())
    apart, together = tmp_path / "apart.json", tmp_path / "together.json"
    apart_sources = [fixtures / "indico_event.json", fixtures / "indico_timetable.json"]
    assert run(runner, "import", *apart_sources, "--out", apart).exit_code == 0
    result = run(runner, "import", event, timetable, event, "--out", together)
    assert result.exit_code == 0, result.output
    assert sorted(sessions_by_title(together)) == sorted(sessions_by_title(apart))
    assert len(json.loads(together.read_text(encoding="utf-8"))["sessions"]) == 8
