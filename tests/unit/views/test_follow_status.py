"""What /healthz and the console's GET /api/v1/follow say about following the sources: read by
any process from the follower's status, a failure named with the time it began."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.unit.importers.source_server import Source
from webapp import create_app

TOKEN = "follow-status-token"


@pytest.fixture
def make_app(tmp_path: Path, source: Source):
    plan = tmp_path / "follow.json"
    plan.write_text(json.dumps({"sources": [source.url], "language": "en"}), encoding="utf-8")

    def make(**config: object):
        base = {
            "TESTING": True,
            "DATA_DIR": str(tmp_path / "data"),
            "FOLLOW": str(plan),
            "ADMIN_TOKEN": TOKEN,
        }
        # FOLLOW_IN_BACKGROUND False: the test runs the cycles by hand
        return create_app({**base, "FETCH_TIMEOUT": 0.5, "FOLLOW_IN_BACKGROUND": False, **config})

    return make


def cycle(app) -> None:
    app.test_cli_runner().invoke(args=["schedule", "follow", "--once"])


def health(app) -> dict:
    """/healthz as an organizer reads it (anyone else gets the status and the problems' names)."""
    return app.test_client().get("/healthz", headers={"Authorization": f"Bearer {TOKEN}"}).get_json()


def test_health_says_when_the_sources_were_checked_and_changed(make_app) -> None:
    app = make_app()
    cycle(app)
    doc = health(app)
    assert doc["status"] == "ok" and "problems" not in doc
    assert doc["follow"]["error"] is None and doc["follow"]["checked"] == doc["follow"]["changed"]
    assert doc["follow"]["sources"][0].endswith("/schedule?…")


def test_a_failing_source_degrades_health_naming_it_and_since_when(make_app, source) -> None:
    app = make_app()
    cycle(app)
    source.status = 404
    cycle(app)
    doc = health(app)
    assert doc["status"] == "degraded" and doc["sessions"] > 0  # the last good schedule is served
    since = doc["follow"]["failing_since"]
    assert since and "HTTP 404" in doc["follow"]["error"]
    assert doc["problems"]["follow"].startswith(f"failing since {since}: ")
    assert "SECRET" not in json.dumps(doc)
    source.status = 200
    cycle(app)
    assert health(app)["status"] == "ok"


def test_no_check_for_over_two_intervals_is_a_problem(make_app) -> None:
    cycle(make_app())
    later = datetime.now(UTC) + timedelta(seconds=2 * 60 + 5)
    doc = health(make_app(FOLLOW_INTERVAL=60.0, CLOCK=lambda: later))
    assert doc["status"] == "degraded" and doc["problems"]["follow"].startswith(
        "no check of the followed sources"
    )


def test_the_console_reads_the_status_with_a_token_only(make_app, source) -> None:
    app = make_app()
    cycle(app)
    client = app.test_client()
    assert client.get("/api/v1/follow").status_code == 401
    answer = client.get("/api/v1/follow", headers={"Authorization": f"Bearer {TOKEN}"})
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    body = answer.get_json()
    assert body["following"] is True and body["problem"] is None and body["summary"].startswith("checked ")


def test_a_server_that_follows_nothing_says_so(tmp_path, data_dir) -> None:
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": TOKEN})
    client = app.test_client()
    assert "follow" not in health(app)
    body = client.get("/api/v1/follow", headers={"Authorization": f"Bearer {TOKEN}"}).get_json()
    assert body == {"following": False, "summary": "this server follows no sources", "problem": None}


def organizer_health(app) -> dict:
    """/healthz as an organizer reads it: the problems' texts, not only their names."""
    return app.test_client().get("/healthz", headers={"Authorization": f"Bearer {TOKEN}"}).get_json()


class Steps:
    """A pinned clock the test moves on by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 4, 7, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def test_a_follower_that_never_completes_a_first_check_is_a_problem_once_late(make_app, data_dir) -> None:
    clock = Steps()  # data_dir: a schedule served from before, as on a restart
    app = make_app(FOLLOW_INTERVAL=60.0, CLOCK=clock)  # no cycle ever ends: a stuck first check
    clock.now += timedelta(seconds=60)
    assert organizer_health(app)["status"] == "ok"  # within an interval: not checked yet, no problem
    clock.now += timedelta(seconds=2 * 60 + 5)
    doc = organizer_health(app)
    assert doc["status"] == "degraded"
    assert doc["problems"]["follow"] == (
        "following has not completed a check since the server started at 2026-04-07T09:00:00+00:00"
    )


def test_anyone_else_reads_that_following_fails_but_not_where_from_or_which_process(make_app, source) -> None:
    app = make_app()
    cycle(app)
    source.status = 404
    cycle(app)
    detail = health(app)
    assert detail["follow"]["sources"] and detail["problems"]["follow"]
    public = app.test_client().get("/healthz")
    assert public.get_json() == {"status": "degraded", "problems": ["follow"]}
    text = public.get_data(as_text=True)
    assert source.url.split("/")[2] not in text and str(os.getpid()) not in text
