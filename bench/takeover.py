"""The first visit of `/` on a slow phone (the shipped event and bench/generate.py's 1,000-session
congress): when its first screen is painted and when the app has
taken it over (issue 28). A 360x740 page with the CPU 4x slower (CDP
`Emulation.setCPUThrottlingRate`) on Lighthouse's slow 4G (CDP `Network.emulateNetworkConditions`:
150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up), no service worker, an empty cache each time.

"First screen": the page's first-contentful-paint (the server's drawing). "Taken over": the
app's first own drawing of the page, when it names the page (`document.title` becomes
"<page> · <event>", app.js `render`): from then on the page is the app's (search, filters, the
clock). Both from navigation start, the median of TAKEOVER_RUNS loads.

    .venv/bin/python bench/takeover.py [--json]
    TAKEOVER_BASELINE=e0b6f86 .venv/bin/python bench/takeover.py   # that commit too, same run
    TAKEOVER_EVENTS=shipped .venv/bin/python bench/takeover.py   # one event (or "congress")

TAKEOVER_BASELINE serves a copy of that commit's tree beside this one; the loads alternate
between the two, so both meet the same load. Timings only: the short form (CI) skips it.
"""

from __future__ import annotations

import os
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from common import PHONE, Figure, beside_baseline, launch_args, main, shipped_and_congress
from shown import median

GOAL = "First visit on a slow phone"
RUNS = int(os.environ.get("TAKEOVER_RUNS", "5"))
THROTTLE = 4
SLOW_4G = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1.6 * 1024 * 1024 / 8,
    "uploadThroughput": 750 * 1024 / 8,
}
TIMEOUT_MS = 60000

WATCH = """
(() => {
  if (window.top !== window) return;
  const observer = new MutationObserver(() => {
    if (window.__takenOver || !document.title.includes(" · ")) return;
    window.__takenOver = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();
"""
FCP = "() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null"


def one_load(browser: Any, url: str) -> tuple[float, float]:
    """(first screen, taken over) in ms of one first visit of `url`."""
    context = browser.new_context(viewport=PHONE, service_workers="block")
    try:
        context.add_init_script(WATCH)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", SLOW_4G)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
        page.goto(url + "/", timeout=TIMEOUT_MS)
        page.wait_for_function("() => window.__takenOver !== undefined", timeout=TIMEOUT_MS)
        page.wait_for_function(f"() => ({FCP})() !== null", timeout=TIMEOUT_MS)
        return float(page.evaluate(FCP)), float(page.evaluate("() => window.__takenOver"))
    finally:
        context.close()


def measured(name: str, data: Path, ref: str | None) -> list[Figure]:
    from playwright.sync_api import sync_playwright

    with ExitStack() as stack:
        urls = beside_baseline(stack, data, ref)
        p = stack.enter_context(sync_playwright())
        browser = p.chromium.launch(**launch_args())
        loads: dict[str, list[tuple[float, float]]] = {label: [] for label in urls}
        for _ in range(RUNS):
            for label, url in urls.items():
                loads[label].append(one_load(browser, url))
        browser.close()
    out = []
    for label, got in loads.items():
        each = "; ".join(f"{a:,.0f}/{b:,.0f}" for a, b in got)
        out += [
            Figure(GOAL, f"{name}: / first screen painted{label}", median([a for a, _ in got]), "ms"),
            Figure(
                GOAL,
                f"{name}: / taken over by the app{label}",
                median([b for _, b in got]),
                "ms",
                note=f"each load, painted/taken over: {each}",
            ),
        ]
    return out


def run(short: bool = False) -> list[Figure]:
    if short:
        return []
    ref = os.environ.get("TAKEOVER_BASELINE")
    return [f for name, data in shipped_and_congress("TAKEOVER_EVENTS") for f in measured(name, data, ref)]


if __name__ == "__main__":
    main(run)
