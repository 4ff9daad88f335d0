"""What the follower keeps in DATA_DIR/follow/: who follows (a lock), what each source last
was (its validators and its last good bytes, so an unchanged source costs one 304 even after
a restart) and how following goes (read by every process for /healthz and the console).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
from pathlib import Path
from typing import Any, ClassVar

from ..domain import jsontext
from ..domain.storage import write_atomic

FOLLOW_DIR = "follow"
STATE_FILE = "state.json"
LOCK_FILE = "lock"


class Lead:
    """The right to follow, held by one process (however many workers serve): an exclusive
    flock on DATA_DIR/follow/lock. The kernel drops it when its holder dies, so another
    process takes over at its next try; but a process forked while it is held shares it until
    it drops its copy, which a forked sender does at once (`disown_all`)."""

    _held: ClassVar[dict[int, Lead]] = {}  # the leads this process holds, by descriptor

    def __init__(self, data_dir: Path, folder: str = FOLLOW_DIR) -> None:
        # `folder`: another job held by one process the same way (webapp/push/runner.py).
        self.path = Path(data_dir) / folder / LOCK_FILE
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """True when this object holds the lead now (it may already have)."""
        if self._fd is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        self._fd = fd
        Lead._held[fd] = self
        return True

    @staticmethod
    def disown_all() -> set[int]:
        """In a process just forked: forget the leads its parent held (each then says it holds
        nothing and never closes its descriptor); their descriptors, for the caller to let go of."""
        fds = set(Lead._held)
        for lead in Lead._held.values():
            lead._fd = None
        Lead._held.clear()
        return fds

    def holder(self) -> str:
        """The process id the holder wrote, for a log line ('?' when unknown)."""
        try:
            return self.path.read_text(encoding="ascii").strip() or "?"
        except (OSError, UnicodeDecodeError):
            return "?"

    def release(self) -> None:
        if self._fd is not None:
            Lead._held.pop(self._fd, None)
            os.close(self._fd)  # closing the only descriptor releases the flock
            self._fd = None


def load_state(data_dir: Path) -> dict[str, Any]:
    """The follower's state file, {} when there is none or it is unreadable (the next cycle then
    fetches every source whole, which is safe)."""
    try:
        doc = jsontext.loads((Path(data_dir) / FOLLOW_DIR / STATE_FILE).read_bytes())
    except (OSError, ValueError):
        return {}
    return doc if isinstance(doc, dict) else {}


def save_state(data_dir: Path, state: dict[str, Any]) -> None:
    data = json.dumps(state, ensure_ascii=False, indent=1).encode("utf-8")
    write_atomic(Path(data_dir) / FOLLOW_DIR / STATE_FILE, data)


def status(data_dir: Path) -> dict[str, Any] | None:
    """How following goes, as the last cycle (in whichever process) recorded it; None when no
    cycle ever ran here."""
    found = load_state(data_dir).get("status")
    return found if isinstance(found, dict) else None


def body_file(data_dir: Path, sha256: str) -> Path:
    return Path(data_dir) / FOLLOW_DIR / f"{sha256}.src"


def read_body(data_dir: Path, sha256: str) -> bytes | None:
    """A source's last good bytes; None when gone, or damaged (then removed, so that the source
    is fetched whole next time instead of trusting a 304 for bytes no longer here)."""
    path = body_file(data_dir, sha256)
    try:
        body = path.read_bytes()
    except OSError:
        return None
    if hashlib.sha256(body).hexdigest() != sha256:
        with contextlib.suppress(OSError):
            path.unlink()
        return None
    return body


def keep_bodies(data_dir: Path, bodies: list[bytes]) -> list[str]:
    """Store `bodies` and remove the kept bytes of earlier versions; their sha256s."""
    names = []
    for body in bodies:
        path = body_file(data_dir, hashlib.sha256(body).hexdigest())
        if not path.exists():
            write_atomic(path, body)
        names.append(path.stem)
    for old in (Path(data_dir) / FOLLOW_DIR).glob("*.src"):
        if old.stem not in names:
            with contextlib.suppress(OSError):
                old.unlink()
    return names
