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
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from ..corrections.store import Head, Store
from ..importers.follow_state import Lead
from . import SENT, lifeline
from .keys import PUSH_DIR
from .schedule import Debounce, changes_message, wake_messages
from .send import Fanout, Message, Outcome, Sender
from .store import PushStore
from .vapid import Vapid

TICK = 0.2  # seconds between two looks at the store by the process that sends
WAIT = 5.0  # seconds between two tries for the lead by the others: how soon one takes over
FAILURES = 5  # messages failed in a row (no delivery between) before a subscription is dropped


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
        **sender: float | bool,
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
        self.inflight: list[tuple[Fanout, Callable[[], None] | None]] = []  # fan-outs not yet recorded
        self.changes: Fanout | None = None  # the changes fan-out under way, if one is
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

    def step(self, wait: float | None = None) -> Outcome:
        """One pass: hand the due wake-ups to the wake lane, then, once a burst of corrections is
        over and no changes fan-out is under way, the changes message to the changes lane. It
        returns at once (a slow fan-out never delays the next tick's wake-ups), with what the
        fan-outs that ended meanwhile did; `wait`: first wait up to that long for this pass's."""
        started: list[Fanout] = []
        messages, late = wake_messages(self.store, self.clock())
        if late:
            self.logger.warning("push: %d wake-ups were too late to send (server down?)", late)
        if messages:
            started.append(self._start(messages, "wake"))
        try:
            head = self.corrections.head()
        except (sqlite3.Error, OSError) as exc:  # read again next tick; the corrections store reports it
            self.logger.error("push: cannot read the newest version: %s", exc)
            head = None
        if head is not None and head != self.seen:
            if head.version != self.store.counter(SENT + head.store_id):
                self.debounce.signal(self.monotonic())
            self.seen = head
        busy = self.changes is not None and not self.changes.done()
        if head is not None and not busy and self.debounce.due(self.monotonic()) and self.seen is not None:
            self.debounce.done()
            seen = self.seen
            messages = [changes_message(s, seen.version) for s in self.store.all()]
            self.changes = self._start(
                messages, "changes", after=lambda: self.store.set_counter(SENT + seen.store_id, seen.version)
            )
            started.append(self.changes)
        if wait is not None:
            for fanout in started:
                fanout.wait(wait)
        return self._harvest()

    def _start(self, messages: list[Message], lane: str, after: Callable[[], None] | None = None) -> Fanout:
        fanout = self.sender.start(messages, lane)
        self.inflight.append((fanout, after))
        return fanout

    def _harvest(self) -> Outcome:
        """Record the fan-outs that ended (in this thread, which owns the store's connection):
        gone subscriptions removed, failures counted, an endpoint failing FAILURES times in a
        row dropped with its wake-ups."""
        total = Outcome()
        for fanout, after in [f for f in self.inflight if f[0].done()]:
            self.inflight.remove((fanout, after))
            done = fanout.outcome
            total.add(done)
            if done.gone:
                self.store.remove(done.gone)
                self.logger.info(
                    "push: removed %d subscriptions their push service calls gone", len(done.gone)
                )
            dropped = self.store.note_results(done.delivered_to, done.failed_to, FAILURES)
            if dropped:
                self.logger.warning(
                    "push: dropped %d subscriptions that failed %d times in a row", len(dropped), FAILURES
                )
            if after is not None:
                after()
        return total

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
