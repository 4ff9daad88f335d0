"""Server overhead (issue 28): what a request costs Hallway beyond what gunicorn costs anyway.

hello-world (bench/hello.py) and Hallway run on the same gunicorn configuration (2 sync workers,
as in production) on loopback; for each URL the same wrk load (bench/load.py's `wrk`: 1 thread,
16 connections, the URL's headers sent to both) is run against hello-world, then Hallway (then
another checkout, `--base DIR`), in turn, `--rounds` times. A figure is Hallway's rate as a share
of hello-world's in the same round (median of the rounds): the machine's other work lowers both.
Beside it, the servers' CPU time per request (their processes' utime + stime over the run / the
requests served), the figure other work on the cores changes least.

    .venv/bin/python bench/overhead.py [--seconds N] [--rounds N] [--base DIR] [--congress]

`--base DIR`: a checkout of an older commit (e.g. `git worktree add /tmp/base e2a1de1`), served
from the same virtualenv, measured in the same rounds.
"""

from __future__ import annotations

import base64
import http.client
import json
import os
import statistics
import sys
import tempfile
import urllib.request
from contextlib import ExitStack
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from common import Figure, congress_data, data_dir, main, server
from load import wrk

GOAL = "Server overhead"
TARGET = 80.0  # % of hello-world's rate (issue 28)
SECONDS = 3
ROUNDS = 3
TICK = os.sysconf("SC_CLK_TCK")
REPLAY = "its answers replayed by a WSGI app that decides nothing"


def arg(name: str, default: str | None) -> str | None:
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def lua(headers: dict[str, str]) -> str:
    return "".join(f"wrk.headers[{k!r}] = {v!r}\n" for k, v in headers.items())


def cpu_seconds(port: int) -> float:
    """utime + stime of gunicorn's processes serving `port` (its master and workers)."""
    total = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if f"127.0.0.1:{port}".encode() not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / TICK


def urls(url: str) -> list[tuple[str, str, dict[str, str]]]:
    """(name, path, headers) of each request measured, the ETags as a phone holds them."""
    coding = {"Accept-Encoding": "br, gzip"}

    def revalidating(path: str) -> dict[str, str]:
        """The headers of a phone that holds `path`'s answer (a checkout whose answer has no
        ETag, the changes feed before it had one: those of a plain fetch)."""
        req = urllib.request.Request(url + path, headers=coding)
        with urllib.request.urlopen(req, timeout=30) as r:
            etag = r.headers["ETag"]
        return {**coding, "If-None-Match": etag} if etag else coding

    with urllib.request.urlopen(url + "/api/v1/outline.json", timeout=30) as r:
        doc = json.loads(r.read())
    since = f"/api/v1/changes?since={doc['version']}&stamp={doc['stamp']}"
    documents = [(f"{kind}.json, 304", f"/api/v1/{kind}.json") for kind in ("outline", "schedule", "texts")]
    out = [(name, path, revalidating(path)) for name, path in documents]
    out += [
        ("changes at the newest version, 200", since, coding),
        ("changes at the newest version, 304", since, revalidating(since)),
        ("app shell, 200", "/", coding),
        ("app shell, 304", "/", revalidating("/")),
    ]
    return out


HOP_BY_HOP = {"connection", "date", "server", "transfer-encoding", "keep-alive"}  # gunicorn's own


def record(url: str, asked: list[tuple[str, str, dict[str, str]]], where: Path) -> Path:
    """Hallway's answer to each request, for bench/hello.py's `replay` floor."""
    out = []
    split = urlsplit(url)
    for _, path, headers in asked:
        conn = http.client.HTTPConnection(split.hostname, split.port, timeout=30)
        conn.request("GET", path, headers=headers)
        resp = conn.getresponse()
        kept = [(k, v) for k, v in resp.getheaders() if k.lower() not in HOP_BY_HOP]
        out.append({
            "url": path, "conditional": "If-None-Match" in headers, "status": f"{resp.status} {resp.reason}",
            "headers": kept, "body": base64.b64encode(resp.read()).decode(),
        })  # fmt: skip
        conn.close()
    where.write_text(json.dumps(out))
    return where


def run(short: bool = False) -> list[Figure]:
    if short:
        return []
    seconds = int(arg("--seconds", str(SECONDS)) or SECONDS)
    rounds = int(arg("--rounds", str(ROUNDS)) or ROUNDS)
    base = arg("--base", None)
    data = (lambda: congress_data()[1]) if "--congress" in sys.argv else data_dir
    replayed = Path(tempfile.mkdtemp(prefix="hallway-replay-")) / "answers.json"
    apps: dict[str, dict[str, Any]] = {"hello-world": {"app": "hello:app"}, "Hallway": {}}
    if base:
        apps[f"Hallway at {Path(base).name}"] = {"env": {"HALLWAY_BENCH_APP": str(Path(base).resolve())}}
    # Started last: it replays what Hallway answered (recorded once Hallway runs).
    apps[REPLAY] = {"app": "hello:replay", "env": {"HALLWAY_REPLAY": str(replayed)}}
    floors = ("hello-world", REPLAY)
    with ExitStack() as stack:
        served = {}
        for name, how in apps.items():
            if name == REPLAY:
                record(served["Hallway"], urls(served["Hallway"]), replayed)
            env = how.get("env")
            if env:  # common.server reads the checkout from the environment as it starts
                os.environ.update(env)
            try:
                app = how.get("app", "webapp:create_app()")
                served[name] = stack.enter_context(server(data(), workers=2, app=app))
            finally:
                for key in env or {}:
                    os.environ.pop(key, None)
        asked = {name: urls(url) for name, url in served.items() if name not in floors}
        names = [n for n, _, _ in asked["Hallway"]]
        rps: dict[tuple[str, str], list[float]] = {}
        cpu: dict[tuple[str, str], list[float]] = {}
        for _ in range(rounds):
            for i, what in enumerate(names):
                for name, url in served.items():
                    _, path, headers = asked.get(name, asked["Hallway"])[i]
                    port = int(url.rsplit(":", 1)[1])
                    before = cpu_seconds(port)
                    r = wrk(url, path, lua(headers), seconds)
                    used = cpu_seconds(port) - before
                    rps.setdefault((what, name), []).append(r["rps"])
                    cpu.setdefault((what, name), []).append(used / max(1.0, r["rps"] * seconds) * 1e6)

    def share(what: str, name: str, floor: str) -> float:
        return statistics.median(
            100 * a / b for a, b in zip(rps[(what, name)], rps[(what, floor)], strict=True)
        )

    def med(table: dict[tuple[str, str], list[float]], what: str, name: str) -> float:
        return statistics.median(table[(what, name)])

    figures = []
    for what in names:
        for name in apps:
            if name in floors:
                continue
            note = (
                f"{med(rps, what, name):,.0f} req/s, hello-world {med(rps, what, 'hello-world'):,.0f}; "
                f"server CPU {med(cpu, what, name):,.0f} us a request, hello-world "
                f"{med(cpu, what, 'hello-world'):,.0f}; {share(what, name, REPLAY):.0f} % of the rate of "
                f"{REPLAY} ({med(rps, what, REPLAY):,.0f} req/s, {med(cpu, what, REPLAY):,.0f} us)"
            )
            value = share(what, name, "hello-world")
            figures.append(
                Figure(GOAL, f"{name}: {what}", value, "% of hello-world", TARGET, "time", "higher", note)
            )
    return figures


if __name__ == "__main__":
    main(run)
