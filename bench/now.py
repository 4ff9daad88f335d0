"""Now and next (/now) on a congress: 1,400 sessions, 5 days, 90 rooms (bench/generate.py's
`congress()`), at 11:20 on its first day, on a 360x740 phone with the CPU 4x slower (CDP
`Emulation.setCPUThrottlingRate`).

Figures: first paint (navigation start to the frame that first shows a room's row, the
schedule already in the worker's and the page's cache, as on the second visit of the day);
how tall the rows are: the first 30 rooms (the issue's "about three screens") and all 90.

    .venv/bin/python bench/now.py [--json]
    HALLWAY_BENCH_APP=/path/to/other/checkout .venv/bin/python bench/now.py   # compare
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import generate
from common import PHONE, Figure, data_dir, main, painted, server, warm_context

GOAL = "Now, congress"
THROTTLE = int(os.environ.get("NOW_THROTTLE", "4"))  # 1: no throttling, to compare
FIRST_PAINT_GOAL = 1500
SCREENS_GOAL = 3  # 30 rooms in about three screens
AT = "2026-09-14T11:20:00%2B02:00"

WATCH = """
(() => {
  if (window.top !== window) return;
  const observer = new MutationObserver(() => {
    if (window.__shown || !document.querySelector('main .nowrow')) return;
    window.__shown = performance.now();
    requestAnimationFrame(() => { window.__painted = performance.now(); });
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
})();
"""

ROWS = "() => [...document.querySelectorAll('main .nowrow')].map((r) => r.getBoundingClientRect().height)"


def browse(url: str) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser, context = warm_context(p, url, WATCH)
        page, _, first = painted(context, f"{url}/now?now={AT}", THROTTLE)
        rows = page.evaluate(ROWS)
        browser.close()
    return {"first": first, "rows": rows}


def run(short: bool = False) -> list[Figure]:
    if short:
        return []  # timings and layout only: nothing for the CI form
    doc = generate.congress()
    directory = Path(tempfile.mkdtemp(prefix="hallway-congress-"))
    data = data_dir(generate.write(directory, doc))
    with server(data) as url:
        b = browse(url)
    rows = b["rows"]
    screen = PHONE["height"]
    thirty = sum(rows[:30])
    return [
        Figure(
            GOAL,
            f"first paint of /now ({len(rows)} rooms), CPU {THROTTLE}x slower",
            b["first"],
            "ms",
            FIRST_PAINT_GOAL,
        ),
        Figure(
            GOAL,
            f"30 rooms' rows at {PHONE['width']}x{screen}, in screens",
            round(thirty / screen, 2),
            "",
            SCREENS_GOAL,
            note=f"{thirty:,.0f} px; a row {min(rows, default=0):.0f}-{max(rows, default=0):.0f} px",
        ),
        Figure(
            GOAL,
            f"all {len(rows)} rooms' rows, in screens",
            round(sum(rows) / screen, 2),
            "",
            None,
            note=f"{sum(rows):,.0f} px",
        ),
    ]


if __name__ == "__main__":
    main(run)
