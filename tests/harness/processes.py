"""Processes as Linux's /proc shows them, for tests that check what a server leaves behind: a
process's state, parent and group, whether it runs, the live members of a process group and a
process's children."""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple


class Stat(NamedTuple):
    state: str  # R, S, D, Z (a zombie, waiting for its parent to reap it), ...
    parent: int
    group: int


def stat(pid: int) -> Stat | None:
    """A process's state, parent and process group; None once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return Stat(fields[0], int(fields[1]), int(fields[2]))


def alive(pid: int) -> bool:
    """The process runs: a zombie runs nothing and holds no descriptor."""
    found = stat(pid)
    return found is not None and found.state not in ("Z", "X")


def live() -> list[int]:
    return [pid for pid in (int(name) for name in os.listdir("/proc") if name.isdigit()) if alive(pid)]


def group(pgid: int) -> list[int]:
    """The live processes of process group `pgid` (a server the harness started and all its own)."""
    return [pid for pid in live() if (found := stat(pid)) is not None and found.group == pgid]


def children(pid: int) -> list[int]:
    """The live processes whose parent is `pid`."""
    return [child for child in live() if (found := stat(child)) is not None and found.parent == pid]


def sockets(pid: int) -> set[str]:
    """The sockets a process holds, as /proc names them ('socket:[inode]'); empty once it is gone."""
    try:
        names = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return set()
    links = set()
    for name in names:
        try:
            links.add(os.readlink(f"/proc/{pid}/fd/{name}"))
        except OSError:  # closed meanwhile
            continue
    return {link for link in links if link.startswith("socket:")}
