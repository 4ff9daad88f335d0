"""Search on a congress (bench/generate.py's `congress()`: 1,400 sessions, 5 days, 90 rooms,
~1,200 speakers, 36 tracks) on a 360x740 phone with the CPU 4x slower (CDP
`Emulation.setCPUThrottlingRate`).

Figures: each key of a query typed one at a time into the schedule's search box, from the
input event to the frame after the results changed (requestAnimationFrame, then a task): the
first key and the worst later one, for a reader who starts typing a second after the first
screen (texts fetched by then, as on a second visit of the day) and for one who types the
moment the first screen shows (the worst case: nothing done ahead yet); the same for the
speakers view's search box. Each case runs REPEATS times in fresh pages: the figure is the
median (the keys of every run are in the note). The first cards found for "rust" are noted.

    .venv/bin/python bench/search.py [--json]
    HALLWAY_BENCH_APP=/path/to/other/checkout .venv/bin/python bench/search.py   # compare
"""

from __future__ import annotations

import os
from typing import Any

from common import PHONE, Figure, congress_data, controlled, launch_args, main, server
from shown import TYPE_KEYS, median, painted_ms, watch

GOAL = "Search, congress"
THROTTLE = int(os.environ.get("SEARCH_THROTTLE", "4"))
SETTLE_GOAL = 50
QUERIES = ("rust", "linaker", "ai")
NOW = "2026-09-14T11:20:00%2B02:00"
READING_MS = 1000  # a reader looks at the first screen about this long before tapping the box
WHERE = {
    "read": "schedule, typed after 1 s",
    "at once": "schedule, typed at once",
    "speakers": "speakers view",
}
SHOWN = ("read", "rust")  # the case whose first cards are noted
REPEATS = int(os.environ.get("SEARCH_REPEATS", "3"))

# Runs in the page: types `query` one key at a time into `selector`, timing each key.
TYPE = (
    """
async ([selector, query]) => {"""
    + TYPE_KEYS
    + """
  const input = document.querySelector(selector);
  input.focus();
  const keys = await typeKeys(input, query);
  const titles = [...document.querySelectorAll('main article.card h3')].slice(0, 5).map((e) => e.textContent);
  return { keys, titles };
}
"""
)


def typed(page: Any, selector: str, query: str) -> dict[str, Any]:
    return page.evaluate(TYPE, [selector, query])


def browse(url: str) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    out: dict[str, Any] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        context = browser.new_context(viewport=PHONE)
        watch(context)
        page = context.new_page()
        page.goto(f"{url}/?now={NOW}")
        controlled(page)
        page.wait_for_load_state("networkidle")
        page.close()

        def opened(path: str, wait_ms: int) -> Any:
            page = context.new_page()
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
            page.goto(url + path)
            if path.startswith("/speakers"):
                page.wait_for_selector("main h1")
            else:
                painted_ms(page)
            if wait_ms:
                page.wait_for_timeout(wait_ms)  # a benchmark's reader, not a test's wait
            return page

        for _ in range(REPEATS):
            for label, wait in (("read", READING_MS), ("at once", 0)):
                for query in QUERIES:
                    page = opened(f"/?now={NOW}", wait)
                    out.setdefault((label, query), []).append(typed(page, "#f-q", query))
                    page.close()
            page = opened("/speakers", READING_MS)
            box = "main input[type=search]"
            if page.query_selector(box):
                out.setdefault(("speakers", "linaker"), []).append(typed(page, box, "linaker"))
            page.close()
        browser.close()
    return out


def run(short: bool = False) -> list[Figure]:
    if short:
        return []  # timings only: nothing for the CI form
    _, data = congress_data()
    with server(data) as url:
        b = browse(url)
    figures = []
    if ("speakers", "linaker") not in b:
        figures.append(Figure(GOAL, "speakers view: no search box", 0, "", None))
    for (label, query), runs in b.items():
        where = WHERE[label]
        per_run = " / ".join(", ".join(f"{k:.0f}" for k in r["keys"]) for r in runs)
        figures.append(
            Figure(
                GOAL,
                f"{where}: first key of {query!r}, CPU {THROTTLE}x (median of {len(runs)})",
                median([r["keys"][0] for r in runs]),
                "ms",
                SETTLE_GOAL,
                note=f"per key: {per_run} ms",
            )
        )
        figures.append(
            Figure(
                GOAL,
                f"{where}: worst later key of {query!r}, CPU {THROTTLE}x (median of {len(runs)})",
                median([max(r["keys"][1:]) for r in runs]),
                "ms",
                SETTLE_GOAL,
                note=f"first cards: {' | '.join(runs[0]['titles'][:3])}" if (label, query) == SHOWN else "",
            )
        )
    return figures


if __name__ == "__main__":
    main(run)
