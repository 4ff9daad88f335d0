"""/healthz: 200 with the version when the worker can serve, 503 saying what broke when not."""

from __future__ import annotations

from pathlib import Path

from webapp import create_app
from webapp.corrections.store import STORE_FILE
from webapp.serving import runtime
from webapp.serving.writes import publish


def test_healthy_worker_reports_the_version_and_the_sessions(app, client):
    publish(runtime(app), {"kind": "cancel", "session": "q4w5e6"})
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json == {"status": "ok", "version": 1, "sessions": 3, "cache": "ok"}
    assert response.headers["Cache-Control"] == "no-store"


def test_no_schedule_is_a_503_that_says_so(tmp_path: Path):
    client = create_app({"TESTING": True, "DATA_DIR": str(tmp_path)}).test_client()
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json["status"] == "error"
    assert "no schedule has been imported" in response.json["error"]


def test_an_unreadable_corrections_store_is_a_503(data_dir: Path):
    (data_dir / STORE_FILE).write_bytes(b"this is not a database" * 100)
    client = create_app({"TESTING": True, "DATA_DIR": str(data_dir)}).test_client()
    response = client.get("/healthz")
    assert response.status_code == 503
    assert "DatabaseError" in response.json["error"]


def test_a_cache_that_is_down_is_reported_but_the_worker_stays_healthy(data_dir: Path):
    config = {
        "TESTING": True,
        "DATA_DIR": str(data_dir),
        "CACHE_TYPE": "RedisCache",
        "CACHE_REDIS_URL": "redis://127.0.0.1:9/0",  # the discard port: nothing listens
    }
    response = create_app(config).test_client().get("/healthz")
    assert response.status_code == 200
    assert response.json["cache"].startswith("unavailable")
