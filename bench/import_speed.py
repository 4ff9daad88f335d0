"""How long `schedule import` takes on a large event, first time and again.

The event is bench/generate.py's, at 1,500 sessions by default, exported as frab
`schedule.json` (what a large conference publishes). Each figure runs what the import command
runs (read, parse, merge, match ids against the previous import, write) in this process:

- first import: nothing before it;
- re-import: the same file again (every id kept);
- re-import of a new version: 5 % of the talks retitled a little and moved, 5 % moved, 2 %
  dropped, 2 % added (every continued talk keeps its id; printed);
- import over another event: no session continues, the worst case for matching.

The figure is the CPU time of the import (it runs on one core and waits for nothing but the
disk): the wall time, printed beside it, grows with whatever else the machine runs.

    .venv/bin/python bench/import_speed.py [--sessions N] [--json]

bench/run_all.py runs it at 1,500 sessions; its short form (sizes only) leaves it out.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import generate
from common import Figure, report

from webapp.domain.model import Schedule
from webapp.domain.serialize import schedule_from_dict
from webapp.domain.storage import load_schedule, save_schedule
from webapp.exports.frab import to_schedule_json
from webapp.importers.merge import merge
from webapp.importers.sources import parse_source

GOAL = "Import speed"
TARGET_S = 5.0  # "a few seconds" (issue 13)
SESSIONS = 1500


def exported(schedule: Schedule, directory: Path, name: str) -> Path:
    path = directory / name
    doc = to_schedule_json(schedule, "https://example.org")
    # As a tool would publish it that gives no Hallway ids and no guids to read back: the ids
    # are then matched by title, time and room (a guid would match them without that work).
    doc.pop("hallway", None)
    doc["schedule"].pop("hallway", None)
    for day in doc["schedule"]["conference"]["days"]:
        for events in day["rooms"].values():
            for e in events:
                e["url"] = f"https://example.org/talk/{e.pop('guid')}"
                for person in e.get("persons", []):
                    person.pop("guid", None)
    path.write_text(json.dumps(doc), "utf-8")
    return path


def new_version(schedule: Schedule, seed: int) -> tuple[Schedule, set[str]]:
    """The schedule with some talks retitled, moved, dropped and added; the ids that continue."""
    rng = random.Random(seed)
    sessions = [s for s in schedule.sessions if s.status != "cancelled"]
    rng.shuffle(sessions)
    n = len(sessions)
    cut = [n * p // 100 for p in (5, 10, 12)]
    out = []
    for k, s in enumerate(sessions):
        if k < cut[0]:  # a typo fixed and the talk moved an hour later
            out.append(
                replace(
                    s, title=s.title + "s", start=s.start + timedelta(hours=1), end=s.end + timedelta(hours=1)
                )
            )
        elif k < cut[1]:  # moved to the next day, same room
            out.append(replace(s, start=s.start + timedelta(days=1), end=s.end + timedelta(days=1)))
        elif k >= cut[2]:
            out.append(s)
    kept = {s.id for s in out}
    for k, s in enumerate(sessions[cut[1] : cut[2]]):
        out.append(replace(s, id=f"new{k}", title=f"A new talk, number {k}, on {s.title.lower()[::-1]}"))
    return replace(schedule, sessions=tuple(out)), kept


def timed(sources: list[Path], out: Path) -> tuple[float, float, Schedule]:
    """What `schedule import SOURCES --out OUT` does; (wall s, CPU s, the schedule written)."""
    wall, cpu = time.perf_counter(), time.process_time()
    previous = load_schedule(out) if out.exists() else None
    schedule, _ = merge([parse_source(p.read_bytes(), p.name) for p in sources], previous=previous)
    save_schedule(out, schedule)
    return time.perf_counter() - wall, time.process_time() - cpu, schedule


def measure(sessions: int = SESSIONS, over: bool = True) -> list[Figure]:
    work = Path(tempfile.mkdtemp(prefix="hallway-import-"))
    event = schedule_from_dict(generate.generate(sessions=sessions))
    other = schedule_from_dict(generate.generate(sessions=sessions, seed=generate.SEED + 1))
    version, continuing = new_version(event, seed=1)
    source = exported(event, work, "schedule.json")
    figures = []

    def figure(name: str, sources: list[Path], out: Path) -> Schedule:
        wall, cpu, schedule = timed(sources, out)
        figures.append(Figure(GOAL, name, cpu, "s CPU", TARGET_S, note=f"wall {wall:.2f} s"))
        return schedule

    out = work / "out.json"
    first = figure(f"first import, {sessions:,} sessions", [source], out)
    again = figure("re-import, same file", [source], out)
    kept = len({s.id for s in first.sessions} & {s.id for s in again.sessions})
    figures[-1].note += f"; {kept:,} of {len(first.sessions):,} ids kept"
    # The new version, over a copy of the first import (its ids are the ones to keep).
    moved_out = work / "moved.json"
    save_schedule(moved_out, first)
    by_title = {s.title: s.id for s in first.sessions}
    changed = figure("re-import, new version", [exported(version, work, "v2.json")], moved_out)
    wanted = {by_title[s.title] for s in event.sessions if s.id in continuing and s.title in by_title}
    figures[
        -1
    ].note += f"; {len(wanted & {s.id for s in changed.sessions}):,} of {len(wanted):,} continuing ids kept"
    if not over:
        return figures
    other_out = work / "over.json"
    save_schedule(other_out, first)
    figure("import over another event", [exported(other, work, "other.json")], other_out)
    return figures


def run(short: bool = False) -> list[Figure]:
    """bench/run_all.py's entry: timings only, so nothing in the short form."""
    return [] if short else measure()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=SESSIONS)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--skip-over", action="store_true", help="leave out the import over another event")
    args = parser.parse_args()
    report(measure(args.sessions, over=not args.skip_over), as_json=args.json)


if __name__ == "__main__":
    main()
