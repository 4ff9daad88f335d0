"""Server throughput: gunicorn, 2 workers, on loopback, measured with wrk, corrections published
meanwhile (one a second, through the HTTP write path).

Targets, quoted as ratios to pretalx on the same kind of machine (issue 7): its JSON export
serves 28 requests/s and its schedule page 80; the feed should do 100x (2,800/s), the app
shell 20x (1,600/s). The feed is asked as phones ask it: with the ETag they hold (a 304 until
a correction lands), and one request in ten from a new phone without one (a cached 200).

    .venv/bin/python bench/load.py [--json] [--seconds N]
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.request
from pathlib import Path

from common import WRITE_ENV, Figure, data_dir, main, post_correction, server

GOAL = "Server"
PRETALX_JSON = 28
PRETALX_PAGE = 80
SECONDS = 8
CONNECTIONS = 16

FEED_LUA = """
local etag = nil
local n = 0
request = function()
  n = n + 1
  local headers = { ["Accept-Encoding"] = "br, gzip" }
  if etag and n % 10 ~= 0 then headers["If-None-Match"] = etag end
  return wrk.format("GET", "/api/v1/schedule.json", headers)
end
response = function(status, headers, body)
  if headers["ETag"] then etag = headers["ETag"] end
end
"""
PLAIN_LUA = 'wrk.headers["Accept-Encoding"] = "br, gzip"\n'


def wrk(url: str, path: str, lua: str, seconds: int) -> dict[str, float]:
    if shutil.which("wrk") is None:
        raise RuntimeError("wrk is missing (scripts/test.sh installs it with apt-get)")
    script = Path(tempfile.mkdtemp(prefix="hallway-wrk-")) / "script.lua"
    script.write_text(lua)
    cmd = [
        "wrk",
        "-t1",
        f"-c{CONNECTIONS}",
        f"-d{seconds}s",
        "--timeout",
        "5s",
        "--latency",
        "-s",
        str(script),
        url + path,
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=seconds + 30).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", out)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    return {
        "rps": rps,
        "p99": float(p99.group(1)) * scale[p99.group(2)] if p99 else float("nan"),
        "bad": float(bad.group(1)) if bad else 0.0,
        "errors": float(sum(map(int, errors.groups()))) if errors else 0.0,
    }


class Corrector(threading.Thread):
    """Publishes a correction every `interval` seconds until stopped: a session moving rooms."""

    def __init__(self, url: str, interval: float = 1.0):
        super().__init__(daemon=True)
        self.url, self.interval, self.published, self.failed = url, interval, 0, 0
        self.stop = threading.Event()
        with urllib.request.urlopen(url + "/api/v1/schedule.json", timeout=10) as r:
            doc = json.loads(r.read())
        self.session = doc["sessions"][0]["id"]
        self.rooms = [r["id"] for r in doc["rooms"]][:2]

    def run(self) -> None:
        i = 0
        while not self.stop.wait(self.interval):
            i += 1
            body = {"kind": "move", "session": self.session, "room": self.rooms[i % 2]}
            try:
                post_correction(self.url, body)
                self.published += 1
            except OSError:
                self.failed += 1


# gunicorn's default sync worker closes the connection after each response; a threaded worker
# keeps it open, as phones and wrk would like. Production (scripts/serve-prod.sh) runs sync.
CONFIGS = {
    "sync": {},
    "gthread, 4 threads": {"GUNICORN_CMD_ARGS": "--worker-class gthread --threads 4"},
}


def measure(config: str, seconds: int) -> list[Figure]:
    env = CONFIGS[config]
    with server(data_dir(), workers=2, app="hello:app", env=env) as url:
        floor = wrk(url, "/", PLAIN_LUA, seconds)
    with server(data_dir(), workers=2, env={**WRITE_ENV, **env}) as url:
        with urllib.request.urlopen(url + "/api/v1/schedule.json", timeout=10) as r:
            sid = json.loads(r.read())["sessions"][0]["id"]
        targets = [
            ("schedule feed (304s and cached 200s)", "/api/v1/schedule.json", FEED_LUA, PRETALX_JSON, 100),
            ("app shell", "/", PLAIN_LUA, PRETALX_PAGE, 20),
            ("session QR code (SVG)", f"/session/{sid}/qr.svg", PLAIN_LUA, None, None),
            ("calendar export (whole event)", "/schedule.ics", PLAIN_LUA, None, None),
        ]
        wrk(url, "/", PLAIN_LUA, 1)  # warm both workers
        corrector = Corrector(url)
        corrector.start()
        results = []
        try:
            for name, path, lua, base, ratio in targets:
                results.append((name, base, ratio, wrk(url, path, lua, seconds)))
        finally:
            corrector.stop.set()
            corrector.join(timeout=15)
    floor_note = "what gunicorn serves on this machine right now when the app costs nothing"
    figures = [
        Figure(GOAL, f"[{config}] floor: hello-world WSGI app", floor["rps"], "req/s", note=floor_note)
    ]
    for name, base, ratio, r in results:
        note = f"p99 {r['p99']:.1f} ms; {r['rps'] / floor['rps']:.0%} of the floor"
        if r["bad"] or r["errors"]:
            note += f"; {r['bad']:.0f} non-2xx/3xx, {r['errors']:.0f} socket errors"
        if base:
            note += f"; {r['rps'] / base:.0f}x pretalx ({base}/s)"
        target = base * ratio if base and ratio else None
        figures.append(Figure(GOAL, f"[{config}] {name}", r["rps"], "req/s", target, "time", "higher", note))
    published = f"{corrector.published} corrections published during the runs, {corrector.failed} failed"
    figures[-1].note += f"; {published}"
    return figures


def run(short: bool = False) -> list[Figure]:
    if short:
        return []
    seconds = int(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else SECONDS
    return [f for config in CONFIGS for f in measure(config, seconds)]


if __name__ == "__main__":
    main(run)
