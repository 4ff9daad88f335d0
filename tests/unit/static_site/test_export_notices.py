"""The static export carries room status and announcements: in its changes feed, and the ones
current at export time in its schedule document (a room status with its `until`, so that a
phone drops it at the end of the day even if nobody exports again)."""

from __future__ import annotations

import json
from pathlib import Path

from webapp import create_app
from webapp.domain.timeutil import parse_iso
from webapp.serving import runtime
from webapp.serving.writes import publish
from webapp.static_site import export as static_export
from webapp.static_site import sync as export_sync

NOW = parse_iso("2026-04-07T10:00:00+02:00")


def test_notices_are_in_the_exported_feeds(data_dir: Path, tmp_path: Path):
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "CLOCK": lambda: NOW})
    with app.app_context():
        publish(runtime(app), {"kind": "room_status", "room": "side", "status": "full"})
        publish(runtime(app), {"kind": "announce", "text": "Lunch is in Hall B today"})
    out = tmp_path / "site"
    export_sync.sync(out, static_export.build(app, "https://schedule.example.org").files)
    doc = json.loads((out / "api/v1/schedule.json").read_text(encoding="utf-8"))
    assert doc["notices"]["rooms"]["side"]["until"] == "2026-04-08T00:00:00+02:00"
    assert [a["text"] for a in doc["notices"]["announcements"]] == ["Lunch is in Hall B today"]
    changes = json.loads((out / static_export.CHANGES_FILE).read_text(encoding="utf-8"))
    assert [c["kind"] for c in changes["changes"]] == ["room_status", "announce"]
