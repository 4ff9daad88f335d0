"""Run every benchmark and write its figures into docs/benchmarks.md (newest run first).

    .venv/bin/python bench/run_all.py            # all figures (about 5 minutes), writes the docs
    .venv/bin/python bench/run_all.py --short    # sizes only, for CI: exit 1 if one is over budget
    .venv/bin/python bench/run_all.py --only first_visit,large   # some of them

Timings and scores are reported, never failed on: they depend on what else the machine is
doing. Sizes are bytes, the same on every run, so the short form fails on them.
"""

from __future__ import annotations

import datetime as dt
import os
import platform
import re
import subprocess
import sys
import traceback
from pathlib import Path

import back
import blocking
import bytes as document_bytes
import first_visit
import grid
import import_speed
import large
import lighthouse
import load
import now
import overhead
import repeat
import search
import source_delta
import takeover
from common import ROOT, Figure, fmt, over_budget, report

SCRIPTS = {
    "first_visit": first_visit,
    "bytes": document_bytes,
    "lighthouse": lighthouse,
    "takeover": takeover,
    "repeat": repeat,
    "large": large,
    "blocking": blocking,
    "grid": grid,
    "back": back,
    "search": search,
    "now": now,
    "load": load,
    "overhead": overhead,
    "import_speed": import_speed,
    "source_delta": source_delta,
}
DOC = ROOT / "docs" / "benchmarks.md"
MARKER = "<!-- bench/run_all.py writes each run below this line, newest first -->"


def machine() -> str:
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    chromium = "?"
    try:
        chromium = subprocess.run(
            ["chromium", "--version"], capture_output=True, text=True, timeout=20
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    system = f"{platform.system()} {platform.release()}, Python {platform.python_version()}"
    return f"{os.cpu_count()} cores ({cpu}), {system}, {chromium}"


def commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, timeout=10
        )
        return out.stdout.strip() or "?"
    except (OSError, subprocess.SubprocessError):
        return "?"


def table(figures: list[Figure]) -> str:
    rows = ["| goal | figure | value | target | met | note |", "|---|---|---|---|---|---|"]
    for f in figures:
        target = "" if f.target is None else ("<= " if f.better == "lower" else ">= ") + fmt(f.target)
        met = {True: "yes", False: "**no**", None: ""}[f.met]
        note = f.note.replace("|", "/")
        rows.append(f"| {f.goal} | {f.name} | {fmt(f.value)} {f.unit} | {target} | {met} | {note} |")
    return "\n".join(rows)


def write_doc(figures: list[Figure], failures: list[str], load_before: float, load_after: float) -> None:
    stamp = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    section = [
        f"### {stamp}, commit {commit()}",
        "",
        f"Machine: {machine()}. Load average {load_before:.1f} before, {load_after:.1f} after "
        "(other work on the machine slows the timings and the server figures).",
        "",
        table(figures),
        "",
    ]
    if failures:
        section += ["Benchmarks that did not run: " + "; ".join(failures), ""]
    text = DOC.read_text("utf-8") if DOC.exists() else f"# Benchmarks\n\n{MARKER}\n"
    if MARKER not in text:
        text = text.rstrip("\n") + f"\n\n{MARKER}\n"
    head, tail = text.split(MARKER, 1)
    DOC.write_text(head + MARKER + "\n\n" + "\n".join(section) + "\n" + tail.lstrip("\n"), "utf-8")


def main() -> int:
    short = "--short" in sys.argv
    only = None
    if "--only" in sys.argv:
        only = set(sys.argv[sys.argv.index("--only") + 1].split(","))
    chosen = [(n, m) for n, m in SCRIPTS.items() if only is None or n in only]
    load_before = os.getloadavg()[0]
    figures: list[Figure] = []
    failures: list[str] = []
    for name, module in chosen:
        print(f"== {name}", flush=True)
        try:
            got = module.run(short)
        except Exception as exc:  # noqa: BLE001 - one broken benchmark must not hide the others
            traceback.print_exc()
            message = re.sub(r"\s+", " ", str(exc))[:200]
            failures.append(f"{name}: {type(exc).__name__}: {message}")
            continue
        report(got)
        figures += got
    if not short:
        write_doc(figures, failures, load_before, os.getloadavg()[0])
        print(f"wrote {DOC.relative_to(ROOT)}")
    over = over_budget(figures)
    for f in over:
        print(f"OVER BUDGET: {f.name}: {fmt(f.value)} {f.unit} > {fmt(f.limit or 0)}", file=sys.stderr)
    return 1 if over or (short and failures) else 0


if __name__ == "__main__":
    sys.exit(main())
