"""`schedule import` over a schedule with corrections: they stay, and the import says which the
new data already contains and which it contradicts."""

from __future__ import annotations

import json
from pathlib import Path

from webapp import create_app
from webapp.serving import runtime
from webapp.serving.published import published

SOURCES = Path(__file__).resolve().parents[3] / "data" / "sources"
INTERMEDIATE = sorted(SOURCES.glob("*.txt"))[1]
OLD_SLOT = "Tuesday April 7, 2026 16:10 - 16:35 CEST\nMaster Stage"


def ids_by_title(data_dir: Path) -> dict[str, str]:
    doc = json.loads((data_dir / "schedule.json").read_text(encoding="utf-8"))
    return {s["title"]: s["id"] for s in doc["sessions"]}


def test_reimport_keeps_corrections_and_reports_redundant_and_contradicted(tmp_path):
    data_dir = tmp_path / "data"
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir)})
    runner = app.test_cli_runner()
    assert runner.invoke(args=["schedule", "import", str(INTERMEDIATE)]).exit_code == 0
    ids = ids_by_title(data_dir)
    torchstore = next(i for t, i in ids.items() if t.startswith("TorchStore"))
    forecasting = next(i for t, i in ids.items() if t.startswith("Lightning Talk: Why Your Forecasting"))
    for args in (
        ["move", torchstore, "room=central-room"],
        ["edit", forecasting, "title=Why Forecasting Fails"],
    ):
        done = runner.invoke(args=["corrections", "add", *args, "--force"])
        assert done.exit_code == 0, done.output
    text = INTERMEDIATE.read_text(encoding="utf-8")
    assert text.count(OLD_SLOT) == 1
    text = text.replace(OLD_SLOT, "Tuesday April 7, 2026 16:10 - 16:35 CEST\nCentral Room")
    text = text.replace("Why Your Forecasting Transformer Isn’t", "Why Your Forecasting Transformers Aren’t")
    updated = tmp_path / INTERMEDIATE.name
    updated.write_text(text, encoding="utf-8")

    result = runner.invoke(args=["schedule", "import", str(updated)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "2 correction(s) stay on top of this import:" in lines
    assert f"  v1 move {torchstore}: redundant: the import already has room central-room" in lines
    contradicted = next(line for line in lines if line.startswith(f"  v2 edit {forecasting}: contradicted: "))
    assert "the import has title Lightning Talk: Why Your Forecasting Tr…" in contradicted  # shortened
    assert "it keeps title Why Forecasting Fails" in contradicted
    assert lines[-1] == "Each is kept; `corrections revert VERSION` undoes one (contradicted: v2)."
    fresh = published(runtime(create_app({"TESTING": True, "DATA_DIR": str(data_dir)})))
    assert fresh.version == 3
    assert fresh.schedule.session(forecasting).title == "Why Forecasting Fails"
    assert fresh.schedule.session(torchstore).room == "central-room"
    # The history lists each under the title its session had when it was corrected.
    listed = runner.invoke(args=["corrections", "list"]).output.splitlines()
    assert "v2 edit: Lightning Talk: Why Your Forecasting Transformer Isn’t" in listed[1]


def test_a_reimport_the_server_notices_by_itself_logs_what_it_contradicts(data_dir, caplog):
    import logging

    from webapp.serving import runtime
    from webapp.serving.writes import publish

    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir)})
    publish(runtime(app), {"kind": "edit", "session": "k9x8y7", "title": "Ours"})
    doc = json.loads((data_dir / "schedule.json").read_text(encoding="utf-8"))
    doc["sessions"][1]["title"] = "Theirs"
    (data_dir / "schedule.json").write_text(json.dumps(doc), encoding="utf-8")
    caplog.set_level(logging.WARNING)
    fresh = published(runtime(create_app({"TESTING": True, "DATA_DIR": str(data_dir)})))
    assert fresh.schedule.session("k9x8y7").title == "Ours"
    assert (
        "re-import: correction v1 (edit k9x8y7) is contradicted: the import has title Theirs" in caplog.text
    )


def test_an_import_into_the_served_file_says_how_phones_get_it(tmp_path):
    data_dir = tmp_path / "data"
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir)})
    runner = app.test_cli_runner()
    first = runner.invoke(args=["schedule", "import", str(INTERMEDIATE)])
    assert first.exit_code == 0 and "Phones" not in first.output  # no server has served it yet
    assert published(runtime(app)).version == 0  # served once: the store exists
    text = INTERMEDIATE.read_text(encoding="utf-8")
    updated = tmp_path / INTERMEDIATE.name
    updated.write_text(text.replace(OLD_SLOT, OLD_SLOT.replace("Master Stage", "Central Room")), "utf-8")
    lines = runner.invoke(args=["schedule", "import", str(updated)]).output.splitlines()
    moved = next(i for t, i in ids_by_title(data_dir).items() if t.startswith("TorchStore"))
    assert "Phones get version 1 as 1 change(s) from /api/v1/changes:" in lines
    assert f"  update {moved}: room" in lines
    again = runner.invoke(args=["schedule", "import", str(updated)]).output
    assert "Phones have nothing new to fetch: the served schedule did not change." in again
