"""Figures for the organizer's write path on the generated 1,000-session event: the clash check
run before every correction, re-applying every correction on top of a re-import, and the
notices worked out for each schedule document.

    .venv/bin/python bench/corrections.py [--corrections 300]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.generate import write  # noqa: E402
from webapp.corrections.apply import Correction, apply, prepare  # noqa: E402
from webapp.corrections.clashes import consequences  # noqa: E402
from webapp.corrections.notices import notices  # noqa: E402
from webapp.corrections.reimport import reapply  # noqa: E402
from webapp.domain.storage import load_schedule  # noqa: E402


def best(fn, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corrections", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        schedule = load_schedule(write(Path(tmp)))
    sessions, rooms = schedule.sessions, schedule.rooms
    print(f"event: {len(sessions)} sessions, {len(rooms)} rooms, {len(schedule.speakers)} speakers")
    first = sessions[0]
    move = prepare(schedule, {"kind": "move", "session": first.id, "room": rooms[-1].id})
    now = first.start - timedelta(days=1)
    t = best(lambda: consequences(schedule, move, now))
    print(f"clash check of one move: {t * 1000:.1f} ms")
    history, current = [], schedule
    for i in range(args.corrections):
        s = sessions[i % len(sessions)]
        body = {"kind": "edit", "session": s.id, "title": f"{s.title} ({i})"}
        if i % 10 == 0:
            body = {"kind": "room_status", "room": rooms[i % len(rooms)].id, "status": "full"}
        change = prepare(current, body)
        history.append(Correction(i + 1, first.start, change))
        current = apply(current, [change])
    t = best(lambda: reapply(schedule, history), repeat=3)
    print(f"re-applying {len(history)} corrections on a re-import: {t * 1000:.0f} ms")
    t = best(lambda: notices(history, schedule.event.timezone, first.start))
    print(f"notices from {len(history)} corrections: {t * 1000:.2f} ms")


if __name__ == "__main__":
    main()
