"""What following a source costs per cycle: unchanged (one conditional request, no import)
against changed (a full fetch, then parse, merge and write, as `schedule import`).

The source is bench/generate.py's event (1,500 sessions by default) as another tool's frab
`schedule.json` (bench/import_speed.py's export), served on 127.0.0.1 by the tests' source
server (ETag, Last-Modified, 304). Each cycle is `importers.follow.Follower.cycle`, what the
server's follower thread and `schedule follow` run. Requests and imports are counted, not
assumed: the source server counts requests and 304s, and the follower says whether it imported.

    .venv/bin/python bench/follow_cost.py [--sessions N] [--cycles N] [--json]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import generate
from common import ROOT, Figure, report
from import_speed import exported, new_version

sys.path.insert(0, str(ROOT))
from tests.unit.importers.source_server import Source  # noqa: E402
from webapp.domain.serialize import schedule_from_dict  # noqa: E402
from webapp.importers.follow import Follower, Plan  # noqa: E402

GOAL = "Follow a source"
SESSIONS = 1500
CYCLES = 50


def cycle(follower: Follower) -> tuple[float, float, bool, int]:
    wall, cpu = time.perf_counter(), time.process_time()
    done = follower.cycle()
    if done.error:
        raise SystemExit(f"cycle failed: {done.error}")
    return time.perf_counter() - wall, time.process_time() - cpu, done.imported is not None, done.requests


def measure(sessions: int = SESSIONS, cycles: int = CYCLES) -> list[Figure]:
    work = Path(tempfile.mkdtemp(prefix="hallway-follow-"))
    event = schedule_from_dict(generate.generate(sessions=sessions))
    body = exported(event, work, "schedule.json").read_bytes()
    changed_body = exported(new_version(event, seed=1)[0], work, "v2.json").read_bytes()
    source = Source(body)
    try:
        data = work / "data"
        follower = Follower(Plan((source.url,)), data, data / "schedule.json", 30.0, 64 << 20)
        first_wall, first_cpu, imported, _ = cycle(follower)
        assert imported
        walls, cpus, imports, requests = [], [], 0, 0
        before = len(source.requests)
        for _ in range(cycles):
            wall, cpu, imported, made = cycle(follower)
            walls.append(wall)
            cpus.append(cpu)
            imports += imported
            requests += made
        served = len(source.requests) - before
        source.set(changed_body)
        change_wall, change_cpu, imported, _ = cycle(follower)
        assert imported
    finally:
        source.stop()
    per = f"{cycles} cycles: {served} requests made, {source.not_modified} answered 304, {imports} imports"
    return [
        Figure(GOAL, "unchanged cycle, wall (median)", statistics.median(walls) * 1000, "ms", note=per),
        Figure(GOAL, "unchanged cycle, CPU (median)", statistics.median(cpus) * 1000, "ms"),
        Figure(GOAL, "unchanged cycle, requests", requests / cycles, "per cycle", 1.0),
        Figure(GOAL, "unchanged cycle, imports", imports / cycles, "per cycle", 0.0),
        Figure(GOAL, f"source size ({sessions:,} sessions, frab JSON)", len(body), "B"),
        Figure(GOAL, "first cycle (fetch + import), wall", first_wall, "s", note=f"CPU {first_cpu:.2f} s"),
        Figure(GOAL, "changed cycle, wall", change_wall, "s", note=f"CPU {change_cpu:.2f} s; fetch + import"),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=SESSIONS)
    parser.add_argument("--cycles", type=int, default=CYCLES)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report(measure(args.sessions, args.cycles), as_json=args.json)


if __name__ == "__main__":
    main()
