"""The Web Push sending loop of this server (webapp/push): built from the runtime's stores, its
key and its clock, forked by every serving process (all but one wait for the lead)."""

from __future__ import annotations

from ..push import enabled, serving, subject
from ..push.runner import Runner, fork
from ..push.vapid import Vapid
from .runtime import Runtime


def runner(rt: Runtime, *, parent: int | None = None, **sender: float) -> Runner:
    """The sending loop, not started (`sender`: the Sender's timings, for tests)."""
    sender.setdefault("loopback", bool(rt.config.get("PUSH_LOOPBACK", False)))  # a test's stand-in
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


FULL = 0.99  # of PUSH_STORE_MAX_MB: a subscription with its wake-ups takes a few KB


def store_problem(rt: Runtime) -> str | None:
    """The push store as /healthz says it, read from the file so every process sees it full
    (a refused write is reported by the process that met it, rt.problems)."""
    if not enabled(rt.config):
        return None
    try:
        used = rt.push_store.fullness()
    except Exception as exc:  # noqa: BLE001 - a health check reports, it never fails on this
        return f"the push store cannot be read ({type(exc).__name__}: {exc})"[:300]
    if used is not None and used >= FULL:
        return f"the push store is full ({used:.0%} of HALLWAY_PUSH_STORE_MAX_MB); new subscriptions get 503"
    return None
