"""The server's follower imports in a child process: the schedule is written there, and an
import that takes too long or too much memory is stopped with a clear error, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.harness.sources import TALKS, frab
from webapp.importers.isolated import ImportFailed, Isolation, import_apart
from webapp.importers.merge import Overrides

ROOMY = Isolation(seconds=60.0, memory_mb=2048)


def many_talks(n: int) -> bytes:
    talks = [
        (str(1000 + i), "10:00", "00:30", f"Room {i % 40}", f"Talk {i}", f"Person {i}") for i in range(n)
    ]
    return frab(talks).encode()


def test_the_import_is_written_by_another_process(tmp_path: Path) -> None:
    out = tmp_path / "schedule.json"
    written = import_apart([frab(TALKS).encode()], ["s.xml"], Overrides(), out, 0, ROOMY)
    assert written.sessions == len(TALKS) and written.kept == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert {s["title"] for s in doc["sessions"]} == {t[4] for t in TALKS}


def test_an_import_over_the_cap_is_refused_naming_the_source(tmp_path: Path) -> None:
    out = tmp_path / "schedule.json"
    with pytest.raises(ImportFailed, match=r"^s\.xml: more than 2 sessions"):
        import_apart([frab(TALKS).encode()], ["s.xml"], Overrides(), out, 2, ROOMY)
    assert not out.exists()


def test_an_import_past_its_deadline_is_stopped(tmp_path: Path) -> None:
    out = tmp_path / "schedule.json"
    with pytest.raises(ImportFailed, match=r"longer than 0\.05 s \(IMPORT_TIMEOUT\)"):
        import_apart([many_talks(5000)], ["s.xml"], Overrides(), out, 0, Isolation(0.05, 2048))
    assert not out.exists()


def test_an_import_past_its_memory_is_stopped(tmp_path: Path) -> None:
    out = tmp_path / "schedule.json"
    with pytest.raises(ImportFailed, match="memory"):
        import_apart([many_talks(2000)], ["s.xml"], Overrides(), out, 0, Isolation(60.0, 1))
    assert not out.exists()
    assert len(bytearray(64 << 20)) == 64 << 20  # the limit was the child's: this process allocates
