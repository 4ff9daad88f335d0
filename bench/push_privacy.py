"""What the push server can tell from wake-up instants, on a real schedule, and what hiding it
would cost (issue 38, point 10).

A device with reminders on sends the instants it wants waking at: each starred session's
start less the lead (5, 10 or 15 minutes, which the server stores too). When only one session
starts at an instant's start, the instant names that session. Measured here:

- the share of sessions named exactly by their instant, for each lead;
- the share of devices with 1 to 5 stars picked at random that send at least one such
  instant (exact, hypergeometric);
- sending instants rounded down to a grid (5, 10, 15, 30, 60 min): sessions still named, and
  what it costs: reminders that many minutes earlier than the lead chosen (a push is the only
  thing that wakes a closed app, and there is no timer to wait on after it), and the
  wake-ups per device;
- the lone starts moved onto the previous start that has company ("merge"): none named, the
  earliness it costs;
- decoys: d other real instants of the event sent beside each real one (decoys off the
  schedule's starts give themselves away): what is sure about any one instant, and the
  wake-ups (each a push that must show a notification, see below).

No server, no browser: the schedule file only.

    .venv/bin/python bench/push_privacy.py [--schedule data/schedule.json] [--stars 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable
from datetime import datetime
from math import comb
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCHEDULE = HERE.parent / "data" / "schedule.json"
LEADS = (5, 10, 15)  # webapp/push/validate.py LEADS, static/js/features/push/wake-times.js
GRIDS = (5, 10, 15, 30, 60)  # minutes
DECOYS = (1, 2, 3)
MINUTE = 60


def starts(path: Path) -> list[int]:
    """Each session's start (seconds since the epoch) that a star can wake for: not cancelled."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    live = [s for s in doc["sessions"] if s.get("status") != "cancelled" and not s.get("cancelled")]
    return [int(datetime.fromisoformat(s["start"]).timestamp()) for s in live]


def named(instants: list[int]) -> list[bool]:
    """Per session: whether its instant is sent for no other session."""
    count = Counter(instants)
    return [count[i] == 1 for i in instants]


def some_named(flags: list[bool], stars: int) -> float:
    """The chance that `stars` sessions starred at random include at least one named one."""
    n, lone = len(flags), sum(flags)
    if stars > n:
        return float("nan")
    return 1 - comb(n - lone, stars) / comb(n, stars)


def wakes_per_device(instants: list[int], stars: int) -> float:
    """Expected distinct instants of `stars` sessions starred at random (one wake-up each)."""
    n, per = len(instants), Counter(instants)
    # An instant is sent when at least one of its sessions is starred.
    return sum(1 - comb(n - k, stars) / comb(n, stars) for k in per.values())


def grid(minutes: int) -> Callable[[int], int]:
    step = minutes * MINUTE
    return lambda at: at - at % step  # rounded down: a reminder is never late


def merged(instants: list[int]) -> dict[int, int]:
    """Each lone instant moved onto the latest earlier instant that two sessions or more share
    (itself when there is none earlier): every instant sent then stands for two sessions or more."""
    count = Counter(instants)
    shared = sorted(i for i, c in count.items() if c > 1)
    out = {}
    for i in count:
        earlier = [s for s in shared if s <= i]
        out[i] = earlier[-1] if earlier and count[i] == 1 else i
    return out


def row(name: str, sent: list[int], real: list[int], stars: int, base_wakes: float) -> dict[str, object]:
    flags = named(sent)
    early = [(r - s) / MINUTE for r, s in zip(real, sent, strict=True)]
    wakes = wakes_per_device(sent, stars)
    return {
        "how": name,
        "named": sum(flags),
        "named_share": sum(flags) / len(flags),
        "devices_with_one_named": some_named(flags, stars),
        "early_mean_min": sum(early) / len(early),
        "early_max_min": max(early),
        "wakes_per_device": wakes,
        "extra_wakes": wakes / base_wakes - 1,
    }


def measure(path: Path, stars: int) -> dict[str, object]:
    at = starts(path)
    out: dict[str, object] = {"schedule": str(path), "sessions": len(at), "stars": stars}
    leads = {}
    for lead in LEADS:
        real = [s - lead * MINUTE for s in at]
        flags = named(real)
        leads[lead] = {
            "named": sum(flags),
            "named_share": sum(flags) / len(flags),
            "devices_with_one_named": {k: some_named(flags, k) for k in range(1, stars + 1)},
        }
    out["by_lead"] = leads
    # Rounding and merging, at the default lead (10): the others shift every instant alike.
    lead = 10
    real = [s - lead * MINUTE for s in at]
    base = wakes_per_device(real, stars)
    rows = [row("exact (today)", real, real, stars, base)]
    for minutes in GRIDS:
        rounded = grid(minutes)
        rows.append(row(f"rounded down to {minutes} min", [rounded(i) for i in real], real, stars, base))
    moved = merged(real)
    lone = "lone starts merged onto the previous shared one"
    rows.append(row(lone, [moved[i] for i in real], real, stars, base))
    out["hiding_at_lead_10"] = rows
    slots = len(set(real))
    decoys = []
    for d in (*DECOYS, None):  # None: every start of the event, the most there can be
        wakes = slots if d is None else min(slots, base * (1 + d))
        decoys.append(
            {
                "decoys_per_instant": "all" if d is None else d,
                "sure_of_any_one_instant": base / wakes,
                "wakes_per_device": wakes,
                "extra_wakes": wakes / base - 1,
            }
        )
    out["decoys"] = decoys
    out["slots"] = slots
    return out


def show(m: dict[str, object]) -> None:
    print(f"{m['schedule']}: {m['sessions']} sessions, {m['slots']} distinct starts")
    for lead, r in m["by_lead"].items():  # type: ignore[union-attr]
        some = ", ".join(f"{k} stars {v:.0%}" for k, v in r["devices_with_one_named"].items())
        print(
            f"  lead {lead:2} min: {r['named']} sessions named by their instant ({r['named_share']:.0%}); "
            f"devices sending one or more: {some}"
        )
    print(f"  hiding them, lead 10, {m['stars']} random stars a device:")
    for r in m["hiding_at_lead_10"]:  # type: ignore[union-attr]
        print(
            f"    {r['how']:<48} named {r['named']:2} ({r['named_share']:4.0%}), devices with one "
            f"{r['devices_with_one_named']:4.0%}; earlier by {r['early_mean_min']:4.1f} min on average, "
            f"{r['early_max_min']:4.0f} at most; "
            f"wake-ups {r['wakes_per_device']:.2f} ({r['extra_wakes']:+.0%})"
        )
    for r in m["decoys"]:  # type: ignore[union-attr]
        d = r["decoys_per_instant"]
        how = "every start sent" if d == "all" else f"{d} decoy(s) an instant"
        print(
            f"    {how}: any one instant sent is real with odds "
            f"{r['sure_of_any_one_instant']:.0%}; "
            f"wake-ups {r['wakes_per_device']:.2f} ({r['extra_wakes']:+.0%}), "
            "each a push that must show a notification"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schedule", type=Path, default=SCHEDULE)
    parser.add_argument("--stars", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    m = measure(args.schedule, args.stars)
    if args.json:
        json.dump(m, sys.stdout, indent=1)
        print()
    else:
        show(m)


if __name__ == "__main__":
    main()
