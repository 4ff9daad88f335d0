"""The rooms x time grid (/rooms) of a congress: 1,400 sessions, 5 days, 90 rooms
(bench/generate.py's `congress()`), on a 360x740 phone with the CPU 4x slower (CDP
`Emulation.setCPUThrottlingRate`).

Figures: first screen (navigation start to the frame that first shows a grid block, the
schedule already in the worker's and the page's cache, as on the second visit of the day);
blocks in the DOM then; long tasks (PerformanceObserver "longtask", > 50 ms) and the slowest
frames while the grid is swept across every room and the whole day, a step per frame; the
most blocks ever in the DOM during the sweep (the grid renders only those near the view).

    .venv/bin/python bench/grid.py [--json]
    GRID_CSS='.gblock{contain:none}' .venv/bin/python bench/grid.py   # try a CSS change on the sweep
    GRID_BASELINE=69a7aab .venv/bin/python bench/grid.py   # the same figures for that commit too
    GRID_BASELINE=e2a1de1 GRID_FIRST_REPEATS=8 .venv/bin/python bench/grid.py   # + 8 first screens each

Each figure is measured in the regular zoom and in the compact one ("Fit more rooms", four
rooms across the phone, so about twice the blocks per screen). GRID_BASELINE names a commit to
measure in the same run, served from a copy of its tree (`git archive`), so that before and after
see the same machine and load. GRID_FIRST_REPEATS adds that many first screens of /rooms on each,
both servers up at once and the pages alternated: on a loaded machine one page says little.
"""

from __future__ import annotations

import os
from contextlib import ExitStack
from typing import Any

from common import Figure, baseline_app, congress_data, data_dir, main, painted, server, warm_context
from shown import median

GOAL = "Rooms grid, congress"
THROTTLE = int(os.environ.get("GRID_THROTTLE", "4"))  # 1: no throttling, to compare
FIRST_SCREEN_GOAL = 1500
LONG_TASK_GOAL = 0  # no task over 50 ms while scrolling
STEPS = 150
FIRST_REPEATS = int(os.environ.get("GRID_FIRST_REPEATS", "0"))

WATCH = """
(() => {
  if (window.top !== window) return;
  window.__long = [];
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push(e.duration); })
      .observe({ type: "longtask", buffered: true });
  } catch (e) { window.__long = null; }
  const observer = new MutationObserver(() => {
    if (window.__shown || !document.querySelector('main article.gblock, main article.card')) return;
    window.__shown = performance.now();
    requestAnimationFrame(() => { window.__painted = performance.now(); });
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
})();
"""

# Runs in the page: sweeps the grid diagonally to its far corner, then back along the bottom,
# one step per frame; returns frame times and the most blocks ever present.
SWEEP = """
async (steps) => {
  const box = document.querySelector('.grid-scroll');
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  window.__long.length = 0;
  const maxL = box.scrollWidth - box.clientWidth, maxT = box.scrollHeight - box.clientHeight;
  const frames = [];
  let most = 0, last = await frame();
  const step = async (left, top) => {
    box.scrollLeft = left; box.scrollTop = top;
    const t = await frame();
    frames.push(t - last); last = t;
    most = Math.max(most, box.querySelectorAll('.gblock').length);
  };
  for (let i = 1; i <= steps; i++) await step(maxL * i / steps, maxT * i / steps);
  for (let i = steps; i >= 0; i--) await step(maxL * i / steps, maxT);
  await frame();
  return { frames, most, long: window.__long.slice(), width: box.scrollWidth, height: box.scrollHeight };
}
"""


# The page's CSP refuses a <style> tag; a constructed sheet is allowed.
ADOPT = """(css) => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}"""
SPLIT = ("TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration")


def metrics(cdp: Any) -> dict[str, float]:
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}


def browse(url: str, day: str, compact: bool = False) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser, context = warm_context(p, url, WATCH)
        if compact:  # the grid's compact zoom, as the reader's choice kept on the device
            page = context.new_page()
            page.goto(url + "/")
            page.evaluate("() => localStorage.setItem('hallway.grid.compact.v1', '1')")
            page.close()
        # The same first screen on the schedule (cards), for reference: what the grid adds.
        page, _, schedule = painted(context, f"{url}/?day={day}", THROTTLE)
        page.close()
        page, cdp, first = painted(context, f"{url}/rooms?day={day}", THROTTLE)
        cdp.send("Performance.enable")
        opened_long = page.evaluate("() => window.__long && window.__long.slice()")
        blocks = page.evaluate("() => document.querySelectorAll('.gblock').length")
        if os.environ.get("GRID_CSS"):  # experiments: extra CSS for the sweep
            page.evaluate(ADOPT, os.environ["GRID_CSS"])
        before = metrics(cdp)
        sweep = page.evaluate(SWEEP, STEPS)
        after = metrics(cdp)
        sweep["split"] = {k: (after[k] - before[k]) * 1000 for k in SPLIT}
        browser.close()
    return {"first": first, "schedule": schedule, "blocks": blocks, "opened_long": opened_long, **sweep}


