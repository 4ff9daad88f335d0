"""What one anonymous client can make the push store hold (issue 38, finding 1), measured in
the app itself (Flask's test client, no server): the attack's subscriptions (a 2,048-character
endpoint, 500 wake-up instants), one client address sending as many as it can, and, as root,
the store on a size-limited disk (tmpfs):

- 2 MB: the disk fills before the store's own limit: PUTs get 503, /healthz says so;
- 8 MB with HALLWAY_PUSH_STORE_MAX_MB=1: the store's limit holds first, the disk keeps room
  and a correction is still stored.

    .venv/bin/python bench/push_flood.py [--puts 700] [--tmpfs] [--json]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import ROOT, Figure, report  # noqa: E402

from tests.unit.push.push_service import Device  # noqa: E402
from webapp import create_app  # noqa: E402

NOW = datetime(2026, 4, 7, 6, 0, tzinfo=UTC)  # before the fixture's first session
TOKEN = "bench-organizer-token"
KEYS = Device("https://push.example/k").subscription()["keys"]
WAKE = [(NOW + timedelta(hours=1, minutes=i)).strftime("%Y-%m-%dT%H:%M:%SZ") for i in range(500)]


def flood(data: Path, puts: int, **config: object) -> tuple[Counter[int], dict, object]:
    """`puts` attack PUTs from one address (stopping after 3 refusals of one kind)."""
    shutil.copy(ROOT / "tests" / "fixtures" / "mini_schedule.json", data / "schedule.json")
    base = {"TESTING": True, "DATA_DIR": str(data), "CLOCK": lambda: NOW, "ADMIN_TOKEN": TOKEN}
    app = create_app({**base, "PUSH_RATE_LIMIT": 0, **config})
    client = app.test_client()
    client.get("/api/v1/outline.json")  # the corrections store exists before the flood
    codes: Counter[int] = Counter()
    last: dict = {}
    for i in range(puts):
        endpoint = f"https://push.example/{i:05}/" + "x" * 2000
        body = {"subscription": {"endpoint": endpoint, "keys": KEYS}, "lead": 10, "wake": WAKE}
        resp = client.put("/api/v1/push/subscription", json=body, environ_base={"REMOTE_ADDR": "203.0.113.7"})
        codes[resp.status_code] += 1
        if resp.status_code != 200:
            last = resp.get_json()
            if codes[resp.status_code] >= 3 and config.get("PUSH_NEW_LIMIT") == 0:
                break
    return codes, last, client


def on_disk(data: Path) -> int:
    return sum(p.stat().st_size for p in data.glob("push.sqlite3*"))


def tmpfs(size: str, cap_mb: int) -> list[Figure]:
    mount = Path(tempfile.mkdtemp(prefix=f"hallway-tmpfs-{size}-"))
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(mount)], check=True)
    try:
        data = mount / "data"
        data.mkdir()
        codes, last, client = flood(data, 2000, PUSH_NEW_LIMIT=0, PUSH_STORE_MAX_MB=cap_mb)
        health = client.get("/healthz", headers={"Authorization": f"Bearer {TOKEN}"}).get_json()
        correction = client.post(
            "/api/v1/corrections",
            json={"kind": "cancel", "session": "s1a2b3"},
            headers={"Authorization": f"Bearer {TOKEN}"},
        )
        free = shutil.disk_usage(mount).free
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)
        mount.rmdir()
    goal = f"a {size} disk, store cap {cap_mb} MB"
    said = sorted(health.get("problems", {}))
    note = f"then {last.get('error', '')!r}; /healthz {health.get('status')} {said}"
    return [
        Figure(
            goal, "subscriptions stored before the first refusal", codes[200], "PUTs", kind="score", note=note
        ),
        Figure(goal, "a correction after the flood", correction.status_code, "HTTP status", kind="score"),
        Figure(goal, "left free on the disk", free / 1024, "KB", kind="size"),
    ]


def run(puts: int, with_tmpfs: bool) -> list[Figure]:
    goal = "one address floods PUT /api/v1/push/subscription"
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        started = time.perf_counter()
        codes, _, _ = flood(data, puts)
        took = time.perf_counter() - started
        size, database = on_disk(data), (data / "push.sqlite3").stat().st_size
    figures = [
        Figure(
            goal, "PUTs taken", codes[200], "PUTs", kind="score", note=f"of {puts}; refused: {dict(codes)}"
        ),
        Figure(goal, "push store on disk, with its write-ahead log", size / 1e6, "MB", kind="size"),
        Figure(
            goal,
            "per subscription taken, in the database file",
            database / max(1, codes[200]) / 1e3,
            "KB",
            kind="size",
        ),
        Figure(goal, "per PUT", took / puts * 1000, "ms"),
    ]
    if with_tmpfs:
        figures += tmpfs("2m", 256) + tmpfs("8m", 1)
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--puts", type=int, default=700)
    parser.add_argument("--tmpfs", action="store_true", help="also on tmpfs disks (root only: mount)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report(run(args.puts, args.tmpfs), as_json=args.json)
