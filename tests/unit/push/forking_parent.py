"""A serving process in miniature, run as `python -m tests.unit.push.forking_parent DATA_DIR
(main|thread)` by the tests of the sending process's lifeline: it listens on a loopback socket,
holds the push lead, forks a sending process that is stuck for good (from its main thread, or
from a thread that then ends), lets go of the lead, prints what the test needs as one JSON line,
and waits to be killed."""

from __future__ import annotations

import json
import logging
import os
import socket
import sys
import threading
from pathlib import Path

from webapp.importers.follow_state import Lead
from webapp.push.keys import PUSH_DIR
from webapp.push.runner import fork


class Stuck:
    """A sending loop stuck in a fan-out that never ends (an endpoint that never answers)."""

    def run(self) -> None:
        threading.Event().wait()


def main(data_dir: Path, mode: str) -> None:
    listening = socket.create_server(("127.0.0.1", 0))
    lead = Lead(data_dir, PUSH_DIR)
    assert lead.acquire()
    pids: list[int] = []

    def start() -> None:
        pids.append(fork(lambda parent: Stuck(), logging.getLogger("forking_parent")))  # type: ignore[arg-type,return-value]

    if mode == "main":
        start()
    else:
        forker = threading.Thread(target=start)
        forker.start()
        forker.join()  # the thread that forked is gone; the process lives on
    lead.release()  # only the child's copy could hold the lock now
    inode = os.fstat(listening.fileno()).st_ino
    print(json.dumps({"child": pids[0], "socket": f"socket:[{inode}]"}), flush=True)
    sys.stdin.read()  # until the test kills this process


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2])
