"""The sending process under a real gunicorn (2 workers) while it is stuck in a fan-out to a
push service that accepts and never answers: a reload (SIGHUP to the master) ends the old
worker's sender and a new worker's sender takes the lead; a stop (SIGTERM to the master alone,
as an operator or a service manager sends it) leaves no process behind, and a new gunicorn
binds the same port at once (issue 38, finding 3: the old sender kept its lock through a
reload, and its copy of the listening socket through a restart)."""

from __future__ import annotations

import json
import os
import signal
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.harness.gunicorn import Gunicorn
from tests.harness.net import HOST, port_free, wait_for
from tests.harness.processes import alive, children, group, sockets, stat
from tests.unit.push.push_service import Device
from webapp.importers.follow_state import LOCK_FILE
from webapp.push.keys import PUSH_DIR

EVENT_NOW = datetime(2026, 4, 7, 6, 0, tzinfo=UTC)  # an hour before the fixture's first session
OFFSET = (EVENT_NOW - datetime.now(UTC)).total_seconds()
DEVICES = 3
BOOT = 30.0  # seconds for gunicorn's workers to start (and an old one to finish) on a busy machine
GONE_WITHIN = 3.0  # seconds from its worker's end to its sending process's: the kernel kills it
TAKEOVER = BOOT + 10.0  # a new worker boots, then its sender tries for the lead every 5 s (runner.WAIT)


class Silent:
    """A push service on 127.0.0.1 that accepts every connection, reads the request and never
    answers: a sender posting to it is stuck until its own time limits end the wait."""

    def __init__(self) -> None:
        self.listener = socket.create_server((HOST, 0))
        self.listener.settimeout(0.2)
        self.port = self.listener.getsockname()[1]
        self.requests = 0  # requests received (their first bytes), none answered
        self.held: list[socket.socket] = []
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def endpoint(self, name: str) -> str:
        return f"http://{HOST}:{self.port}/push/{name}"

    def _serve(self) -> None:
        while not self.stopped.is_set():
            try:
                conn, _ = self.listener.accept()
            except TimeoutError:
                continue
            self.held.append(conn)
            threading.Thread(target=self._read, args=(conn,), daemon=True).start()

    def _read(self, conn: socket.socket) -> None:
        conn.settimeout(30)
        try:
            if conn.recv(65536):
                self.requests += 1
        except OSError:
            pass

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join(timeout=5)
        for conn in self.held:
            conn.close()
        self.listener.close()


@pytest.fixture
def silent() -> Iterator[Silent]:
    s = Silent()
    yield s
    s.stop()


@pytest.fixture
def server(tmp_path: Path, serve) -> Gunicorn:
    env = {
        "HALLWAY_TEST_CLOCK_OFFSET": str(OFFSET),
        "HALLWAY_PUSH_SUBJECT": "mailto:ops@example.org",
        "HALLWAY_PUSH_LOOPBACK": "1",  # the push service stand-in is on 127.0.0.1
    }
    running = serve(Gunicorn(tmp_path, env=env, app="tests.harness.push_clock:create()"))
    running.wait_for_workers()
    return running


def lead(server: Gunicorn) -> int | None:
    """The process holding the push lead, as its lock file names it, if it runs."""
    try:
        pid = int((server.data_dir / PUSH_DIR / LOCK_FILE).read_text())
    except (OSError, ValueError):
        return None
    return pid if alive(pid) else None


def stuck_sender(server: Gunicorn, silent: Silent) -> int:
    """Subscribes devices to the silent service and publishes a correction; once the changes
    message is being sent (and never answered), the sending process's id."""
    for n in range(DEVICES):
        doc = {"subscription": Device(silent.endpoint(f"d{n}")).subscription(), "lead": 10, "wake": []}
        req = urllib.request.Request(
            server.url + "/api/v1/push/subscription", data=json.dumps(doc).encode(), method="PUT",
            headers={"Content-Type": "application/json"},
        )  # fmt: skip
        with urllib.request.urlopen(req, timeout=10) as resp:
            assert resp.status == 200
    server.publish({"kind": "edit", "session": "s1a2b3", "title": "Moved on"})
    wait_for(lambda: silent.requests >= 1, 30, "the sender to post to the silent push service")
    pid = wait_for(lambda: lead(server), 5, "a live process to hold the push lead")
    found = stat(pid)
    assert found is not None and alive(found.parent)  # forked by a worker that runs
    assert server.proc is not None
    master = server.proc.pid
    senders = [sender for worker in children(master) for sender in children(worker)]
    assert pid in senders
    for sender in senders:  # the listening socket above all, which its workers share
        assert not sockets(sender) & sockets(master), f"sender {sender} holds a socket of gunicorn's"
    return pid


def test_a_reload_ends_the_stuck_sender_and_a_new_workers_sender_takes_the_lead(server, silent):
    old = stuck_sender(server, silent)
    found = stat(old)
    assert found is not None
    old_worker = found.parent
    assert server.proc is not None
    master = server.proc.pid
    old_workers = set(children(master))
    assert old_worker in old_workers
    hup = time.monotonic()
    os.kill(master, signal.SIGHUP)
    wait_for(lambda: not alive(old_worker), BOOT, "the old worker to finish")
    worker_gone = time.monotonic()
    wait_for(lambda: not alive(old), GONE_WITHIN, "the old worker's stuck sender to be gone")
    gone = time.monotonic()

    def new_lead() -> int | None:
        pid = lead(server)
        sender = stat(pid) if pid is not None else None
        if sender is None:
            return None
        worker = stat(sender.parent)
        new_worker = worker is not None and worker.parent == master and sender.parent not in old_workers
        return pid if new_worker else None

    new = wait_for(new_lead, TAKEOVER, "a new worker's sender to hold the push lead")
    print(
        f"old sender gone {gone - hup:.2f} s after SIGHUP ({gone - worker_gone:.2f} s after its worker);"
        f" new lead {new} after {time.monotonic() - hup:.2f} s"
    )


def test_a_stop_leaves_no_process_and_a_new_gunicorn_binds_the_port_at_once(server, silent):
    stuck_sender(server, silent)
    assert server.proc is not None
    master = server.proc.pid  # its process group's id too (the harness starts a new session)
    term = time.monotonic()
    os.kill(master, signal.SIGTERM)  # the master alone: it stops its workers, they stop theirs
    server.proc.wait(timeout=BOOT)
    master_gone = time.monotonic()
    wait_for(lambda: not group(master), GONE_WITHIN, "every process of the stopped gunicorn to be gone")
    gone = time.monotonic()
    assert port_free(server.port), "something still listens on the stopped gunicorn's port"
    log_before = len(server.log())
    server.start()  # a new gunicorn on the same port and data
    assert "Address already in use" not in server.log()[log_before:]
    print(
        f"every process gone {gone - term:.2f} s after SIGTERM ({gone - master_gone:.2f} s after the master)"
    )
