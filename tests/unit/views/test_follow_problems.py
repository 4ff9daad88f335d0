"""A followed source behaves as `schedule import`: a frab file with odd rows (nested names, a
nameless person, a workshop listed three times under one guid) is imported whole, and the last
import's problems are shown by /healthz (for organizers, under `follow`) until the next import;
the server's follower, which imports in a child process, passes them on alike."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from webapp import create_app
from webapp.importers.isolated import Isolation, import_apart
from webapp.importers.merge import Overrides

FIXTURE = Path(__file__).parents[2] / "fixtures" / "frab_odd_rows.xml"
TOKEN = "follow-problems-token"


def _app(tmp_path: Path):
    source = tmp_path / "congress.xml"
    shutil.copy(FIXTURE, source)
    plan = tmp_path / "follow.json"
    plan.write_text(json.dumps({"sources": [str(source)], "language": "en"}), encoding="utf-8")
    config = {"TESTING": True, "DATA_DIR": str(tmp_path / "data"), "FOLLOW": str(plan), "ADMIN_TOKEN": TOKEN}
    return create_app({**config, "FOLLOW_IN_BACKGROUND": False}), source


def _health(app) -> dict:
    return app.test_client().get("/healthz", headers={"Authorization": f"Bearer {TOKEN}"}).get_json()


def test_a_followed_files_problems_are_shown_by_healthz_until_the_next_import(tmp_path: Path) -> None:
    app, source = _app(tmp_path)
    result = app.test_cli_runner().invoke(args=["schedule", "follow", "--once"])
    assert result.exit_code == 0, result.output
    follow = _health(app)["follow"]
    assert follow["error"] is None
    problems = follow["problems"]
    assert problems[0] == "4 problems in the sources (--strict refuses on the first):"
    assert any(
        "congress.xml, line 7 ('Learn to solder')" in line and "neither text" in line for line in problems
    )
    assert "the last import: 4 problems" in follow["summary"]
    # Unchanged: still the last import's problems; mended: none.
    app.test_cli_runner().invoke(args=["schedule", "follow", "--once"])
    assert _health(app)["follow"]["problems"] == problems
    text = source.read_text(encoding="utf-8").replace('<person id="10"></person>', "")
    source.write_text(text, encoding="utf-8")
    app.test_cli_runner().invoke(args=["schedule", "follow", "--once"])
    after = _health(app)["follow"]["problems"]
    assert after[0].startswith("3 problems") and not any("neither text" in line for line in after)


def test_the_import_in_a_child_process_passes_its_problems_on(tmp_path: Path) -> None:
    out = tmp_path / "schedule.json"
    written = import_apart(
        [FIXTURE.read_bytes()], ["congress.xml"], Overrides(), out, 0, Isolation(60.0, 2048)
    )
    assert written.sessions == 4
    assert written.problems[0].startswith("4 problems in the sources")
    assert sum("event listed several times under one guid" in line for line in written.problems) == 1
