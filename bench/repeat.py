"""Repeat and offline start: from the service worker's cache to sessions on screen.

One first visit fills the caches; then the server is cut off (`set_offline`) and the page is
opened again, RUNS times, each in a new tab of the same context (a warm browser, as when the
app is reopened). The figure is the median time from navigation start to the frame that first
shows a session; every run is checked to have been answered by the service worker.

    .venv/bin/python bench/repeat.py [--json]
"""

from __future__ import annotations

from common import PHONE, SESSIONS_SHOWN, Figure, controlled, data_dir, launch_args, main, server
from shown import median, painted_ms, watch

GOAL = "Repeat and offline start"
TARGET_MS = 100  # issue 17: was 300
RUNS = 7


def measure(url: str, runs: int = RUNS, offline: bool = True) -> list[float]:
    from playwright.sync_api import sync_playwright

    times: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        context = browser.new_context(viewport=PHONE)
        watch(context)
        first = context.new_page()
        first.goto(url + "/")
        first.wait_for_function(SESSIONS_SHOWN, timeout=20000)
        controlled(first)
        first.close()
        context.set_offline(offline)
        for _ in range(runs):
            page = context.new_page()
            response = page.goto(url + "/")
            if response is None or not response.from_service_worker:
                raise AssertionError("the page was not answered by the service worker")
            times.append(painted_ms(page))
            page.close()
        browser.close()
    return times


def run(short: bool = False) -> list[Figure]:
    if short:
        return []  # timings only
    with server(data_dir()) as url:
        offline = measure(url)
        online = measure(url, runs=RUNS, offline=False)
    spread = f"runs {min(offline):.0f}-{max(offline):.0f} ms"
    return [
        Figure(
            GOAL,
            "offline start, cache to sessions on screen (median)",
            median(offline),
            "ms",
            TARGET_MS,
            note=spread,
        ),
        Figure(
            GOAL, "repeat start online, cache to sessions on screen (median)", median(online), "ms", TARGET_MS
        ),
    ]


if __name__ == "__main__":
    main(run)
