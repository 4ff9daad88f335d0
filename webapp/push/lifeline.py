"""What a process forked from a server does first so that it lives and dies with it (issue 38,
finding 3): it asks the kernel to kill it when its parent dies, it watches its parent from a
thread of its own, and it lets go of the descriptors it inherited and does not need.

Why each: a sender stuck in a fan-out never reaches the check between ticks, so a reloaded or
stopped server left it running, holding the lead (its lock) while the new workers' senders
waited; and holding a copy of the listening socket, so a new gunicorn could not bind its port.
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import os
import signal
import stat
import sys
import threading
import time
from collections.abc import Iterable

PR_SET_PDEATHSIG = 1  # linux/prctl.h
WATCH = 0.5  # seconds between two looks at the parent by the watching thread


def die_with(parent: int, *, pdeathsig: bool = True) -> None:
    """In the child, first thing: SIGKILL when `parent` dies (Linux); leave now if it already has.

    The kernel sends the signal when the *thread* that forked exits, so the caller passes
    `pdeathsig=False` when it forked from a thread that may end before its process does (the
    watching thread, `watch`, then covers it)."""
    if pdeathsig and sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # it died between the fork and the prctl: no signal will come
        os._exit(0)


def watch(parent: int, logger: logging.Logger, interval: float = WATCH) -> threading.Thread:
    """A daemon thread that ends this process once `parent` is gone, whatever its other threads
    are stuck in (where the death signal is not available, or was not asked for)."""

    def run() -> None:
        while os.getppid() == parent:
            time.sleep(interval)
        with contextlib.suppress(Exception):
            logger.warning(
                "push: serving process %s is gone; its sending process %s leaves", parent, os.getpid()
            )
        os._exit(0)  # not sys.exit: a thread stuck on a socket must not keep the process alive

    thread = threading.Thread(target=run, name="hallway-push-parent", daemon=True)
    thread.start()
    return thread


def shed(keep: Iterable[int] = (), extra: Iterable[int] = ()) -> list[int]:
    """Let go of every inherited socket and pipe (beyond stdin, stdout and stderr and `keep`)
    and of the descriptors in `extra` (locks the parent holds); the descriptors shed.

    Each is pointed at /dev/null rather than closed: the number stays taken, so when a Python
    object of the parent's (a socket, say) is collected here and closes "its" descriptor, it
    closes /dev/null, never something this process opened since. Regular files are left alone:
    a SQLite file's descriptor must only ever be closed by SQLite (closing an inherited
    connection's files from under it could make it delete the WAL of a live database)."""
    kept = {0, 1, 2, *keep}
    targets = set(extra) - kept
    for fd in _open_descriptors():
        if fd in kept:
            continue
        try:
            mode = os.fstat(fd).st_mode
        except OSError:  # the directory listing's own descriptor, closed already
            continue
        if stat.S_ISSOCK(mode) or stat.S_ISFIFO(mode):
            targets.add(fd)
    if not targets:
        return []
    null = os.open(os.devnull, os.O_RDWR)
    shed_now = []
    for fd in sorted(targets):
        with contextlib.suppress(OSError):
            os.dup2(null, fd, inheritable=False)
            shed_now.append(fd)
    os.close(null)
    return shed_now


def logging_descriptors() -> set[int]:
    """The descriptors logging writes to (its handlers' streams and syslog sockets): kept, so
    that the child's log lines still reach the server's log."""
    found: set[int] = set()
    loggers = [logging.getLogger(), *logging.Logger.manager.loggerDict.values()]
    for logger in loggers:
        for handler in getattr(logger, "handlers", ()):
            for holder in (getattr(handler, "stream", None), getattr(handler, "socket", None)):
                with contextlib.suppress(Exception):
                    found.add(holder.fileno())  # type: ignore[union-attr]
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            found.add(stream.fileno())
    return found


def _open_descriptors() -> list[int]:
    for folder in ("/proc/self/fd", "/dev/fd"):
        with contextlib.suppress(OSError):
            return [int(name) for name in os.listdir(folder) if name.isdigit()]
    return list(range(3, 256))  # neither listing exists: the low numbers a server uses
