"""/healthz: 200 with the version when the worker can serve, 503 saying what broke when not.
Anyone gets the status and the problems' names; an organizer's token shows what they say."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from webapp import create_app
from webapp.corrections.store import STORE_FILE
from webapp.serving import runtime
from webapp.serving.writes import publish

TOKEN = "health-token"
ADMIN = {"Authorization": f"Bearer {TOKEN}"}


def app_on(data_dir: Path, **config: object):
    return create_app({"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": TOKEN, **config})


def test_healthy_worker_reports_the_version_and_the_sessions(data_dir):
    app = app_on(data_dir)
    publish(runtime(app), {"kind": "cancel", "session": "q4w5e6"})
    response = app.test_client().get("/healthz", headers=ADMIN)
    assert response.status_code == 200
    assert response.json == {"status": "ok", "version": 1, "sessions": 3, "cache": "ok"}
    assert response.headers["Cache-Control"] == "no-store"


def test_no_schedule_is_a_503_that_says_so(tmp_path: Path):
    client = app_on(tmp_path).test_client()
    response = client.get("/healthz", headers=ADMIN)
    assert response.status_code == 503
    assert response.json["status"] == "error"
    assert "no schedule has been imported" in response.json["error"]
    public = client.get("/healthz")
    assert public.status_code == 503
    assert public.json == {"status": "error", "error": "ScheduleFormatError", "problems": ["schedule file"]}


def test_an_unreadable_corrections_store_is_a_503(data_dir: Path):
    (data_dir / STORE_FILE).write_bytes(b"this is not a database" * 100)
    client = app_on(data_dir).test_client()
    response = client.get("/healthz", headers=ADMIN)
    assert response.status_code == 503
    assert "DatabaseError" in response.json["error"]
    public = client.get("/healthz")
    assert public.status_code == 503 and str(data_dir) not in public.get_data(as_text=True)


def test_a_cache_that_is_down_is_reported_but_the_worker_stays_healthy(data_dir: Path):
    # the discard port: nothing listens
    client = app_on(data_dir, CACHE_TYPE="RedisCache", CACHE_REDIS_URL="redis://127.0.0.1:9/0").test_client()
    response = client.get("/healthz", headers=ADMIN)
    assert response.status_code == 200
    assert response.json["cache"].startswith("unavailable")
    assert client.get("/healthz").json == {"status": "degraded", "problems": ["cache"]}


@pytest.mark.parametrize("authorization", [None, "Bearer wrong-token", f"Basic {TOKEN}", "Bearer "])
def test_anyone_else_reads_the_status_and_the_problems_names_only(data_dir: Path, authorization):
    client = app_on(data_dir).test_client()
    client.get("/")  # imported; then the file goes: a problem whose text names a path
    (data_dir / "schedule.json").unlink()
    headers = {} if authorization is None else {"Authorization": authorization}
    detail = client.get("/healthz", headers=ADMIN)
    assert str(data_dir) in detail.get_data(as_text=True)
    public = client.get("/healthz", headers=headers)
    assert public.status_code == detail.status_code
    assert public.json == {"status": detail.json["status"], "problems": sorted(detail.json["problems"])}
    assert str(data_dir) not in public.get_data(as_text=True)
    assert "Authorization" in public.headers["Vary"] and public.headers["Cache-Control"] == "no-store"


def test_without_any_admin_token_configured_no_one_reads_the_details(data_dir: Path):
    client = create_app({"TESTING": True, "DATA_DIR": str(data_dir)}).test_client()
    assert client.get("/healthz", headers={"Authorization": "Bearer "}).json == {"status": "ok"}
    assert str(os.getpid()) not in json.dumps(client.get("/healthz").json)


def test_tokens_tried_on_healthz_count_as_failed_sign_ins_and_past_the_limit_show_nothing(data_dir: Path):
    client = app_on(data_dir, WRITE_RATE_LIMIT=3).test_client()
    for i in range(3):
        answer = client.get("/healthz", headers={"Authorization": f"Bearer guess-{i}"})
        assert answer.status_code == 200 and "version" not in answer.json
    # Past the limit even the right token reads the public answer: guessing on from here learns
    # nothing, and the write path refuses this client too (the same count).
    assert "version" not in client.get("/healthz", headers=ADMIN).json
    refused = client.post("/api/v1/corrections", json={"kind": "cancel", "session": "q4w5e6"})
    assert refused.status_code == 429
    assert client.get("/healthz").json == {"status": "ok"}  # the status is never refused
