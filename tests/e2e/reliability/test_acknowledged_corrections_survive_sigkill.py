"""Nothing acknowledged is lost: corrections published over HTTP to gunicorn while the whole
server is SIGKILLed at random moments are all there afterwards, exactly once, under gapless
increasing versions, and the server starts cleanly on the data it left behind. Each client sends
an Idempotency-Key and retries an unanswered correction with the same key once the server is
back, so every correction it meant to publish ends up stored exactly once.

Concurrent writers at the store level (4 processes) are proved in
tests/unit/corrections/test_store.py::test_concurrent_writers_lose_nothing_and_never_repeat_a_version;
here several HTTP clients publish at once through two gunicorn workers while the kills happen,
and four organizer processes publish 50 each at once through four workers.
"""

from __future__ import annotations

import http.client
import json
import random
import sqlite3
import threading
import time

from tests.harness.gunicorn import Gunicorn
from tests.harness.net import get_json, wait_for
from tests.harness.publish import post_correction

CORRECTIONS = 200
CLIENTS = 4
KILLS = 10
SEED = 8
ATTEMPTS = 20  # per correction; each unanswered one waits for the restart first


def changes(server: Gunicorn) -> dict:
    return get_json(server, "/api/v1/changes?since=0")


def elapsed(start: float) -> str:
    return f"{time.monotonic() - start:.1f} s"


def any_alive(threads: list[threading.Thread]) -> bool:
    return any(t.is_alive() for t in threads)


def test_acknowledged_corrections_survive_sigkill_exactly_once(tmp_path) -> None:
    server = Gunicorn(tmp_path).start()
    acked: dict[str, int] = {}  # note -> version the server answered
    retried: dict[str, int] = {}  # note -> attempts that got no answer before one did
    replayed: list[str] = []  # answered 200: an unanswered attempt had been stored
    lock = threading.Lock()
    numbers = iter(range(CORRECTIONS))

    def client(worker: int) -> None:
        rng = random.Random(SEED * 100 + worker)
        while True:
            with lock:
                i = next(numbers, None)
            if i is None:
                return
            note = f"rel-{i}"
            session = rng.choice(["s1a2b3", "k9x8y7"])
            body = {"kind": "edit", "session": session, "title": f"T{i}", "note": note}
            for attempt in range(ATTEMPTS):
                try:
                    status, _, data = post_correction(server, body, timeout=10, key=f"key-{note}")
                except (OSError, http.client.HTTPException):  # refused, reset or cut mid-answer
                    status, data = 0, b""
                if status in (200, 201):
                    with lock:
                        acked[note] = json.loads(data)["version"]
                        retried[note] = attempt
                        if status == 200:
                            replayed.append(note)
                    break
                # No answer: it may or may not be stored. Retrying with the same key is safe.
                assert status in (0, 502, 503), (status, data)
                deadline = time.monotonic() + 30
                while not server_up.is_set() and time.monotonic() < deadline:
                    server_up.wait(0.05)
            else:
                raise AssertionError(f"{note}: no answer after {ATTEMPTS} attempts")

    server_up = threading.Event()
    server_up.set()
    started = time.monotonic()
    threads = [threading.Thread(target=client, args=(w,), daemon=True) for w in range(CLIENTS)]
    for t in threads:
        t.start()

    rng = random.Random(SEED)
    # Kill at random points spread over the run, then a few ms later: usually mid-request.
    targets = sorted(rng.sample(range(5, CORRECTIONS - 5), KILLS))
    kills = 0
    try:
        for target in targets:
            wait_for(lambda t=target: len(acked) >= t or not any_alive(threads), 60)
            time.sleep(rng.uniform(0, 0.03))
            server_up.clear()
            server.kill()
            kills += 1
            server.start()
            server_up.set()
        for t in threads:
            t.join(timeout=120)
            assert not t.is_alive(), "a client did not finish in time"

        # A clean start on what the kills left behind: no traceback, the store is sound.
        server.stop()
        with sqlite3.connect(server.data_dir / "corrections.sqlite3") as db:
            assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        mark = len(server.log())
        server.start()
        assert "Traceback" not in server.log()[mark:]
        feed = changes(server)
    finally:
        server.stop()

    stored = feed["changes"]
    versions = [c["version"] for c in stored]
    notes = [c["note"] for c in stored]
    print(
        f"\ndurability: {CORRECTIONS} corrections by {CLIENTS} clients, {kills} SIGKILLs, "
        f"{server.starts} starts, {sum(retried.values())} unanswered attempts retried with their key "
        f"({len(replayed)} of those had been stored: answered 200), {len(stored)} stored, "
        f"newest version {feed['version']}, {elapsed(started)}"
    )
    assert kills == KILLS
    assert versions == list(range(1, len(stored) + 1)), "versions have a gap, a repeat or are out of order"
    assert feed["version"] == len(stored)
    assert len(set(notes)) == len(notes), "a correction is stored twice"
    missing = {n: v for n, v in acked.items() if n not in notes}
    assert missing == {}, f"acknowledged corrections were lost: {missing}"
    by_note = {c["note"]: c["version"] for c in stored}
    assert all(by_note[n] == v for n, v in acked.items()), "an acknowledged version changed"
    # Every correction the clients meant to publish, stored exactly once: none left unanswered.
    assert sorted(notes) == sorted(f"rel-{i}" for i in range(CORRECTIONS))
    assert sum(retried.values()) >= KILLS // 2, "too few requests cut by the kills for the test to mean much"


def organizer(port: int, worker: int, count: int, queue) -> None:
    """One organizer's process: `count` corrections in a row over HTTP, each acknowledged."""
    from tests.harness.publish import TOKEN

    acked = []
    for i in range(count):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        body = {"kind": "edit", "session": "q4w5e6", "title": f"o{worker}-{i}", "note": f"o{worker}-{i}"}
        headers = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"}
        conn.request("POST", "/api/v1/corrections", json.dumps(body), headers)
        resp = conn.getresponse()
        acked.append((resp.status, json.loads(resp.read()).get("version"), body["note"]))
        conn.close()
    queue.put(acked)


def test_four_organizer_processes_publishing_at_once_lose_nothing(tmp_path) -> None:
    import multiprocessing

    workers, each = 4, 50
    server = Gunicorn(tmp_path, workers=4).start()
    started = time.monotonic()
    try:
        ctx = multiprocessing.get_context("spawn")
        queue = ctx.Queue()
        procs = [ctx.Process(target=organizer, args=(server.port, w, each, queue)) for w in range(workers)]
        for p in procs:
            p.start()
        acked = [entry for _ in procs for entry in queue.get(timeout=120)]
        for p in procs:
            p.join(timeout=30)
            assert p.exitcode == 0
        feed = changes(server)
    finally:
        server.stop()
    stored = feed["changes"]
    print(
        f"\norganizers: {workers} processes x {each} corrections through 4 gunicorn workers, "
        f"{len(stored)} stored, newest version {feed['version']}, {elapsed(started)}"
    )
    assert {status for status, _, _ in acked} == {201}
    assert [c["version"] for c in stored] == list(range(1, workers * each + 1))
    assert sorted((v, n) for _, v, n in acked) == [(c["version"], c["note"]) for c in stored]
    titles = [c["after"]["title"] for c in stored]
    assert [c["before"]["title"] for c in stored[1:]] == titles[:-1]  # each saw the newest state
