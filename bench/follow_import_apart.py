"""What a reader waits while the server's follower imports a large source, and what the
import leaves in the serving process's memory: parse and merge in the serving process (as
before) against in a child process (`importers.isolated`, what the server does now).

One process plays a serving worker: the follower's `Runner.step` runs in its thread while the
main thread keeps asking for `/api/v1/changes` (a reader's cheap, frequent request) through
the app, timing each answer. The source is a frab schedule.xml of N sessions in a file.

    .venv/bin/python bench/follow_import_apart.py [--sessions N]

Measured (10,000 sessions, 2 cores shared with other jobs, load ~9): the import took 91 s in
the serving process and 81 s apart; a reader's worst wait while it ran 61 ms and 49 ms
(median 0.5 ms both: the interpreter switches threads every 5 ms); the serving process grew
124 MB importing itself and not at all apart. Either way, the first answer after the new file
was written waited 3.7-9.1 s: the worker read the new version and worked out what changed
(`schedule_from_dict`, `clean_schedule`, `source_changes`, ~0.7 ms a session) on that request.
Since that version is built in a background thread while the last one is served
(webapp/serving/building.py), the worst answer after the write, until 100 answers after the
new version is served, took 86 ms (import in the serving process) and 200 ms (apart): the
background thread's long C calls (one `json.dumps` of the document) still hold the interpreter.
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.harness.sources import frab  # noqa: E402
from webapp import create_app  # noqa: E402
from webapp.serving import runtime  # noqa: E402
from webapp.serving.follow import Runner  # noqa: E402

PACE = 0.01


def rss_mb() -> float:
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * resource.getpagesize() / 2**20


def run(sessions: int, apart: bool) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        talks = [(str(10_000 + i), f"{9 + i % 9:02d}:00", "00:30", f"Room {i % 90}", f"Talk {i}",
                  f"Person {i}") for i in range(sessions)]  # fmt: skip
        (folder / "source.xml").write_text(frab(talks), encoding="utf-8")
        (folder / "follow.json").write_text(json.dumps({"sources": ["source.xml"]}), encoding="utf-8")
        data = folder / "data"
        data.mkdir()
        shutil.copy(ROOT / "tests" / "fixtures" / "mini_schedule.json", data / "schedule.json")
        app = create_app({
            "TESTING": True, "DATA_DIR": str(data), "FOLLOW": str(folder / "follow.json"),
            "FOLLOW_IN_BACKGROUND": False, "IMPORT_MAX_SESSIONS": sessions, "IMPORT_TIMEOUT": 900.0,
        })  # fmt: skip
        rt = runtime(app)
        runner = Runner(rt)
        if not apart:
            runner.follower.isolation = None  # parse and merge in this process, as before
        client = app.test_client()
        client.get("/api/v1/changes?since=0")  # warm
        before = rss_mb()
        step = threading.Thread(target=runner.step)
        began = time.perf_counter()
        step.start()
        written = rt.schedule_path.stat().st_mtime_ns
        waits: list[float] = []  # while the import parses and merges (the file not yet replaced)
        after: list[float] = []  # once written, until the new version is served and a while after
        deadline = time.monotonic() + 1800
        served = 0  # answers after the new version was served here
        took = 0.0
        while (step.is_alive() or served < 100) and time.monotonic() < deadline:
            t = time.perf_counter()
            client.get("/api/v1/changes?since=0")
            during = rt.schedule_path.stat().st_mtime_ns == written
            (waits if during else after).append((time.perf_counter() - t) * 1000)
            if not step.is_alive():
                took = took or time.perf_counter() - began
                served += rt.published.get(rt.store.head()) is not None
            time.sleep(PACE)  # a reader every 10 ms, not a loop that takes the interpreter itself
        step.join()
        rt.builds.wait_idle(60)  # before the folder goes
        status = rt.problems.current()
        if status:
            raise SystemExit(f"the import failed: {status}")
        return {
            "import_s": took,
            "reader_requests": len(waits),
            "reader_median_ms": statistics.median(waits),
            "reader_max_ms": max(waits),
            "reader_max_ms_after_write": max(after, default=0.0),
            "rss_growth_mb": rss_mb() - before,
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=10_000)
    args = parser.parse_args()
    for apart in (False, True):
        figures = run(args.sessions, apart)
        where = "child process" if apart else "serving process"
        print(f"{args.sessions:,} sessions, import in the {where}: "
              + ", ".join(f"{k} {v:.1f}" for k, v in figures.items()))  # fmt: skip


if __name__ == "__main__":
    main()
