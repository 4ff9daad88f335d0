"""Bring an export directory to a new set of files, touching only what changed.

Plain Python. A file whose bytes are unchanged is not written (its mtime stays, so a CDN
sync skips it); a changed one is replaced atomically (a static server reading the directory
meanwhile sees the old file or the new, never half). Hashed assets are written first and the
service worker last, so a phone that sees the new worker finds everything it precaches.
Files of the previous export that are no longer part of it are removed afterwards.

Only files this command wrote are ever deleted: it keeps their list in MARKER, refuses a
non-empty directory without one, and checks every listed path before touching it.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..domain import jsontext
from .paths import ExportPathError, check_relpath

MARKER = ".hallway-export.json"
FIRST = "assets/"
LAST = ("sw.js",)


class ExportDirError(Exception):
    """The directory cannot be used for the export; nothing was deleted."""


@dataclass(frozen=True)
class SyncReport:
    written: tuple[str, ...]
    unchanged: tuple[str, ...]
    removed: tuple[str, ...]


def _inside(root: Path, rel: str) -> Path:
    path = root / check_relpath(rel)
    if not path.resolve().is_relative_to(root.resolve()):
        raise ExportPathError(f"{rel!r} resolves outside {root}")
    return path


def _write(path: Path, body: bytes) -> None:
    # Not storage.write_atomic: a web server running as another user must be able to read
    # the file (mkstemp makes it 0600), and no fsync: an interrupted export is simply run
    # again, the atomic rename is what readers need.
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(body)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; a web server must read it
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _put(path: Path, body: bytes) -> bool:
    """Write `body` unless the file already holds exactly it; whether it was written."""
    if path.is_file() and path.read_bytes() == body:
        return False
    _write(path, body)
    return True


def previous_files(root: Path) -> set[str]:
    """What the last export into `root` wrote; ExportDirError if `root` is not ours."""
    marker = root / MARKER
    if not root.exists():
        return set()
    if not root.is_dir():
        raise ExportDirError(f"{root} is not a directory")
    if not marker.exists():
        if any(root.iterdir()):
            raise ExportDirError(
                f"{root} is not empty and holds no earlier export ({MARKER}); give an empty or new directory"
            )
        return set()
    try:
        listed = jsontext.loads(marker.read_text(encoding="utf-8"))["files"]
        return {check_relpath(rel) for rel in listed}
    except (ValueError, KeyError, TypeError, UnicodeDecodeError) as exc:
        raise ExportDirError(f"{marker} is damaged ({exc}); remove the directory and export again") from None


def _order(rel: str) -> tuple[int, str]:
    return (0 if rel.startswith(FIRST) else 2 if rel in LAST else 1, rel)


def _marker(files: set[str]) -> bytes:
    return (json.dumps({"files": sorted(files)}, indent=0) + "\n").encode("utf-8")


def sync(root: Path, files: dict[str, bytes]) -> SyncReport:
    """Make `root` hold exactly `files` (relative path -> bytes) plus MARKER."""
    previous = previous_files(root)
    paths = {rel: _inside(root, rel) for rel in files}
    stale = sorted(previous - files.keys())
    stale_paths = [_inside(root, rel) for rel in stale]
    root.mkdir(parents=True, exist_ok=True)
    # Until the end, the marker lists old and new files: an interrupted run leaves nothing unlisted.
    _put(root / MARKER, _marker(previous | files.keys()))
    written, unchanged = [], []
    for rel in sorted(files, key=_order):
        (written if _put(paths[rel], files[rel]) else unchanged).append(rel)
    for path in stale_paths:
        path.unlink(missing_ok=True)
        _prune(path.parent, root)
    _put(root / MARKER, _marker(set(files)))
    return SyncReport(tuple(written), tuple(unchanged), tuple(stale))


def _prune(directory: Path, root: Path) -> None:
    """Remove `directory` and its parents up to `root` while they are empty."""
    while directory != root and directory.is_relative_to(root):
        try:
            directory.rmdir()
        except OSError:
            return
        directory = directory.parent
