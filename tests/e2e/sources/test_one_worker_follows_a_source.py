"""A real server following a real source: gunicorn with two workers and HALLWAY_FOLLOW, the
source on 127.0.0.1 changing between polls. One worker follows, the other waits; a change
reaches both workers' feeds; a failing source is reported by both, the last good schedule served,
and the organizer console says what failed and since when.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.harness import ROOT
from tests.harness.gunicorn import Gunicorn
from tests.harness.net import get_json, request, wait_for
from tests.harness.organizers import ENV, sign_in
from tests.harness.publish import TOKEN
from tests.unit.importers.source_server import Source

TEXT = sorted((ROOT / "data" / "sources").glob("*.txt"))[1].read_text(encoding="utf-8")
INTERVAL = 0.3


@pytest.fixture
def server(tmp_path: Path, source: Source, serve) -> Gunicorn:
    plan = tmp_path / "follow.json"
    plan.write_text(json.dumps({"sources": [source.url], "language": "en"}), encoding="utf-8")
    env = {
        "HALLWAY_FOLLOW": str(plan),
        "HALLWAY_FOLLOW_INTERVAL": str(INTERVAL),
        "HALLWAY_FETCH_TIMEOUT": "2",
        "HALLWAY_FOLLOW_MIN_GAP": str(INTERVAL),  # a change seconds after the first import is not held
    }
    # The data directory starts empty: the schedule served is the follower's first import.
    return serve(Gunicorn(tmp_path, env=env, schedule=None))


def health(server) -> dict | None:
    """/healthz as an organizer reads it: the follower's details are not for anyone else."""
    try:
        answer = request(server, "GET", "/healthz", headers={"Authorization": f"Bearer {TOKEN}"}, timeout=5)
    except OSError:
        return None
    return answer.json() if answer.status == 200 else None


def test_one_of_two_workers_follows_and_a_change_reaches_both(server, source) -> None:
    wait_for(lambda: (health(server) or {}).get("sessions"), 60, "the first import to be served")
    waits = "follows the sources; this one waits"  # (the push sender waits the same way)
    wait_for(lambda: waits in server.log(), 60, "the second worker to start")
    text = server.log()
    assert text.count("this process follows") == 1 and text.count(waits) == 1

    # Many cycles later, every check was made by the same process, and each cost a 304.
    checks: dict[str, int] = {}

    def ten_checks() -> bool:
        follow = (health(server) or {}).get("follow") or {}
        if follow.get("checked"):
            checks[follow["checked"] + str(follow["pid"])] = follow["pid"]
        return len(source.requests) >= 10

    wait_for(ten_checks, 60, "ten checks of the source")
    assert len(set(checks.values())) == 1
    assert source.not_modified == len(source.requests) - 1  # only the first answer had a body

    source.set(TEXT.replace("TorchStore", "TorchStores").encode())

    def both_serve_the_change() -> bool:
        feeds = [get_json(server, "/api/v1/schedule.json") for _ in range(8)]
        return all(any(s["title"].startswith("TorchStores") for s in f["sessions"]) for f in feeds)

    wait_for(both_serve_the_change, 30, "the change in every answer")

    source.status = 500
    wait_for(
        lambda: "follow" in ((health(server) or {}).get("problems") or {}), 30, "the failure in /healthz"
    )
    answers = [health(server) for _ in range(8)]
    assert all(a and a["status"] == "degraded" and "HTTP 500" in a["problems"]["follow"] for a in answers)
    assert all(a["sessions"] > 0 for a in answers)  # the last good schedule is still served
    assert "HTTP 500" in server.log()


def test_the_console_says_what_failed_and_since_when(browser, make_server, tmp_path, source) -> None:
    plan = tmp_path / "follow.json"
    plan.write_text(json.dumps({"sources": [source.url], "language": "en"}), encoding="utf-8")
    env = {**ENV, "HALLWAY_FOLLOW": str(plan), "HALLWAY_FOLLOW_INTERVAL": str(INTERVAL)}
    server = make_server(env=env)
    wait_for(lambda: source.not_modified >= 1, 60, "a first import and a 304")
    source.status = 404
    wait_for(lambda: "follow" in ((health(server) or {}).get("problems") or {}), 30, "the failure")
    page = browser.new_page()
    sign_in(page, server)
    line = page.locator(".follow-status")
    expect(line).to_contain_text("Followed sources: failing since ")
    expect(line).to_contain_text("HTTP 404 Not Found; the last good schedule is kept")
    assert "SECRET" not in line.inner_text()
    source.status = 200
    wait_for(lambda: (health(server) or {}).get("status") == "ok", 30, "the source to recover")
    page.reload()
    expect(line).to_contain_text("Followed sources: checked ")
