"""Main-thread blocking on a first visit of bench/generate.py's 1,000-session congress (the event
Lighthouse's congress runs use), on a 360x740 phone with the CPU 4x slower (CDP
`Emulation.setCPUThrottlingRate`).

A fresh browser context (nothing kept, no worker) opens `/` and is watched until the visit is
over: the texts merged and the kept copy written (the app registers its worker only then), the
worker in control, and then no long task for QUIET seconds. Every long task
(PerformanceObserver "longtask", over 50 ms) is recorded; Total Blocking Time is Lighthouse's
sum of each one's time over 50 ms after the first contentful paint, here measured on the page
itself rather than simulated. Long animation frames ("long-animation-frame") name the scripts
in each: `--list` prints them, the way to find what a long task was.

On a machine shared with other jobs, a task's wall time grows with the load (at a load of 12 on
2 cores an 8 ms slice can take 50 ms), so each visit is also made once unthrottled with a
Chromium trace, and each main-thread task's CPU time (the trace's `tdur`) times 4 stands for
the task on the 4x slower phone, as Lighthouse's simulation multiplies what it measured: the
"CPU time x4" figures, which the load disturbs far less.

    .venv/bin/python bench/blocking.py [--json] [--list]
    BLOCKING_BASELINE=e0b6f86 .venv/bin/python bench/blocking.py   # that commit too, alternated
    BLOCKING_RUNS=5 .venv/bin/python bench/blocking.py             # visits per tree (default 3)

BLOCKING_BASELINE serves a copy of that commit's tree (`git archive`) beside this one and
alternates the visits, so before and after see the same machine and load; the figures are
medians of the runs.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import generate
from common import PHONE, Figure, baseline_app, data_dir, launch_args, main, server, warm_feed
from shown import median

GOAL = "Blocking time, congress"
THROTTLE = 4
RUNS = int(os.environ.get("BLOCKING_RUNS", "3"))
QUIET = 3.0  # seconds without a long task once the worker controls the page: the visit is over
VISIT_TIMEOUT = 90.0
LONGEST_GOAL = 50  # no task over 50 ms: no blocking time at all

WATCH = """
(() => {
  if (window.top !== window) return;
  window.__long = [];
  window.__loaf = [];
  const observe = (type, take) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({ type, buffered: true });
    } catch (e) { /* not in this browser */ }
  };
  observe("longtask", (e) => window.__long.push({ start: e.startTime, duration: e.duration }));
  observe("long-animation-frame", (e) => window.__loaf.push({
    start: e.startTime, duration: e.duration, blocking: e.blockingDuration,
    render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
    scripts: e.scripts.map((s) => ({
      invoker: s.invoker, fn: s.sourceFunctionName, at: s.sourceCharPosition,
      duration: s.duration, layout: s.forcedStyleAndLayoutDuration,
    })),
  }));
  observe("paint", (e) => { if (e.name === "first-contentful-paint") window.__fcp = e.startTime; });
})();
"""
READ = "() => ({ long: window.__long, loaf: window.__loaf, fcp: window.__fcp ?? 0 })"
TRACED = ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading"]


def visit(browser: Any, url: str, trace: Path | None = None) -> dict[str, Any]:
    """One first visit of `url`/: its long tasks, long animation frames and FCP. With `trace`,
    unthrottled and traced into that file instead."""
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(WATCH)
    page = context.new_page()
    if trace:
        browser.start_tracing(page=page, path=str(trace), categories=TRACED)
    else:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    page.goto(url + "/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=VISIT_TIMEOUT * 1000)
    deadline = time.monotonic() + VISIT_TIMEOUT
    while time.monotonic() < deadline:
        since = page.evaluate(
            "() => performance.now() - Math.max(0, ...window.__long.map((t) => t.start + t.duration))"
        )
        if since >= QUIET * 1000:
            break
        page.wait_for_timeout(min(QUIET * 1000 - since, 1000) + 50)
    found = page.evaluate(READ)
    if trace:
        browser.stop_tracing()
        found["cpu"] = cpu_tasks(json.loads(trace.read_text("utf-8")))
    context.close()
    return found


def cpu_tasks(trace: dict[str, Any]) -> list[float]:
    """THROTTLE times the CPU ms of each task on the page's main thread (the thread that made
    its first contentful paint), from that paint on."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    fcp = next((e for e in events if e.get("name") == "firstContentfulPaint"), None)
    if fcp is None:
        return []
    thread = (fcp["pid"], fcp["tid"])
    return [
        e["tdur"] * THROTTLE / 1000
        for e in events
        if e.get("name") == "RunTask"
        and e.get("ph") == "X"
        and (e["pid"], e["tid"]) == thread
        and e["ts"] >= fcp["ts"]
        and "tdur" in e
    ]


