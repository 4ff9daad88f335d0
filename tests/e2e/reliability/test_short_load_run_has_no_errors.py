"""The short form of bench/load.py, run in CI: gunicorn (2 workers) under wrk on the schedule
feed, the app shell, a session's QR code and the calendar export, with corrections published
meanwhile and simulated phones polling the feed as the app does. Zero errors anywhere, and
every phone ends on the newest version (the same bytes a fresh client gets). The long run and
its figures: `.venv/bin/python bench/load.py` (see the benchmarks' docs)."""

from __future__ import annotations

import hashlib
import http.client
import json
import threading
import time
import urllib.parse

from tests.harness.bench import bench_module
from tests.harness.net import wait_for

common, load = bench_module("common"), bench_module("load")  # the long run's own server and wrk

SECONDS = 2
PHONES = 6


class Phone(threading.Thread):
    """Polls as the app does: the feed with the ETag it holds, sometimes the changes since its version."""

    def __init__(self, url: str, n: int) -> None:
        super().__init__(daemon=True)
        parts = urllib.parse.urlsplit(url)
        self.host, self.port, self.n = parts.hostname, parts.port, n
        self.version, self.etag, self.digest = -1, None, ""
        self.polls, self.errors = 0, []
        self.stop = threading.Event()

    def get(self, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=10)
        try:
            conn.request("GET", path, headers=headers)
            resp = conn.getresponse()
            return resp.status, dict(resp.getheaders()), resp.read()
        finally:
            conn.close()

    def poll(self) -> None:
        self.polls += 1
        if self.polls % 3 == 0 and self.version >= 0:
            status, _, body = self.get(f"/api/v1/changes?since={self.version}", {})
            if status != 200:
                self.errors.append(f"changes {status}")
                return
            if json.loads(body)["version"] == self.version:
                return  # nothing new: no need to fetch the schedule
        status, headers, body = self.get(
            "/api/v1/schedule.json", {"If-None-Match": self.etag} if self.etag else {}
        )
        if status == 200:
            version = json.loads(body)["version"]
            if version < self.version:
                self.errors.append(f"stepped back from {self.version} to {version}")
            self.version, self.etag, self.digest = (
                version,
                headers.get("ETag"),
                hashlib.sha256(body).hexdigest(),
            )
        elif status != 304:
            self.errors.append(f"schedule {status}")

    def run(self) -> None:
        deadline = time.monotonic() + 120
        while not self.stop.is_set() and time.monotonic() < deadline:
            try:
                self.poll()
            except (OSError, http.client.HTTPException, ValueError) as exc:
                self.errors.append(repr(exc))
            self.stop.wait(0.05 + 0.01 * self.n)


def test_short_load_run_has_no_errors_and_every_phone_ends_on_the_newest_version() -> None:
    with common.server(common.data_dir(), workers=2, env=common.WRITE_ENV) as url:
        sid = json.loads(Phone(url, 0).get("/api/v1/schedule.json", {})[2])["sessions"][0]["id"]
        phones = [Phone(url, n) for n in range(PHONES)]
        for p in phones:
            p.start()
        corrector = load.Corrector(url, interval=0.25)
        corrector.start()
        targets = [
            ("schedule feed", "/api/v1/schedule.json", load.FEED_LUA),
            ("app shell", "/", load.PLAIN_LUA),
            ("session QR code", f"/session/{sid}/qr.svg", load.PLAIN_LUA),
            ("calendar export", "/schedule.ics", load.PLAIN_LUA),
        ]
        try:
            results = [(name, load.wrk(url, path, lua, SECONDS)) for name, path, lua in targets]
        finally:
            corrector.stop.set()
            corrector.join(timeout=15)
        fresh = Phone(url, 0)
        status, _, body = fresh.get("/api/v1/schedule.json", {})
        newest, digest = json.loads(body)["version"], hashlib.sha256(body).hexdigest()
        try:
            wait_for(lambda: all(p.version == newest for p in phones), 20)
        finally:
            for p in phones:
                p.stop.set()
                p.join(timeout=15)

    print(f"\nshort load run, {SECONDS} s a target, 16 connections, gunicorn 2 workers:")
    for name, r in results:
        rps, p99, bad, errors = r["rps"], r["p99"], r["bad"], r["errors"]
        print(f"  {name}: {rps:,.0f} req/s, p99 {p99:.1f} ms, {bad:.0f} bad, {errors:.0f} errors")
    print(
        f"  {corrector.published} corrections published ({corrector.failed} failed), newest version "
        f"{newest}; {PHONES} phones polled {sum(p.polls for p in phones)} times, all ended on it"
    )
    assert status == 200
    assert all(r["bad"] == 0 and r["errors"] == 0 for _, r in results), results
    assert corrector.failed == 0 and corrector.published >= 4
    assert newest >= corrector.published  # every acknowledged correction is in the newest version
    assert [p.errors for p in phones] == [[]] * PHONES
    assert {p.digest for p in phones} == {digest}, "a phone holds other bytes than a fresh client gets"
