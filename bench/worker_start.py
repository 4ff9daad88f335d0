"""A worker's start: how long `create_app()` takes, and a gunicorn worker from its process start
to its first 200 on `/` (issue 23: the assets were built in every worker as it booted).

Each figure is the median of RUNS fresh processes, on a private copy of the shipped data.

    python bench/worker_start.py [--short] [--json]
"""

from __future__ import annotations

import os
import signal
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from common import ROOT, Figure, build_static, data_dir, free_port, main

GOAL = "Worker start"
RUNS = 5
TIMEOUT = 30.0
BIN = Path(sys.executable).parent  # gunicorn from the same environment as this Python
CREATE_APP = (
    "import time; t = time.perf_counter(); from webapp import create_app; i = time.perf_counter(); "
    "c = time.process_time(); create_app(); print(i - t, time.perf_counter() - i, time.process_time() - c)"
)


def create_app_seconds(data: Path) -> tuple[float, float, float]:
    """(import webapp, create_app(), its CPU time) in a fresh interpreter: the CPU time is the
    figure to compare on a busy machine."""
    env = {**os.environ, "HALLWAY_DATA_DIR": str(data)}
    done = subprocess.run(
        [sys.executable, "-c", CREATE_APP], cwd=ROOT, env=env, capture_output=True, text=True, timeout=TIMEOUT
    )
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-2000:])
    imported, created, cpu = done.stdout.split()
    return float(imported), float(created), float(cpu)


def first_200_seconds(data: Path) -> float:
    """From starting gunicorn with one worker to its first 200 on `/`."""
    port = free_port()
    cmd = [str(BIN / "gunicorn"), "--workers", "1", "--bind", f"127.0.0.1:{port}", "webapp:create_app()"]
    env = {**os.environ, "HALLWAY_DATA_DIR": str(data)}
    start = time.monotonic()
    proc = subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        while time.monotonic() - start < TIMEOUT:
            if proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {proc.returncode}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=TIMEOUT) as r:
                    if r.status == 200:
                        return time.monotonic() - start
            except (urllib.error.URLError, OSError):
                time.sleep(0.01)
        raise RuntimeError(f"no 200 on / within {TIMEOUT} s")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)


def run(short: bool) -> list[Figure]:
    data = data_dir()
    build_static(ROOT, {**os.environ, "HALLWAY_DATA_DIR": str(data)})  # once, not timed: a deployment's step
    runs = 2 if short else RUNS
    apps = [create_app_seconds(data) for _ in range(runs)]
    firsts = [first_200_seconds(data) for _ in range(runs)]
    ms = 1000
    return [
        Figure(GOAL, "import webapp", statistics.median(a[0] for a in apps) * ms, "ms"),
        Figure(GOAL, "create_app()", statistics.median(a[1] for a in apps) * ms, "ms"),
        Figure(GOAL, "create_app(), CPU time", statistics.median(a[2] for a in apps) * ms, "ms"),
        Figure(GOAL, "gunicorn process start to the first 200 on /", statistics.median(firsts) * ms, "ms"),
    ]


if __name__ == "__main__":
    main(run)
