"""Where the organizer's venue is kept: `venue.json`, its version, the versions before it, and
the plan images the server wrote. No Flask; every write is a temporary file renamed over the
old one, so a reader sees the old file or the new one, never half of either.

The version counts the organizer's saves: `venue/version.json` records the number and the
SHA-256 of the document it was given to. A `venue.json` edited by hand no longer has that
hash and counts as the next version, so phones learn of a hand edit too (two hand edits in a
row without a save between them read as one version: a save, or `venue check`, is the way to
publish them one by one).
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..domain import jsontext
from . import images
from .plan import SVG_DIR, VENUE_FILE

STATE_FILE = "version.json"  # in venue/
HISTORY_DIR = "history"  # venue/history/venue.<version>.json: the documents saves replaced
KEPT_VERSIONS = 20
LOCK_FILE = ".lock"
WRITTEN = images.WRITTEN  # the only names the server gives the files it writes: what /venue/ serves


class VersionMismatch(Exception):
    """The document changed since the version the writer last read."""

    def __init__(self, current: int) -> None:
        super().__init__(f"the venue is at version {current}")
        self.current = current


def venue_dir(data_dir: Path) -> Path:
    return data_dir / SVG_DIR


def version(data_dir: Path) -> int:
    """The venue's version now: 0 when there is no venue.json."""
    state, digest = _read(data_dir)
    if digest is None:
        return state["version"]
    return state["version"] if state["sha256"] == digest else state["version"] + 1


def save(data_dir: Path, doc_text: str, expected: int) -> int:
    """Store `doc_text` as venue.json if the venue is still at version `expected`; the new version.
    The document replaced is kept in venue/history/ (the last KEPT_VERSIONS)."""
    with _locked(data_dir):
        now = version(data_dir)
        if now != expected:
            raise VersionMismatch(now)
        path = data_dir / VENUE_FILE
        history = venue_dir(data_dir) / HISTORY_DIR
        if path.exists():
            history.mkdir(parents=True, exist_ok=True)
            write_atomic(history / f"venue.{now}.json", path.read_bytes())
            for old in sorted(history.glob("venue.*.json"), key=_version_of)[:-KEPT_VERSIONS]:
                old.unlink(missing_ok=True)
        body = doc_text.encode("utf-8")
        new = now + 1
        # The state first: a crash between the two leaves the old document with a hash that no
        # longer matches, read as version `new` too, which the next save then replaces.
        state = {"version": new, "sha256": hashlib.sha256(body).hexdigest()}
        write_atomic(venue_dir(data_dir) / STATE_FILE, json.dumps(state).encode("utf-8"))
        write_atomic(path, body)
        return new


def keep_plan(data_dir: Path, name: str, body: bytes) -> None:
    """Store a plan image the server wrote (named by its content: the same name, the same bytes)."""
    if not WRITTEN.match(name):
        raise ValueError(f"not a name the server gives: {name!r}")
    target = venue_dir(data_dir) / name
    if not target.exists():
        write_atomic(target, body)


def written_plan(data_dir: Path, name: str) -> Path | None:
    """The path of a plan image this server wrote, or None (any other name, or a file whose
    content is not the one its name was given for)."""
    found = WRITTEN.match(name)
    if not found or found.group(2) == "svg":
        return None  # an SVG plan is drawn from its sanitised tree in venue.json, never served
    path = venue_dir(data_dir) / name
    try:
        body = path.read_bytes()
    except OSError:
        return None
    return path if hashlib.sha256(body).hexdigest()[:16] == found.group(1) else None


def svg_reader(data_dir: Path) -> Callable[[str], str]:
    """How `build_venue` reads a floor's SVG plan: a file in venue/, never outside it."""
    svg_dir = venue_dir(data_dir).resolve()

    def read_svg(name: str) -> str:
        target = (svg_dir / name).resolve()
        if not target.is_relative_to(svg_dir):
            raise OSError(f"{name!r} is outside {SVG_DIR}/")
        return target.read_text(encoding="utf-8")

    return read_svg


def image_reader(data_dir: Path) -> Callable[[str], tuple[int, int]]:
    """How `build_venue` reads a raster plan's size (its name is checked to be plan-<hash>.webp)."""
    return lambda name: images.size_of(venue_dir(data_dir), name)


def write_atomic(path: Path, body: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(body)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)  # mkstemp's 0600 would keep a web server under another user out
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _read(data_dir: Path) -> tuple[dict[str, object], str | None]:
    """The recorded state and the SHA-256 of venue.json now (None: there is none)."""
    try:
        state = jsontext.loads((venue_dir(data_dir) / STATE_FILE).read_text(encoding="utf-8"))
        if not (isinstance(state.get("version"), int) and isinstance(state.get("sha256"), str)):
            raise ValueError("not a version state")
    except (OSError, ValueError, AttributeError):
        state = {"version": 0, "sha256": ""}
    try:
        digest = hashlib.sha256((data_dir / VENUE_FILE).read_bytes()).hexdigest()
    except FileNotFoundError:
        digest = None
    return state, digest


def _version_of(path: Path) -> int:
    try:
        return int(path.name.split(".")[1])
    except (IndexError, ValueError):
        return -1


@contextmanager
def _locked(data_dir: Path) -> Iterator[None]:
    """One save at a time across the server's processes (gunicorn workers)."""
    venue_dir(data_dir).mkdir(parents=True, exist_ok=True)
    with open(venue_dir(data_dir) / LOCK_FILE, "a+b") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
