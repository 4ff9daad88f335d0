"""`scripts/serve-prod.sh` passes on the signals an operator or a service manager sends it alone:
SIGTERM stops gunicorn, its workers, their push senders and the private Redis, and frees the
port for the next start at once; SIGHUP reloads gunicorn's workers. (bash waits for a child run
in the foreground before it runs a trap: SIGTERM stopped nothing until gunicorn ended, and
SIGHUP ended the script and left gunicorn running.)"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from tests.harness.gunicorn import ServeProd
from tests.harness.net import port_free, wait_for
from tests.harness.processes import children, group, stat

STOP = 20.0  # seconds: gunicorn's graceful timeout here is 10 s, its idle workers end in about 1
BOOT = 30.0


def master(server: ServeProd) -> int:
    """gunicorn's master (the script's child that is not Redis), once its 2 workers run."""
    assert server.proc is not None
    script = server.proc.pid

    def found() -> int | None:
        pids = [pid for pid in children(script) if b"gunicorn" in Path(f"/proc/{pid}/cmdline").read_bytes()]
        return pids[0] if len(pids) == 1 and len(children(pids[0])) == 2 else None

    return wait_for(found, BOOT, "gunicorn and its 2 workers")


def test_a_sigterm_to_the_script_stops_everything_and_frees_the_port(tmp_path: Path, serve):
    server = serve(ServeProd(tmp_path))
    master(server)
    assert server.proc is not None
    script = server.proc.pid  # and its process group's id
    term = time.monotonic()
    os.kill(script, signal.SIGTERM)
    server.proc.wait(timeout=STOP)
    wait_for(lambda: not group(script), 5, "gunicorn, its workers, their senders and Redis to be gone")
    print(f"serve-prod.sh and all its processes gone {time.monotonic() - term:.2f} s after SIGTERM")
    assert port_free(server.port) and port_free(server.redis_port)
    server.start()  # again on the same port


def test_a_sighup_to_the_script_reloads_the_workers(tmp_path: Path, serve):
    server = serve(ServeProd(tmp_path))
    assert server.proc is not None
    gunicorn = master(server)
    before = set(children(gunicorn))
    os.kill(server.proc.pid, signal.SIGHUP)

    def reloaded() -> bool:
        now = set(children(gunicorn))
        return len(now) == len(before) and not now & before

    wait_for(reloaded, BOOT, "gunicorn's workers to be replaced")
    assert server.proc.poll() is None and stat(gunicorn) is not None
    wait_for(server.ready, BOOT, "the reloaded workers to answer")
