"""A campaign over the store's life (issue 16, breaks 1 and 3): corrections, the store deleted,
a backup restored, the file damaged, the schedule re-imported, in any order. After each step no
route answers 5xx but a 503, both feed documents name the same store, and a client following
the feed's rule (another store: take the schedule whole; same store: never step back) is
never left behind the server after one check. The same rule in the app's own code is run in
Chromium by tests/e2e/reliability/test_phone_follows_a_replaced_store.py."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.conftest import FIXTURES
from webapp import create_app
from webapp.corrections.store import STORE_FILE, Store
from webapp.serving import runtime

TOKEN = "campaign-token"
EDITS = [
    {"kind": "move", "session": "s1a2b3", "room": "side", "force": True},  # side is taken then
    {"kind": "move", "session": "s1a2b3", "room": "main"},
    {"kind": "cancel", "session": "q4w5e6"},
    {"kind": "restore", "session": "q4w5e6"},
    {"kind": "edit", "session": "k9x8y7", "title": "Renamed"},
]
STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("publish"), st.sampled_from(range(len(EDITS)))),
        st.tuples(st.just("backup"), st.just(0)),
        st.tuples(st.just("restore"), st.just(0)),
        st.tuples(st.just("delete"), st.just(0)),
        st.tuples(st.just("damage"), st.just(0)),
        st.tuples(st.just("reimport"), st.integers(0, 3)),
        st.tuples(st.just("check"), st.just(0)),
    ),
    min_size=1,
    max_size=12,
)
READS = ("/", "/api/v1/schedule.json", "/api/v1/changes?since=0", "/schedule.ics", "/healthz")


class Client:
    """The phone's rule, in Python: what static/js/features/changes/feed-sync.js and store.js do
    with the feed."""

    def __init__(self) -> None:
        self.doc: dict | None = None

    def sync(self, http) -> None:
        if self.doc is None:
            self.doc = http.get("/api/v1/schedule.json").get_json()
            return
        feed = http.get(f"/api/v1/changes?since={self.doc['version']}")
        if feed.status_code != 200:
            return
        body = feed.get_json()
        if body["store"] != self.doc["store"] or body["reload"] or body["changes"]:
            fresh = http.get("/api/v1/schedule.json").get_json()
            rewound = body.get("rewound") is True  # the same store, restored from a backup
            if fresh["store"] != self.doc["store"] or fresh["version"] >= self.doc["version"] or rewound:
                self.doc = fresh


def remove_store(data_dir: Path) -> None:
    for f in data_dir.glob(STORE_FILE + "*"):
        if f.is_dir():
            f.rmdir()
        else:
            f.unlink()


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(STEPS)
@example(steps=[("backup", 0), ("publish", 0), ("restore", 0)])  # found by this campaign: rewound
@example(steps=[("publish", 2), ("damage", 0), ("publish", 3), ("delete", 0), ("publish", 0)])
# Found in CI: a restored backup written to again is served, not the lost history's higher version.
@example(steps=[("backup", 0), ("publish", 2), ("restore", 0), ("publish", 0)])
def test_any_life_of_the_store_keeps_serving_and_clients_follow(tmp_path_factory, steps) -> None:
    base = tmp_path_factory.mktemp("campaign")
    data_dir = base / "data"
    data_dir.mkdir()
    shutil.copy(FIXTURES / "mini_schedule.json", data_dir / "schedule.json")
    app = create_app(
        {"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": TOKEN, "WRITE_RATE_LIMIT": 0}
    )
    http = app.test_client()
    phone = Client()
    phone.sync(http)
    backup = base / "backup.sqlite3"
    damaged = False
    for step, arg in steps:
        if step == "publish":
            resp = http.post(
                "/api/v1/corrections", json=EDITS[arg], headers={"Authorization": f"Bearer {TOKEN}"}
            )
            assert resp.status_code in ((503,) if damaged else (201, 400)), resp.get_data(as_text=True)
        elif step == "backup" and not damaged:
            src = sqlite3.connect(data_dir / STORE_FILE)
            dst = sqlite3.connect(backup)
            src.backup(dst)
            src.close()
            dst.close()
        elif step == "restore" and backup.exists():
            remove_store(data_dir)
            shutil.copy(backup, data_dir / STORE_FILE)
            damaged = False
        elif step == "delete":
            remove_store(data_dir)
            damaged = False
        elif step == "damage":
            remove_store(data_dir)
            (data_dir / STORE_FILE).write_bytes(b"not a database" * 300)
            runtime(app).store = Store(
                data_dir / STORE_FILE, clock=runtime(app).now
            )  # as a new worker thread: no open connection
            damaged = True
        elif step == "reimport":
            doc = json.loads((FIXTURES / "mini_schedule.json").read_text(encoding="utf-8"))
            doc["sessions"][0]["title"] = f"Imported {arg}"
            (data_dir / "schedule.json").write_text(json.dumps(doc), encoding="utf-8")
        for path in READS:
            status = http.get(path).status_code
            assert status == 200 or (status == 503 and path == "/healthz" and damaged), (path, status)
        served = http.get("/api/v1/schedule.json")
        doc = served.get_json()
        if not damaged:
            assert http.get("/api/v1/changes?since=0").get_json()["store"] == doc["store"]
            assert doc["store"] in served.headers["ETag"]
        phone.sync(http)
        assert phone.doc == doc, (
            f"the phone is behind after {step}: {phone.doc['version']} vs {doc['version']}"
        )
