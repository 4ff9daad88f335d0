"""The Web Push sending loop of this server (webapp/push): built from the runtime's stores, its
key and its clock, forked by every serving process (all but one wait for the lead)."""

from __future__ import annotations

from ..push import enabled, serving, subject
from ..push.runner import Runner, fork
from ..push.vapid import Vapid
from .runtime import Runtime


def runner(rt: Runtime, *, parent: int | None = None, **sender: float) -> Runner:
    """The sending loop, not started (`sender`: the Sender's timings, for tests)."""
    return Runner(
        corrections=rt.store,
        subscriptions=rt.push_store,
        vapid=Vapid(rt.vapid_key(), subject(rt.config), rt.now),
        data_dir=rt.data_dir,
        clock=rt.now,
        logger=rt.logger,
        parent=parent,
        **sender,
    )


def start(rt: Runtime) -> None:
    """Fork the sending loop's process for this serving process, when push is on."""
    if not enabled(rt.config) or rt.app.testing or not serving():
        return
    rt.vapid_key()  # made now, at start, not at a visitor's first request
    rt.push_store.count()  # the file and its tables exist before any request
    rt.push_process = fork(lambda parent: runner(rt, parent=parent), rt.logger)
