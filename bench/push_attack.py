"""Web Push under attack (issue 38, finding 2): does an honest phone's reminder still go out
on time when the store holds N hostile subscriptions whose wake-ups are due at the same
instant? Kinds of hostile push service (each on an origin of its own, on 127.0.0.1): "drip"
(a header byte a second, never done), "hang" (never answers), "503" (503 + Retry-After: 60),
"big" (a 256 MB answer), "nxdomain" (names under .invalid, no server at all), "mixed" (all of
them, N split), and "none" (the baseline: N honest phones instead).

The real sending loop's pass (Runner.step, clock pinned) sends the wake-ups; measured per run:
the honest wake-up's delay from the pass to its arrival at the honest stand-in, the wake-up
fan-out's duration, then a changes fan-out to all N+1 (the lane a correction fills), and the
process's RSS (the stand-ins run in it too, answering without buffering) at its highest while
sending, above what it was before.

    .venv/bin/python bench/push_attack.py [--sizes 32,96] [--runs 3] [--kinds ...] [--json]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from tests.unit.push.push_service import Device, PushService  # noqa: E402
from webapp import create_app  # noqa: E402
from webapp.push.schedule import changes_message  # noqa: E402
from webapp.push.store import Subscription  # noqa: E402
from webapp.serving import push, runtime  # noqa: E402

KINDS = ("none", "drip", "hang", "503", "big", "nxdomain", "mixed")
AT = datetime(2026, 4, 7, 7, 0, tzinfo=UTC)  # the first run's instant; each run a minute later
FIXTURE = HERE.parent / "tests" / "fixtures" / "mini_schedule.json"


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def rss() -> int:
    return int(Path("/proc/self/statm").read_text().split()[1]) * 4096


class Peak:
    """The highest RSS seen while the block runs, sampled every 20 ms."""

    def __enter__(self) -> Peak:
        self.base = self.high = rss()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()
        return self

    def _sample(self) -> None:
        while not self.stop.wait(0.02):
            self.high = max(self.high, rss())

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join()
        self.high = max(self.high, rss())


def hostile_devices(kind: str, n: int, services: dict[str, PushService], honest: PushService) -> list[Device]:
    if kind == "none":
        return [honest.device(f"other{i}") for i in range(n)]
    if kind == "nxdomain":
        return [Device(f"https://p{i}.push.hallway.invalid/push/x") for i in range(n)]
    if kind == "mixed":
        kinds = ("drip", "hang", "503", "big", "nxdomain")
        out: list[Device] = []
        for j, k in enumerate(kinds):
            share = n // len(kinds) + (1 if j < n % len(kinds) else 0)
            out += hostile_devices(k, share, services, honest)
        return out
    return [services[kind].hostile(f"{kind}{i}", kind) for i in range(n)]


def scenario(kind: str, n: int, runs: int) -> dict:
    data = Path(tempfile.mkdtemp(prefix="hallway-push-attack-"))
    shutil.copy(FIXTURE, data / "schedule.json")
    clock = Clock(AT - timedelta(minutes=5))
    app = create_app({"TESTING": True, "DATA_DIR": str(data), "CLOCK": clock, "PUSH_LOOPBACK": True})
    honest = PushService(now=clock, check_every=1)
    services = {k: PushService(now=clock) for k in ("drip", "hang", "503", "big")}
    run = push.runner(runtime(app))
    store = runtime(app).push_store
    instants = [int((AT + timedelta(minutes=r)).timestamp()) for r in range(runs)]
    for device in [*hostile_devices(kind, n, services, honest), honest.device("phone")]:
        keys = device.subscription()["keys"]
        sub = Subscription(device.endpoint, keys["p256dh"], keys["auth"], 10)
        store.put(sub, instants, clock.now.timestamp())
    delays, wake_fanouts, changes_fanouts, grown = [], [], [], []
    try:
        for r in range(runs):
            clock.now = AT + timedelta(minutes=r)
            seen = len(honest.received)
            with Peak() as peak:
                started = time.monotonic()
                run.step()
                delay = None
                while time.monotonic() - started < 120 and delay is None:
                    for got in honest.received[seen:]:
                        if got.path == "/push/phone" and got.payload and got.payload.get("kind") == "wake":
                            delay = got.at - started
                    time.sleep(0.002)
                for fanout, _ in list(run.inflight):
                    fanout.wait(180)
                wake_fanouts.append(time.monotonic() - started)
                run.step()  # records the outcome: failures counted, endpoints failing 5 times dropped
                messages = [changes_message(s, r + 1) for s in store.all()]
                t = time.monotonic()
                run.sender.send_all(messages, "changes")
                changes_fanouts.append(time.monotonic() - t)
            delays.append(delay if delay is not None else float("inf"))
            grown.append(peak.high - peak.base)
    finally:
        run.stop()
        for s in [honest, *services.values()]:
            s.stop()
        shutil.rmtree(data, ignore_errors=True)
    return {
        "kind": kind,
        "n": n,
        "delay_median_s": statistics.median(delays),
        "delay_max_s": max(delays),
        "delay_first_s": delays[0],
        "wake_fanout_max_s": max(wake_fanouts),
        "changes_fanout_max_s": max(changes_fanouts),
        "rss_growth_max_mb": max(grown) / 1e6,
        "rss_mb": rss() / 1e6,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="32,96")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    print(
        f"{'kind':9} {'N':>4} {'wake delay median/max (first) s':>32} {'wake fan-out s':>15}"
        f" {'changes fan-out s':>18} {'RSS +MB':>8}",
        flush=True,
    )
    for n in (int(x) for x in args.sizes.split(",")):
        for kind in args.kinds.split(","):
            row = scenario(kind, n, args.runs)
            rows.append(row)
            if args.json:
                print(json.dumps(row), flush=True)
            else:
                delay = f"{row['delay_median_s']:.3f} / {row['delay_max_s']:.3f} ({row['delay_first_s']:.3f})"
                print(
                    f"{kind:9} {n:>4} {delay:>32} {row['wake_fanout_max_s']:>15.2f}"
                    f" {row['changes_fanout_max_s']:>18.2f} {row['rss_growth_max_mb']:>8.1f}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