def blocking(found: dict[str, Any]) -> float:
    """Lighthouse's Total Blocking Time, from the page's own long tasks after FCP."""
    return sum(max(0.0, t["duration"] - 50) for t in found["long"] if t["start"] >= found["fcp"])


def listing(label: str, found: dict[str, Any]) -> None:
    print(f"{label}: FCP {found['fcp']:.0f} ms", flush=True)
    for t in found["long"]:
        print(f"  long task at {t['start']:.0f} ms: {t['duration']:.0f} ms", flush=True)
    for f in found["loaf"]:
        scripts = ", ".join(
            f"{s['invoker']} {s['fn'] or ''}@{s['at']} {s['duration']:.0f} ms"
            for s in f["scripts"]
            if s["duration"] >= 5
        )
        print(
            f"  frame at {f['start']:.0f} ms: {f['duration']:.0f} ms "
            f"(blocking {f['blocking']:.0f}, render {f['render']:.0f}): {scripts}",
            flush=True,
        )


def visits(urls: dict[str, str]) -> dict[str, list[dict[str, Any]]]:
    """RUNS first visits of each server, alternated, each throttled and then traced: {label: [found]}."""
    from playwright.sync_api import sync_playwright

    out: dict[str, list[dict[str, Any]]] = {label: [] for label in urls}
    traces = Path(tempfile.mkdtemp(prefix="hallway-blocking-trace-"))
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        for i in range(RUNS):
            for label, url in urls.items():
                found = visit(browser, url)
                found["cpu"] = visit(browser, url, traces / f"{i}{label.strip()}.json")["cpu"]
                out[label].append(found)
                if "--list" in sys.argv:
                    listing(f"{label or 'this tree'}, visit {i + 1}", found)
        browser.close()
    return out


def durations(found: dict[str, Any]) -> str:
    return ", ".join(f"{t['duration']:.0f}" for t in found["long"])


def figures(label: str, runs: list[dict[str, Any]]) -> list[Figure]:
    over = [[t for t in f["cpu"] if t > 50] for f in runs]
    cpu_tbts = [sum(t - 50 for t in o) for o in over]
    tbts = [blocking(f) for f in runs]
    longest = [max((t["duration"] for t in f["long"]), default=0.0) for f in runs]
    counts = [len(f["long"]) for f in runs]
    return [
        Figure(
            GOAL,
            f"first visit{label}: blocking time after FCP, CPU time x{THROTTLE} of an unthrottled trace, "
            f"median of {len(runs)}",
            median(cpu_tbts),
            "ms",
            None if label else 0,
            note="tasks over 50 ms per visit: "
            + "; ".join(", ".join(f"{t:.0f}" for t in o) or "none" for o in over),
        ),
        Figure(
            GOAL,
            f"first visit{label}: longest task after FCP, CPU time x{THROTTLE}, median of {len(runs)}",
            median([max(f["cpu"], default=0.0) for f in runs]),
            "ms",
            None if label else LONGEST_GOAL,
        ),
        Figure(
            GOAL,
            f"first visit{label}: Total Blocking Time after FCP, CPU {THROTTLE}x, median of {len(runs)}",
            median(tbts),
            "ms",
            None if label else 0,
            note="per visit: " + ", ".join(f"{v:.0f}" for v in tbts) + " ms",
        ),
        Figure(
            GOAL,
            f"first visit{label}: longest task, CPU {THROTTLE}x, median of {len(runs)}",
            median(longest),
            "ms",
            None if label else LONGEST_GOAL,
            note="per visit: "
            + "; ".join(f"{n} long ({durations(f)})" for n, f in zip(counts, runs, strict=True)),
        ),
    ]


def run(short: bool = False) -> list[Figure]:
    if short:
        return []
    schedule = generate.write(Path(tempfile.mkdtemp(prefix="hallway-blocking-")), generate.generate())
    ref = os.environ.get("BLOCKING_BASELINE")
    with ExitStack() as stack:
        urls = {}
        if ref:
            with baseline_app(ref):  # the server keeps the tree it started with
                urls[f" (before: {ref})"] = stack.enter_context(server(data_dir(schedule)))
        urls[""] = stack.enter_context(server(data_dir(schedule)))
        for url in urls.values():
            warm_feed(url)  # what any phone gets once a version's best compression is done
        found = visits(urls)
    return [f for label, runs in found.items() for f in figures(label, runs)]


if __name__ == "__main__":
    main(run)
