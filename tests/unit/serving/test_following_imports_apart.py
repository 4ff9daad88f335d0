"""The server's follower (a thread in a serving process) imports a changed source in a child
process and records it as a version here; a source past IMPORT_MAX_SESSIONS is a /healthz
problem while the last good schedule is served."""

from __future__ import annotations

import json
from pathlib import Path

from tests.harness.sources import TALKS, frab
from tests.unit.importers.source_server import Source
from webapp import create_app
from webapp.serving import runtime
from webapp.serving.follow import Runner
from webapp.serving.published import published

TOKEN = "imports-apart-token"
GROWN = [*TALKS, ("104", "12:00", "00:30", "Side Room", "One Too Many", "Grace")]


def test_a_change_is_imported_apart_and_a_source_past_the_cap_is_reported(tmp_path: Path) -> None:
    source = Source(frab(TALKS).encode())
    try:
        plan = tmp_path / "follow.json"
        plan.write_text(json.dumps({"sources": [source.url]}), encoding="utf-8")
        app = create_app({
            "TESTING": True, "DATA_DIR": str(tmp_path / "data"), "FOLLOW": str(plan),
            "FOLLOW_IN_BACKGROUND": False, "IMPORT_MAX_SESSIONS": len(TALKS), "ADMIN_TOKEN": TOKEN,
        })  # fmt: skip
        rt = runtime(app)
        runner = Runner(rt)
        assert runner.follower.isolation is not None
        runner.step()
        assert {s.title for s in published(rt).schedule.sessions} == {t[4] for t in TALKS}
        version = rt.store.head().version

        source.set(frab(GROWN).encode())
        runner.step()
        auth = {"Authorization": f"Bearer {TOKEN}"}  # the problems' texts are an organizer's to read
        doc = app.test_client().get("/healthz", headers=auth).get_json()
        assert doc["status"] == "degraded" and "more than 3 sessions" in doc["problems"]["follow"]
        assert doc["sessions"] == len(TALKS) and rt.store.head().version == version
    finally:
        source.stop()
