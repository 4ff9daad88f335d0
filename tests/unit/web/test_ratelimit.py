# ruff: noqa: E501 - requests read best on one line
"""The write path's limits: failed sign-ins per client and corrections per organizer, apart,
counted in one SQLite file that every worker process shares."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from webapp import create_app
from webapp.domain.timeutil import parse_iso
from webapp.web import ratelimit

ROOT = Path(__file__).resolve().parents[3]
ADA, BOB = "ada-token-0123456789", "bob-token-9876543210"
NOW = parse_iso("2026-04-07T10:00:05+02:00")  # early in a window: a run never straddles two


@pytest.fixture
def app(data_dir):
    config = {"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKENS": f"ada:{ADA},bob:{BOB}",
              "WRITE_RATE_LIMIT": 5, "CLOCK": lambda: NOW}  # fmt: skip
    return create_app(config)


def edit(client, token: str, title: str, addr: str = "10.0.0.1") -> int:
    body = {"kind": "edit", "session": "q4w5e6", "title": title}
    headers = {"Authorization": f"Bearer {token}"}
    return client.post(
        "/api/v1/corrections", json=body, headers=headers, environ_base={"REMOTE_ADDR": addr}
    ).status_code


def test_sixty_wrong_tokens_from_one_address_do_not_lock_the_right_one_out(app):
    client = app.test_client()
    wrong = [edit(client, "guess", f"w{i}") for i in range(60)]
    assert wrong[:5] == [401] * 5 and set(wrong[5:]) == {429}
    assert edit(client, ADA, "right token, same address") == 201
    assert client.get("/api/v1/whoami", headers={"Authorization": f"Bearer {BOB}"},
                      environ_base={"REMOTE_ADDR": "10.0.0.1"}).status_code == 200  # fmt: skip
    # Another address has its own count of failures.
    assert edit(client, "guess", "x", addr="10.0.0.2") == 401


def test_writes_are_counted_per_organizer_and_refused_ones_do_not_count(app):
    client = app.test_client()
    assert edit(client, ADA, "same") == 201
    assert edit(client, ADA, "same") == 400  # changes nothing: not a write
    ada = [edit(client, ADA, f"a{i}", addr=f"10.0.1.{i}") for i in range(6)]
    assert ada == [201, 201, 201, 201, 429, 429]
    assert edit(client, BOB, "bob is not held back by ada") == 201


def test_the_count_is_shared_by_every_process_using_the_data_dir(tmp_path):
    """Two processes (as two gunicorn workers without Redis) count into the same window."""
    script = (
        "import sys; from pathlib import Path; from webapp.web import ratelimit\n"
        "limiter = ratelimit.Limiter(Path(sys.argv[1]))\n"
        "print(sum(ratelimit.reserve_write(limiter, 'ada', 10, 1_000_000.0) is None for _ in range(8)))\n"
    )
    path = tmp_path / ratelimit.LIMIT_FILE
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", script, str(path)], cwd=ROOT, stdout=subprocess.PIPE, text=True
        )
        for _ in range(2)
    ]
    allowed = [int(p.communicate(timeout=60)[0]) for p in procs]
    assert sum(allowed) == 10, allowed  # 16 attempts, a limit of 10: exactly 10 through, not 16


def test_windows_are_a_minute_and_old_ones_are_forgotten(tmp_path):
    limiter = ratelimit.Limiter(tmp_path / ratelimit.LIMIT_FILE)
    assert [ratelimit.failed_sign_in(limiter, "c", 2, 120.0 + i) for i in range(3)] == [None, None, 58]
    assert ratelimit.failed_sign_in(limiter, "c", 2, 180.0) is None  # a new window
    limiter.count("other", 240.0)
    rows = limiter._conn().execute("SELECT DISTINCT window FROM hits").fetchall()
    # Windows are keyed by when they end: 120-180 is gone, the one before the current kept.
    assert sorted(r[0] for r in rows) == [240, 300]


def test_an_hour_long_window_outlives_the_minute_windows_cleaned_up_beside_it(tmp_path):
    limiter = ratelimit.Limiter(tmp_path / ratelimit.LIMIT_FILE)
    hour = [ratelimit.client_write(limiter, "new", "c", 2, 3600.0 + i * 100, window=3600) for i in range(3)]
    assert hour == [None, None, 3600 - 200]
    for t in (3900.0, 4000.0, 7100.0):  # minute windows come and go, cleaning up the ended ones
        limiter.count("other", t)
    assert ratelimit.client_write(limiter, "new", "c", 2, 7199.0, window=3600) == 1
    assert ratelimit.client_write(limiter, "new", "c", 2, 7200.0, window=3600) is None  # a new hour
