"""A full or failing disk under DATA_DIR: each write it refuses is answered with a reason (a 503,
never a 500), and `/healthz` names the problem until a write succeeds again.

Two ways to notice, because a server is several processes: the process whose write failed
reports it at once (`refused`) and clears it with its next write that succeeds (`written`); any
process's `/healthz` also looks at the free space of DATA_DIR's file system (`low_space`), so
the worker a load balancer asks says so too, whichever worker met the full disk.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..corrections.database import FULL, disk_trouble
from .runtime import Runtime

PROBLEM = "disk"
# Below this much free space a correction may no longer fit (a few SQLite pages and their
# write-ahead log frames): said before the first write fails.
LOW_SPACE = 64 * 1024


def refused(rt: Runtime, exc: BaseException, what: str) -> str | None:
    """The reason to answer when `exc`, met writing `what` ("the correction"), is the disk's
    (reported under PROBLEM until a write succeeds); None when the disk is not to blame."""
    trouble = disk_trouble(exc)
    if trouble is None:
        return None
    reason = f"the server's disk is {'full' if trouble == FULL else 'failing'}: {what} was not saved"
    rt.problems.report(PROBLEM, f"{reason} ({type(exc).__name__}: {exc}) in {rt.data_dir}")
    return reason


def written(rt: Runtime) -> None:
    """A write to DATA_DIR succeeded: the disk takes writes again."""
    rt.problems.clear(PROBLEM)


def low_space(data_dir: Path) -> str | None:
    """What is wrong with the free space of `data_dir`'s file system, or None."""
    try:
        st = os.statvfs(data_dir)
    except OSError:
        return None  # a missing directory is the store's or the schedule's problem, said there
    free = st.f_bavail * st.f_frsize
    if free >= LOW_SPACE:
        return None
    return f"the disk holding {data_dir} is full or nearly: {free // 1024} KB free; writes will fail"
