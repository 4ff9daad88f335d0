"""The sending loop: a process forked by every serving process, of which only the one holding
the lead (a lock in DATA_DIR/push/, as following does) sends, so each message goes out once
however many gunicorn workers serve. Each tick it sends the wake-ups whose instant has come
and, once a burst of corrections has gone quiet, one changes message to every subscription.

A process of its own, at a lower CPU priority, rather than threads in the worker: a fan-out
keeps 32 sending threads busy, and in the worker they would take the interpreter lock from
the thread answering readers (the feed's read rate halved in bench/push_fanout.py). The
process leaves when the worker that forked it is gone.
"""

from __future__ import annotations

import logging
import os
import signal
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path

from ..corrections.store import Head, Store
from ..importers.follow_state import Lead
from . import SENT, lifeline
from .keys import PUSH_DIR
from .schedule import Debounce, changes_message, wake_messages
from .send import Message, Outcome, Sender
from .store import PushStore
from .vapid import Vapid

TICK = 0.2  # seconds between two looks at the store by the process that sends
WAIT = 5.0  # seconds between two tries for the lead by the others: how soon one takes over


class Runner:
    def __init__(
        self,
        *,
        corrections: Store,
        subscriptions: PushStore,
        vapid: Vapid,
        data_dir: Path,
        clock: Callable[[], datetime],
        logger: logging.Logger,
        monotonic: Callable[[], float] = time.monotonic,
        parent: int | None = None,
        **sender: float,
    ) -> None:
        self.corrections = corrections  # whose version says "the schedule changed"
        self.logger = logger
        self.parent = parent  # the process whose end ends this loop
        self.store = subscriptions
        self.clock = clock
        self.monotonic = monotonic
        self.lead = Lead(data_dir, PUSH_DIR)
        self.stopped = threading.Event()
        self.sender = Sender(vapid, stopped=self.stopped, **sender)  # type: ignore[arg-type]
        self.debounce = Debounce()
        self.seen: Head | None = None  # the corrections store's head as this process last read it
        self.thread = threading.Thread(target=self.run, name="hallway-push", daemon=True)

    def run(self) -> None:
        said_wait = False
        while not self.stopped.is_set() and (self.parent is None or os.getppid() == self.parent):
            if self.lead.acquire():
                try:
                    self.step()
                except Exception:  # noqa: BLE001 - the loop must outlive any one bad pass
                    self.logger.exception("push: a sending pass failed")
                self.stopped.wait(TICK)
                continue
            if not said_wait:
                self.logger.warning("push: process %s sends; this one waits", self.lead.holder())
                said_wait = True
            self.stopped.wait(WAIT)
        self.lead.release()

    def step(self) -> Outcome:
        """One pass: the due wake-ups, then the changes message if its burst is over."""
        outcome = Outcome()
        messages, late = wake_messages(self.store, self.clock())
        if late:
            self.logger.warning("push: %d wake-ups were too late to send (server down?)", late)
        if messages:
            self._count(outcome, self._send(messages))
        try:
            head = self.corrections.head()
        except (sqlite3.Error, OSError) as exc:  # read again next tick; the corrections store reports it
            self.logger.error("push: cannot read the newest version: %s", exc)
            return outcome
        if head != self.seen:
            if head.version != self.store.counter(SENT + head.store_id):
                self.debounce.signal(self.monotonic())
            self.seen = head
        if self.debounce.due(self.monotonic()) and self.seen is not None:
            self.debounce.done()
            done = self._send(changes_message(s, self.seen.version) for s in self.store.all())
            self._count(outcome, done)
            self.store.set_counter(SENT + self.seen.store_id, self.seen.version)
        return outcome

    def _send(self, messages: Iterable[Message]) -> Outcome:
        done = self.sender.send_all(messages)
        if done.gone:
            self.store.remove(done.gone)
            self.logger.info("push: removed %d subscriptions their push service calls gone", len(done.gone))
        return done

    @staticmethod
    def _count(total: Outcome, done: Outcome) -> None:
        total.delivered += done.delivered
        total.failed += done.failed
        total.retries += done.retries
        total.gone.extend(done.gone)

    def stop(self) -> None:
        self.stopped.set()
        if self.thread.is_alive():
            self.thread.join(timeout=30)
        self.sender.close()
        self.lead.release()


def fork(make: Callable[[int], Runner], logger: logging.Logger) -> int:
    """Start the sending loop `make(parent)` builds in a child process (called before this
    process starts a thread, so the child inherits no lock held by another); the child's id.

    The child lives and dies with this process (lifeline.py): killed by the kernel when it
    dies, even in the middle of a fan-out, so its lead passes on at once; and it holds none of
    this process's sockets (a server's listening socket above all) nor its leads' locks."""
    parent = os.getpid()
    # The kernel's death signal follows the thread that forked: only the main thread lives as
    # long as its process (a thread that forks and ends would take the child with it).
    from_main = threading.current_thread() is threading.main_thread()
    pid = os.fork()
    if pid:
        threading.Thread(target=os.waitpid, args=(pid, 0), name="hallway-push-reaper", daemon=True).start()
        return pid
    code = 0
    try:
        lifeline.die_with(parent, pdeathsig=from_main)
        for sig in INHERITED_SIGNALS:  # the server's handlers (gunicorn's) are not this process's
            signal.signal(sig, signal.SIG_DFL)
        lifeline.shed(keep=lifeline.logging_descriptors(), extra=Lead.disown_all())
        lifeline.watch(parent, logger)
        os.nice(NICE)
        make(parent).run()
    except BaseException:  # noqa: BLE001 - logged; the child must never return into the server's code
        logger.exception("push: the sending process failed")
        code = 1
    finally:
        os._exit(code)


INHERITED_SIGNALS = tuple(
    getattr(signal, name)
    for name in (
        "SIGTERM",
        "SIGINT",
        "SIGQUIT",
        "SIGHUP",
        "SIGUSR1",
        "SIGUSR2",
        "SIGWINCH",
        "SIGTTIN",
        "SIGTTOU",
        "SIGCHLD",
    )
    if hasattr(signal, name)
)
NICE = 4  # readers first (10 kept reads at ~93 % but slowed a fan-out by ~2 s: docs/benchmarks.md)
