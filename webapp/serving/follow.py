"""The server following its sources (HALLWAY_FOLLOW): a thread in every process that serves,
of which only the one holding the lead (a lock in DATA_DIR/follow/) fetches. The others try
for the lead each interval, so when the follower's process dies another takes over.

A cycle is `importers.follow.Follower.cycle` (fetch -> parse -> merge -> write, the way
`schedule import` writes); after a change this process records the import at once, and every
other one notices the new file at its next request. How it goes is in the follower's status
file, which /healthz and the console read in any process.
"""

from __future__ import annotations

import threading
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from ..domain.timeutil import to_iso
from ..importers import follow_state
from ..importers.fetch import shown
from ..importers.follow import Follower, describe, load_plan
from ..importers.isolated import Isolation
from .imports import sync_import
from .runtime import Runtime

PROBLEM = "follow"


class Runner:
    def __init__(self, rt: Runtime) -> None:
        config = rt.config
        self.rt = rt
        self.interval: float = config["FOLLOW_INTERVAL"]
        try:
            plan = load_plan(Path(config["FOLLOW"]))
        except ValueError as exc:  # refuse to start: a mistyped plan would go unnoticed otherwise
            raise ValueError(f"HALLWAY_FOLLOW: {exc}") from None
        data_dir = Path(config["DATA_DIR"])
        self.lead = follow_state.Lead(data_dir)
        self.follower = Follower(
            plan, data_dir, rt.schedule_path, config["FETCH_TIMEOUT"], config["FETCH_MAX_BYTES"], rt.now,
            min_gap=config["FOLLOW_MIN_GAP"], max_sessions=config["IMPORT_MAX_SESSIONS"],
            # Parsed and merged in a child process: readers never wait on a large import.
            isolation=Isolation(config["IMPORT_TIMEOUT"], config["IMPORT_MAX_MB"]),
        )  # fmt: skip
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.run, name="hallway-follow", daemon=True)

    def run(self) -> None:
        said_wait = False
        while not self.stopped.is_set():
            if self.lead.held:
                self.step()
            elif self.lead.acquire():
                sources = ", ".join(shown(s) for s in self.follower.plan.sources)
                # Warnings, as Flask's logger shows nothing lower unless configured: which process
                # follows must be readable in any server's log.
                self.rt.logger.warning("this process follows %s every %g s", sources, self.interval)
                self.step()
            elif not said_wait:  # said once: the follower's process can be read from the log
                self.rt.logger.warning("process %s follows the sources; this one waits", self.lead.holder())
                said_wait = True
            self.stopped.wait(self.interval)
        self.lead.release()

    def step(self) -> None:
        rt = self.rt
        try:
            done = self.follower.cycle()
        except Exception as exc:  # noqa: BLE001 - the thread must outlive any one bad cycle
            rt.logger.exception("following failed")
            rt.problems.report(PROBLEM, f"following failed: {type(exc).__name__}: {exc}")
            return
        for note in done.notes:  # an event page read as its export: said when first found
            rt.logger.warning("following: %s", note)
        if done.error:
            status = follow_state.status(self.follower.data_dir)
            rt.problems.report(PROBLEM, f"following: {describe(status)}")
            return
        rt.problems.clear(PROBLEM)
        if done.sessions is not None:
            rt.logger.info(
                "followed sources changed: wrote %s (%d sessions)", self.follower.out, done.sessions
            )
            sync_import(rt)  # recorded as a new version now; logs what it makes of the corrections


def start(rt: Runtime) -> None:
    """Start following when HALLWAY_FOLLOW names a plan (called for a serving app only)."""
    # FOLLOW_IN_BACKGROUND (tests only): False leaves the cycles to the test, run by hand.
    if not rt.config.get("FOLLOW") or not rt.config.get("FOLLOW_IN_BACKGROUND", True):
        return
    rt.follow = Runner(rt)
    rt.follow.thread.start()


def report(rt: Runtime) -> dict[str, Any] | None:
    """How following goes, for /healthz and the console; None when this server follows nothing.
    `problem` is set when it fails, or when no check was recorded for well over an interval
    (the follower is stuck, or no process follows)."""
    config = rt.config
    if not config.get("FOLLOW"):
        return None
    status = follow_state.status(rt.data_dir) or {}
    doc: dict[str, Any] = {**status, "summary": describe(status), "problem": None}
    if status.get("error"):
        doc["problem"] = doc["summary"]
        return doc
    # Every fetch is bounded by FETCH_TIMEOUT, so a follower this late is stuck or absent.
    late = timedelta(seconds=2 * config["FOLLOW_INTERVAL"] + config["FETCH_TIMEOUT"])
    checked = status.get("checked")
    if checked and rt.now() - datetime.fromisoformat(checked) > late:
        doc["problem"] = f"no check of the followed sources since {checked}"
    elif not checked and rt.now() - rt.started > late:
        doc["problem"] = (
            f"following has not completed a check since the server started at {to_iso(rt.started)}"
        )
    return doc
