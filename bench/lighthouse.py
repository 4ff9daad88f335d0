"""Lighthouse, mobile (its default: simulated slow 4G and a 4x slower CPU), on the shipped event
and on bench/generate.py's 1,000-session congress, each beside its baseline: the same page
drawn and saved with its scripts taken out (bench/noscript.py), the LCP a first screen in the
HTML could reach (issue 28).

Needs `npm ci` in bench/ once (Lighthouse is pinned in bench/package-lock.json; it installs
into bench/node_modules, which git ignores) and the system Chromium. "Sessions on screen" is
the simulated Largest Contentful Paint: the note names the element Lighthouse took as
largest, so one can check it is a session and not the loading line. Each figure comes from
the median of RUNS runs, over HTTP/1.1 straight to gunicorn and over HTTP/2 through Caddy
(as deployed; the shipped event's app only); without caddy the HTTP/2 runs are skipped and
the LCP note says so. Full mode only (about 15 s a run, 12 runs or more); the short form skips it.

    .venv/bin/python bench/lighthouse.py [--json]
    LIGHTHOUSE_BASELINE=cac790b .venv/bin/python bench/lighthouse.py   # that commit too, same run
    LIGHTHOUSE_EVENTS=shipped .venv/bin/python bench/lighthouse.py   # one event (or "congress")

LIGHTHOUSE_BASELINE serves a copy of that commit's tree beside this one, and each round runs
Lighthouse once on each page in turn (the commit's app, this one's, the page without scripts),
so that all three meet the same load; the median of each is taken over the rounds.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from contextlib import ExitStack
from pathlib import Path

import tls
from common import CHROMIUM_FLAGS, Figure, beside_baseline, chromium_path, main, shipped_and_congress
from noscript import served_without_scripts

GOAL = "Lighthouse"
HERE = Path(__file__).resolve().parent
BIN = HERE / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices")
TIMEOUT = 180
ATTEMPTS = 3
# Lighthouse's advice: the median of several runs; timings vary with the machine's load.
RUNS = int(os.environ.get("LIGHTHOUSE_RUNS", "3"))


def median_run(reports: list[dict]) -> dict:
    """The run in the middle by performance score, then by LCP (as Lighthouse's own tooling picks)."""

    def key(r: dict) -> tuple[float, float]:
        return (
            r["categories"]["performance"]["score"],
            -r["audits"]["largest-contentful-paint"]["numericValue"],
        )

    return sorted(reports, key=key)[len(reports) // 2]


def audit(url: str, insecure: bool = False, categories: tuple[str, ...] = CATEGORIES) -> dict:
    if not BIN.exists():
        raise RuntimeError(f"{BIN} is missing: run `npm ci` in {HERE}")
    out = Path(tempfile.mkdtemp(prefix="hallway-lh-")) / "report.json"
    extra = ["--ignore-certificate-errors"] if insecure else []
    flags = " ".join(
        ["--headless=new", *(f for f in CHROMIUM_FLAGS if f != "--no-default-browser-check"), *extra]
    )
    env = {**os.environ, "CHROME_PATH": chromium_path() or ""}
    cmd = [
        str(BIN),
        url,
        f"--chrome-flags={flags}",
        "--output=json",
        f"--output-path={out}",
        f"--only-categories={','.join(categories)}",
        "--quiet",
    ]
    for attempt in range(ATTEMPTS):
        # Lighthouse sometimes loses the trace (NO_NAVSTART) on a busy machine: run it again.
        done = subprocess.run(cmd, env=env, timeout=TIMEOUT)
        if done.returncode == 0:
            return json.loads(out.read_text("utf-8"))
        print(f"lighthouse failed (exit {done.returncode}), attempt {attempt + 1} of {ATTEMPTS}", flush=True)
    raise RuntimeError(f"lighthouse failed {ATTEMPTS} times on {url}")


def figures_of(report: dict, label: str = "") -> list[Figure]:
    cats = report["categories"]
    audits = report["audits"]
    figures = [
        Figure(
            GOAL,
            f"{label}{cats[c]['title']} score",
            round(cats[c]["score"] * 100),
            "/100",
            100,
            "score",
            "higher",
        )
        for c in CATEGORIES
    ]
    failed = [
        a["id"]
        for c in CATEGORIES
        for ref in cats[c]["auditRefs"]
        if ref["weight"] > 0 and (a := audits[ref["id"]])["score"] is not None and a["score"] < 1
    ]
    lcp_element = audits.get("largest-contentful-paint-element", {}).get("details", {}).get("items", [])
    try:
        node = lcp_element[0]["items"][0]["node"]
        element = f"{node['selector']}: {node.get('nodeLabel', '')[:40]}"
    except (IndexError, KeyError, TypeError):
        element = "?"
    lcp = audits["largest-contentful-paint"]["numericValue"]
    return [
        *figures,
        Figure(
            GOAL,
            f"{label}First Contentful Paint (simulated)",
            audits["first-contentful-paint"]["numericValue"],
            "ms",
        ),
        Figure(
            GOAL, f"{label}sessions on screen: LCP (simulated)", lcp, "ms", 1000, note=f"element: {element}"
        ),
        Figure(
            GOAL,
            f"{label}Total Blocking Time (simulated)",
            audits["total-blocking-time"]["numericValue"],
            "ms",
        ),
        Figure(GOAL, f"{label}audits not passed", len(failed), "audits", 0, "score", note=", ".join(failed)),
    ]


def measured(url: str, label: str, insecure: bool = False) -> list[Figure]:
    return figures_of(median_run([audit(url + "/", insecure) for _ in range(RUNS)]), label)


def measured_in_rounds(urls: dict[str, str]) -> list[Figure]:
    """Each page of `urls` (label -> base URL) measured RUNS times, a round of all of them at a
    time, so that they meet the same load; the median run of each."""
    reports: dict[str, list[dict]] = {label: [] for label in urls}
    for _ in range(RUNS):
        for label, url in urls.items():
            reports[label].append(audit(url + "/"))
    for label, runs in reports.items():
        each = ", ".join(
            f"{r['audits']['largest-contentful-paint']['numericValue']:,.0f}"
            f"/{r['audits']['total-blocking-time']['numericValue']:,.0f}"
            for r in runs
        )
        print(f"{label}each run's LCP/TBT: {each} ms", flush=True)
    return [f for label, runs in reports.items() for f in figures_of(median_run(runs), label)]


def side_by_side(out: list[Figure]) -> None:
    """The app and the page without scripts on one line per event: LCP, performance, accessibility."""

    def value(prefix: str, name: str) -> str:
        f = next((f for f in out if f.name == prefix + name), None)
        return "-" if f is None else f"{f.value:,.0f}"

    print(f"side by side, median of {RUNS}: LCP ms, performance, accessibility, TBT ms", end=" ")
    print("(app | page without scripts)")
    lcp_name = ": sessions on screen: LCP (simulated)"  # a label may hold ": " ("(before: <commit>)")
    for label in [f.name.removesuffix(lcp_name) for f in out if f.name.endswith(lcp_name)]:
        if label.endswith(", without scripts"):
            continue
        bare = label.split(" (before: ")[0] + ", without scripts: "  # a baseline's page is drawn alike
        row = [
            " | ".join(value(p, n) for p in (f"{label}: ", bare))
            for n in (
                "sessions on screen: LCP (simulated)",
                "Performance score",
                "Accessibility score",
                "Total Blocking Time (simulated)",
            )
        ]
        lcp, perf, a11y, tbt = row
        print(f"  {label}: LCP {lcp}; performance {perf}; accessibility {a11y}; TBT {tbt}", flush=True)


def run(short: bool = False) -> list[Figure]:
    if short:
        return []
    out: list[Figure] = []
    ref = os.environ.get("LIGHTHOUSE_BASELINE")
    for name, data in shipped_and_congress("LIGHTHOUSE_EVENTS"):
        with ExitStack() as stack:
            trees = beside_baseline(stack, data, ref)
            url = trees[""]
            urls = {f"{name}, HTTP/1.1{tree}: ": u for tree, u in trees.items()}
            urls[f"{name}, HTTP/1.1, without scripts: "] = stack.enter_context(served_without_scripts(url))
            out += measured_in_rounds(urls)
            if name != "shipped event":
                continue
            if not tls.available():
                # Said in the table, beside the figure it would have been compared with.
                skipped = "HTTP/2 via Caddy not run: no `caddy` on this machine (Debian package caddy)"
                print(skipped, flush=True)
                lcp = next(f for f in out if "LCP" in f.name)
                lcp.note += f"; {skipped}"
                continue
            # A deployment serves HTTPS, and so HTTP/2: every request on one connection.
            with tls.h2_proxy(url) as secure:
                out += measured(secure, f"{name}, HTTP/2 via Caddy: ", insecure=True)
    side_by_side(out)
    return out


if __name__ == "__main__":
    main(run)
