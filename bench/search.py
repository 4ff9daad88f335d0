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
Beside them, how long the page's thread was busy in the BUSY_MS after the first screen (CDP's
TaskDuration): what building the index costs the page, that scrolling and taps wait behind.

    .venv/bin/python bench/search.py [--json]
    SEARCH_BASELINE=e2a1de1 .venv/bin/python bench/search.py   # that commit too, in the same run
    HALLWAY_BENCH_APP=/path/to/other/checkout .venv/bin/python bench/search.py   # another tree alone

The pages are controlled by the service worker (a second visit), so the index is built by its
worker (static/js/features/search/index-worker.js). CDP's CPU throttling slows the page's
thread only, not a worker's: here the worker builds at the machine's full speed, where a
phone's other core is as slow as the page's (the outline of this congress took 18-24 ms of
unthrottled CPU, bench/search_index.mjs: 70-100 ms at 4x, started once the view is drawn).

SEARCH_BASELINE serves a copy of that commit's tree beside this one; each round of cases runs
on one and then the other, so that both see the same load (a key's time on a shared machine
varies by 3x from minute to minute).
"""

from __future__ import annotations

import os
from contextlib import ExitStack
from typing import Any

from common import PHONE, Figure, beside_baseline, congress_data, controlled, launch_args, main
from shown import TYPE_KEYS, median, painted_ms, watch

GOAL = "Search, congress"
THROTTLE = int(os.environ.get("SEARCH_THROTTLE", "4"))
SETTLE_GOAL = 50
QUERIES = ("rust", "linaker", "ai")
NOW = "2026-09-14T11:20:00%2B02:00"
BUSY_MS = 4000  # the window after the first screen in which the page's own work is summed
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
  // The schedule's answer: the found sessions (views/search-results.js), or the line saying none.
  const shown =
    selector === '#f-q' ? () => document.querySelector('main .results .hit, main .results .empty') : null;
  const keys = await typeKeys(input, query, shown);
  const titles = [...document.querySelectorAll('main article.card h3')].slice(0, 5).map((e) => e.textContent);
  return { keys, titles };
}
"""
)


def typed(page: Any, selector: str, query: str) -> dict[str, Any]:
    return page.evaluate(TYPE, [selector, query])


def browse(urls: dict[str, str]) -> dict[str, dict[tuple[str, str], list[dict[str, Any]]]]:
    """Every case, REPEATS rounds, each round on every server in turn: {label: {case: runs}}."""
    from playwright.sync_api import sync_playwright

    out: dict[str, dict[tuple[str, str], list[dict[str, Any]]]] = {label: {} for label in urls}
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        contexts = {}
        for label, url in urls.items():
            context = browser.new_context(viewport=PHONE)
            watch(context)
            page = context.new_page()
            page.goto(f"{url}/?now={NOW}")
            controlled(page)
            page.wait_for_load_state("networkidle")
            page.close()
            contexts[label] = context

        def opened(context: Any, url: str, path: str, wait_ms: int) -> Any:
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
            for label, url in urls.items():
                context, runs = contexts[label], out[label]
                for case, wait in (("read", READING_MS), ("at once", 0)):
                    for query in QUERIES:
                        page = opened(context, url, f"/?now={NOW}", wait)
                        runs.setdefault((case, query), []).append(typed(page, "#f-q", query))
                        page.close()
                runs.setdefault(("busy", ""), []).append({"busy": busy(context, url)})
                page = opened(context, url, "/speakers", READING_MS)
                box = "main input[type=search]"
                if page.query_selector(box):
                    runs.setdefault(("speakers", "linaker"), []).append(typed(page, box, "linaker"))
                page.close()
        browser.close()
    return out


def busy(context: Any, url: str) -> float:
    """Milliseconds the page's thread spent in tasks in the BUSY_MS after the first screen
    (CDP's TaskDuration, at THROTTLE): building the search index, on the page or not."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    cdp.send("Performance.enable")

    def tasks() -> float:
        metrics = cdp.send("Performance.getMetrics")["metrics"]
        return 1000 * next(m["value"] for m in metrics if m["name"] == "TaskDuration")

    page.goto(f"{url}/?now={NOW}")
    painted_ms(page)
    start = tasks()
    page.wait_for_timeout(BUSY_MS)  # a window measured, not a wait for a condition
    spent = tasks() - start
    page.close()
    return spent


def figures(b: dict[tuple[str, str], list[dict[str, Any]]], label: str) -> list[Figure]:
    goal = None if label else SETTLE_GOAL
    figures = []
    spent = b.pop(("busy", ""), [])
    if spent:
        figures.append(
            Figure(
                GOAL,
                f"page's thread busy in the {BUSY_MS / 1000:.0f} s after the first screen{label}, "
                f"CPU {THROTTLE}x (median of {len(spent)})",
                median([r["busy"] for r in spent]),
                "ms",
                None,
                note="each run: " + ", ".join(f"{r['busy']:.0f}" for r in spent) + " ms",
            )
        )
    if ("speakers", "linaker") not in b:
        figures.append(Figure(GOAL, f"speakers view{label}: no search box", 0, "", None))
    for (case, query), runs in b.items():
        where = WHERE[case] + label
        per_run = " / ".join(", ".join(f"{k:.0f}" for k in r["keys"]) for r in runs)
        figures.append(
            Figure(
                GOAL,
                f"{where}: first key of {query!r}, CPU {THROTTLE}x (median of {len(runs)})",
                median([r["keys"][0] for r in runs]),
                "ms",
                goal,
                note=f"per key: {per_run} ms",
            )
        )
        figures.append(
            Figure(
                GOAL,
                f"{where}: worst later key of {query!r}, CPU {THROTTLE}x (median of {len(runs)})",
                median([max(r["keys"][1:]) for r in runs]),
                "ms",
                goal,
                note=f"first cards: {' | '.join(runs[0]['titles'][:3])}" if (case, query) == SHOWN else "",
            )
        )
    return figures


def run(short: bool = False) -> list[Figure]:
    if short:
        return []  # timings only: nothing for the CI form
    _, data = congress_data()
    ref = os.environ.get("SEARCH_BASELINE")
    with ExitStack() as stack:
        b = browse(beside_baseline(stack, data, ref))
    return [f for label, cases in b.items() for f in figures(cases, label)]


if __name__ == "__main__":
    main(run)