def figures(b: dict[str, Any], on_day: int, label: str, goals: bool) -> list[Figure]:
    frames = sorted(b["frames"])
    long = b["long"] or []
    return [
        Figure(
            GOAL,
            f"first screen of /rooms{label}, CPU {THROTTLE}x slower",
            b["first"],
            "ms",
            FIRST_SCREEN_GOAL if goals else None,
            note=f"{b['blocks']} of the day's {on_day} blocks in the DOM; long tasks while opening: "
            f"{', '.join(f'{t:.0f}' for t in b['opened_long'] or []) or 'none'} ms",
        ),
        Figure(
            GOAL,
            f"first screen of / (cards, for reference){label}, CPU {THROTTLE}x slower",
            b["schedule"],
            "ms",
            None,
        ),
        Figure(
            GOAL,
            f"long tasks while sweeping the grid{label} ({len(frames)} frames), CPU {THROTTLE}x",
            len(long),
            "",
            LONG_TASK_GOAL if goals else None,
            note=f"total {sum(long):.0f} ms, longest {max(long, default=0):.0f} ms; "
            f"grid {b['width']:,} x {b['height']:,} px; main thread "
            + ", ".join(f"{k.removesuffix('Duration').lower()} {v:.0f} ms" for k, v in b["split"].items()),
        ),
        Figure(
            GOAL,
            f"slowest frame while sweeping{label}",
            frames[-1],
            "ms",
            None,
            note=f"median {frames[len(frames) // 2]:.0f} ms, 95th {frames[int(len(frames) * 0.95)]:.0f} ms",
        ),
        Figure(
            GOAL,
            f"most blocks in the DOM during the sweep{label}",
            b["most"],
            "",
            None,
            note=f"of {on_day} that day",
        ),
    ]


def first_screens(urls: dict[str, str], day: str, repeats: int) -> dict[str, list[float]]:
    """`repeats` first screens of /rooms on each server, alternated: {label: ms}."""
    from playwright.sync_api import sync_playwright

    out: dict[str, list[float]] = {label: [] for label in urls}
    with sync_playwright() as p:
        phones = {label: warm_context(p, url, WATCH) for label, url in urls.items()}
        for _ in range(repeats):
            for label, url in urls.items():
                page, _, ms = painted(phones[label][1], f"{url}/rooms?day={day}", THROTTLE)
                page.close()
                out[label].append(ms)
        for browser, _ in phones.values():
            browser.close()
    return out


def alternated(ref: str, data: Any, day: str) -> list[Figure]:
    with ExitStack() as stack:
        urls = {}
        with baseline_app(ref):  # the server keeps the tree it started with
            urls[f" (before: {ref})"] = stack.enter_context(server(data_dir(data / "schedule.json")))
        urls[""] = stack.enter_context(server(data))
        found = first_screens(urls, day, FIRST_REPEATS)
    return [
        Figure(
            GOAL,
            f"first screen of /rooms{label}, CPU {THROTTLE}x, median of {len(ms)} alternated with the other",
            median(ms),
            "ms",
            None if label else FIRST_SCREEN_GOAL,
            note=", ".join(f"{m:.0f}" for m in ms) + " ms",
        )
        for label, ms in found.items()
    ]


def run(short: bool = False) -> list[Figure]:
    if short:
        return []  # timings only: nothing for the CI form
    doc, data = congress_data()
    day = doc["event"]["days"][0]  # type: ignore[index]
    on_day = sum(1 for s in doc["sessions"] if s["start"].startswith(day))  # type: ignore[union-attr]
    out = []
    ref = os.environ.get("GRID_BASELINE")
    if ref:
        with baseline_app(ref), server(data) as url:
            out += figures(browse(url, day), on_day, f" (before: {ref})", goals=False)
    with server(data) as url:
        out += figures(browse(url, day), on_day, "", goals=True)
        out += figures(browse(url, day, compact=True), on_day, " (compact zoom)", goals=True)
    if ref and FIRST_REPEATS:
        out += alternated(ref, data, day)
    return out


if __name__ == "__main__":
    main(run)
