"""Web Push at scale: one correction -> a changes message to 10,000 subscriptions, sent by the
real server (gunicorn, 2 workers, one of which sends) to a push service on 127.0.0.1 that
answers like FCM (HTTP/1.1 keep-alive, 201; a share of devices gone, 410). Measured: the time
from the correction's POST to the last delivery (the 2 s debounce included), and the feed's
read rate (GET /api/v1/changes, what every open phone polls) during the fan-out against the
same without it. The push service checks the VAPID JWT and decrypts one message in 100 with
the keys the bench made, so every figure is of messages a browser could read.

    .venv/bin/python bench/push_fanout.py [--subscriptions 10000] [--gone 0.05] [--json]
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import sqlite3
import sys
import threading
import time
from pathlib import Path

from common import ROOT, WRITE_ENV, Figure, data_dir, post_correction, report, server

sys.path.insert(0, str(ROOT))
from tests.unit.push.push_service import Device, PushService  # noqa: E402
from webapp.push.schema import key  # noqa: E402
from webapp.push.store import STORE_FILE, PushStore  # noqa: E402

GOAL = "Web Push fan-out"
SUBSCRIPTIONS = 10_000
READERS = 4  # threads polling the feed
WINDOW = 5.0  # seconds the read rate is measured without fan-out
TIMEOUT = 120.0


def read_rate(url: str, path: str, stop: threading.Event, counts: list[int]) -> None:
    host, port = url.removeprefix("http://").split(":")
    while not stop.is_set():
        conn = http.client.HTTPConnection(host, int(port), timeout=10)
        conn.request("GET", path)
        resp = conn.getresponse()
        resp.read()
        conn.close()
        if resp.status == 200:
            counts[0] += 1


def measure_reads(url: str, path: str, until) -> tuple[float, float]:  # noqa: ANN001 - a predicate
    """(requests per second, seconds measured) by READERS threads while `until()` is false."""
    stop, counts = threading.Event(), [[0] for _ in range(READERS)]
    threads = [threading.Thread(target=read_rate, args=(url, path, stop, c)) for c in counts]
    start = time.monotonic()
    for t in threads:
        t.start()
    try:
        while not until() and time.monotonic() - start < TIMEOUT:
            time.sleep(0.05)
    finally:
        stop.set()
        for t in threads:
            t.join(15)
    seconds = time.monotonic() - start
    return sum(c[0] for c in counts) / seconds, seconds


def run(subscriptions: int, gone_share: float) -> list[Figure]:
    data = data_dir()
    made = time.monotonic()
    devices = [Device("") for _ in range(subscriptions)]
    make_keys = time.monotonic() - made
    parent, child = multiprocessing.get_context("fork").Pipe()
    # The endpoints need the service's port: start it first, then name each device after it.
    proc = multiprocessing.get_context("fork").Process(
        target=service_process, args=(child, devices, gone_share)
    )
    proc.start()
    if not parent.poll(30):
        raise SystemExit("the push service did not start")
    origin = parent.recv()
    for i, d in enumerate(devices):
        d.endpoint = f"{origin}/push/{i:05d}"
    parent.send(("devices", [d.endpoint for d in devices]))
    expect = subscriptions
    try:
        with server(data, env={**WRITE_ENV, "HALLWAY_PUSH_LOOPBACK": "1"}) as url:
            store = PushStore(data / STORE_FILE)
            with sqlite3.connect(data / STORE_FILE) as db:  # one transaction for 10,000 rows
                db.executemany(
                    "INSERT INTO subscriber (ekey, endpoint, p256dh, auth, lead, created, updated)"
                    " VALUES (?, ?, ?, ?, 10, 0, 0)",
                    [(key(d.endpoint), d.endpoint, *d.subscription()["keys"].values()) for d in devices],
                )
            path = "/api/v1/changes?since=0"
            base, _ = _window(url, path)

            def delivered() -> bool:
                parent.send("report")
                return parent.recv()[0] >= expect

            sender = int((data / "push" / "lock").read_text())  # the process holding the lead sends
            parent.send("report")
            service_cpu0, sender_cpu0 = parent.recv()[-1], cpu(sender)
            t0 = time.monotonic()
            post_correction(url, {"kind": "cancel", "session": _a_session(data)})
            during, seconds = measure_reads(url, path, delivered)
            parent.send("report")
            count, first, last, checked, errors, connections, attempts, service_cpu = parent.recv()
            sender_cpu = cpu(sender) - sender_cpu0
            service_cpu -= service_cpu0
            # Gone ones are removed once the fan-out is over: wait for that, bounded.
            cleaned = time.monotonic() + 30
            while (left := store.count()) > subscriptions - round(subscriptions * gone_share):
                if time.monotonic() > cleaned:
                    break
                time.sleep(0.1)
    finally:
        parent.send("stop")
        proc.join(10)
    if errors:
        raise SystemExit(f"the push service refused messages: {errors}")
    gone = round(subscriptions * gone_share)
    note = (
        f"{subscriptions:,} subscriptions, {gone} gone (410), {connections} connections, {attempts:,} POSTs"
    )
    return [
        Figure(GOAL, "correction to last delivery", last - t0, "s", 10.0, note=note),
        Figure(GOAL, "correction to first delivery (the 2 s debounce)", first - t0, "s"),
        Figure(
            GOAL,
            "fan-out (first to last delivery)",
            last - first,
            "s",
            note=f"{(count - gone) / max(last - first, 1e-9):,.0f} messages/s",
        ),
        Figure(GOAL, "messages checked (VAPID + decrypted) by the push service", checked, "messages"),
        Figure(GOAL, "feed reads without fan-out", base, "req/s", better="higher", kind="score"),
        Figure(
            GOAL,
            "feed reads during fan-out",
            during,
            "req/s",
            better="higher",
            kind="score",
            note=f"{during / base:.0%} of the rate without, over {seconds:.1f} s",
        ),  # fmt: skip
        Figure(
            GOAL,
            "subscriptions left after the fan-out",
            left,
            "subscriptions",
            note=f"{subscriptions - left} removed as gone, expected {gone}",
        ),  # fmt: skip
        Figure(
            GOAL,
            "CPU of the sending process during the fan-out",
            sender_cpu,
            "s",
            note=f"{sender_cpu / max(count - gone, 1) * 1e6:,.0f} us per message",
        ),
        Figure(
            GOAL,
            "CPU of the local push service during the fan-out",
            service_cpu,
            "s",
            note="on this machine only: a real push service runs elsewhere",
        ),
        Figure(GOAL, "bench: making the device keys", make_keys, "s"),
    ]


def cpu(pid: int) -> float:
    """User + system CPU seconds of process `pid` (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _window(url: str, path: str) -> tuple[float, float]:
    end = time.monotonic() + WINDOW
    return measure_reads(url, path, lambda: time.monotonic() >= end)


def service_process(conn, devices: list[Device], gone_share: float) -> None:  # noqa: ANN001
    """The push service, in its own process so its work is not the bench's readers' GIL; told
    the endpoints once the parent named them after its port."""
    service = PushService(check_every=100)
    conn.send(service.origin)
    _, endpoints = conn.recv()
    prefix = len(service.origin)
    step = round(1 / gone_share) if gone_share else 0
    for i, (d, endpoint) in enumerate(zip(devices, endpoints, strict=True)):
        d.endpoint = endpoint
        service.devices[endpoint[prefix:]] = d
        if step and i % step == 0:
            service.gone[endpoint[prefix:]] = 410
    while conn.recv() != "stop":
        with service.lock:
            got = list(service.received)
            attempts = {path: len(times) for path, times in service.attempts.items()}
        times = [r.at for r in got]
        checked = sum(1 for r in got if r.payload is not None)
        done = len(got) + len(service.gone) if all(attempts.get(p) for p in service.gone) else 0
        conn.send((done, min(times, default=0), max(times, default=0), checked, service.errors[:3],
                   service.connections, sum(attempts.values()), time.process_time()))  # fmt: skip
    service.stop()


def _a_session(data: Path) -> str:
    return json.loads((data / "schedule.json").read_text(encoding="utf-8"))["sessions"][0]["id"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--subscriptions", type=int, default=SUBSCRIPTIONS)
    parser.add_argument(
        "--gone", type=float, default=0.05, help="share of devices the push service calls gone"
    )
    args = parser.parse_args()
    report(run(args.subscriptions, args.gone), as_json="--json" in sys.argv)


if __name__ == "__main__":
    main()
