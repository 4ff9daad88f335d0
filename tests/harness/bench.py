"""bench/ is a folder of scripts, not a package: its modules import each other by name, so they
are imported from that folder, put on the path once, here."""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

from . import ROOT

BENCH = str(ROOT / "bench")


def bench_module(name: str) -> ModuleType:
    """`bench/<name>.py`, e.g. `bench_module("generate").congress()`."""
    if BENCH not in sys.path:
        sys.path.insert(0, BENCH)
    return importlib.import_module(name)
