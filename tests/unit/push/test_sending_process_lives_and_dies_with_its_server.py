"""The sending process forked by a serving process (webapp/push/runner.fork) holds none of its
parent's sockets nor its lead's lock, and dies when its parent dies, even stuck in a fan-out
that never ends: a reloaded or restarted server leaves nothing behind that keeps its port or
the right to send (issue 38, finding 3). Its parent here is a small process of the test's
(forking_parent.py); gunicorn itself is in tests/e2e/push/."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.harness import ROOT
from tests.harness.net import wait_for
from tests.harness.processes import alive
from webapp.importers.follow_state import Lead
from webapp.push.keys import PUSH_DIR

GONE_WITHIN = 3.0  # seconds: the kernel's signal is at once, the watching thread looks twice a second


@pytest.fixture(params=["main", "thread"])
def parent(request, tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], dict]]:
    """The forking process and what it printed. 'thread': it forked from a thread that has ended
    since, which must not take the child with it (the kernel's death signal follows a thread)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.unit.push.forking_parent", str(tmp_path), request.param],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert proc.stdout is not None
    told = json.loads(proc.stdout.readline())
    yield proc, told
    proc.kill()
    proc.wait(timeout=10)
    if alive(told["child"]):
        os.kill(told["child"], signal.SIGKILL)


def test_the_sending_process_holds_no_socket_of_its_parent(parent):
    _, told = parent
    child = told["child"]

    def sockets_and_pipes() -> list[str]:
        """Those it holds beyond stdin, stdout and stderr (kept for its log lines)."""
        held = []
        for fd in os.listdir(f"/proc/{child}/fd"):
            try:
                link = os.readlink(f"/proc/{child}/fd/{fd}")
            except FileNotFoundError:  # closed between the listing and the look: not held
                continue
            if int(fd) > 2 and link.startswith(("socket:", "pipe:")):
                held.append(link)
        return held

    # It lets go as it starts, in its own time: the test waits for that, a while at most.
    wait_for(lambda: not sockets_and_pipes(), GONE_WITHIN, "the sending process to let go of its sockets")
    assert alive(child)


def test_the_lead_its_parent_let_go_of_is_free_though_the_sending_process_lives(parent, tmp_path: Path):
    _, told = parent
    lead = Lead(tmp_path, PUSH_DIR)
    wait_for(lead.acquire, GONE_WITHIN, "the lock to be free (the forked process holds a copy)")
    assert alive(told["child"])
    lead.release()


def test_a_stuck_sending_process_dies_with_its_parent(parent):
    proc, told = parent
    child = told["child"]
    assert alive(child), "the sending process died with the thread that forked it"
    proc.kill()
    proc.wait(timeout=10)
    killed = time.monotonic()
    wait_for(lambda: not alive(child), GONE_WITHIN, "the sending process to die with its parent")
    print(f"sending process gone {time.monotonic() - killed:.2f} s after its parent")
