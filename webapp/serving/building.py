"""A new version built away from the readers: while it builds, they are answered from the last.

A process builds each version it serves once (`published.at`): the import read and every
correction applied (`published.current`), the documents serialised, what a re-import changed
worked out for the changes feed (`changes.import_changes`). For a large schedule that is
seconds (~0.7 ms a session on a loaded machine: 10,000 sessions took ~7 s), and the first
reader after a new schedule file or store version used to wait for all of it.

The rule, by measured cost: the CPU time of this process's last build (its thread's, so a
loaded machine does not move the line), scaled up by how much larger the new import is in
bytes than the one it was built from (a source that grew from 30 sessions to 10,000 is not
judged by the 30). Under `INLINE_SECONDS` (50 ms), the new version is built on the request
that first meets it, as before. Measured here (load ~9): the shipped 28 sessions build in 3 ms
and a correction on them in 1 ms; 300 sessions in 21 ms and 7 ms; 1,000 in 75 ms and 27 ms;
10,000 in seconds. Only a new import is ever built apart: a version that adds corrections
alone is built on the request whatever it costs (a fraction of the import's), so one published
through one worker is served by every worker on its next request (README), as before. For an
import from 50 ms on, the request is answered from the last version this process built
(`published.served_head`) and the newest is built by one background thread per process; what
it wants is "the newest", a queue of one, so versions published while it builds are taken
together in its next round. The build is swapped in when complete: the schedule with what
its first readers ask for (its rows and columns, the re-imports' changes feed entries).

What stays true: within a process, the version answered never goes back (a build older than
the one held is never swapped in); every answer is consistent with one head (the version, its
ETag and stamp); writes (corrections, the command line) still read the newest state on their
own request. A build that fails in the background makes the next request build inline, so the
error is met and answered where it always was (the last good schedule, a problem reported).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

INLINE_SECONDS = 0.05  # a build that cost more CPU than this: the next one is built apart


class Builds:
    """This process's background builds: one thread at most, and whether another is wanted."""

    def __init__(self) -> None:
        self.cost = 0.0  # CPU seconds the last build in this process took
        self.size = 0  # bytes of the import it was built from
        self.hold: Callable[[], None] | None = None  # tests: called before each background build
        self._lock = threading.Lock()
        self._wanted = False
        self._thread: threading.Thread | None = None
        self.idle = threading.Condition(self._lock)  # notified when a background round ends
        self.rounds = 0  # background rounds finished (tests wait on it)

    def inline(self, size: int) -> bool:
        """Whether a version built from an import of `size` bytes is cheap enough to be built
        on the request that meets it: the last build's cost, grown with the import's size (a
        source that grew from 30 sessions to 10,000 is not judged by the 30)."""
        grown = size / self.size if self.size else 1.0
        return self.cost * max(1.0, grown) < INLINE_SECONDS

    @contextmanager
    def measured(self, size: Callable[[], int]) -> Iterator[None]:
        """Measure the build run inside; `size`: the bytes of the import it read, asked after."""
        began = time.thread_time()
        yield
        self.cost = time.thread_time() - began
        self.size = size()

    def want(self, work: Callable[[], None], failed: Callable[[Exception], None]) -> None:
        """Have `work` (which builds the newest version) run in the background: now, or after
        the round under way. `failed` is told what a round raised."""
        with self._lock:
            self._wanted = True
            if self._thread is not None:
                return
            self._thread = threading.Thread(
                target=self._run, args=(work, failed), name="hallway-build", daemon=True
            )
            self._thread.start()

    def _run(self, work: Callable[[], None], failed: Callable[[Exception], None]) -> None:
        while True:
            with self._lock:
                if not self._wanted:
                    self._thread = None
                    self.idle.notify_all()
                    return
                self._wanted = False
            try:
                if self.hold is not None:
                    self.hold()
                work()
            except Exception as exc:  # noqa: BLE001 - said by `failed`; the request path meets it again
                self.cost = 0.0  # so the next request builds inline and answers the error as before
                failed(exc)
            with self._lock:
                self.rounds += 1
                self.idle.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        """Tests and benchmarks: wait until no background build runs or is wanted."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while self._thread is not None or self._wanted:
                left = deadline - time.monotonic()
                if left <= 0 or not self.idle.wait(left):
                    return self._thread is None and not self._wanted
        return True
