"""Lighthouse, mobile (its default: simulated slow 4G and a 4x slower CPU), on the shipped event.

Needs `npm ci` in bench/ once (Lighthouse is pinned in bench/package-lock.json) and the system
Chromium. "Sessions on screen" is the simulated Largest Contentful Paint: the note names the
element Lighthouse took as largest, so one can check it is a session and not the loading line.
Full mode only (about 15 s a run); the short form skips it.

    .venv/bin/python bench/lighthouse.py [--json]
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path

from common import CHROMIUM_FLAGS, Figure, chromium_path, data_dir, main, server

GOAL = "Lighthouse"
HERE = Path(__file__).resolve().parent
BIN = HERE / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices")
TIMEOUT = 180


def audit(url: str) -> dict:
    if not BIN.exists():
        raise RuntimeError(f"{BIN} is missing: run `npm ci` in {HERE}")
    out = Path(tempfile.mkdtemp(prefix="hallway-lh-")) / "report.json"
    flags = " ".join(["--headless=new", *(f for f in CHROMIUM_FLAGS if f != "--no-default-browser-check")])
    env = {**os.environ, "CHROME_PATH": chromium_path() or ""}
    cmd = [
        str(BIN),
        url,
        f"--chrome-flags={flags}",
        "--output=json",
        f"--output-path={out}",
        f"--only-categories={','.join(CATEGORIES)}",
        "--quiet",
    ]
    subprocess.run(cmd, env=env, check=True, timeout=TIMEOUT)
    return json.loads(out.read_text("utf-8"))


def run(short: bool = False) -> list[Figure]:
    if short:
        return []
    with server(data_dir()) as url:
        report = audit(url + "/")
    cats = report["categories"]
    audits = report["audits"]
    figures = [
        Figure(
            GOAL, f"{cats[c]['title']} score", round(cats[c]["score"] * 100), "/100", 100, "score", "higher"
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
        node = lcp_element[0]["items"][0]["node"]["snippet"]
    except (IndexError, KeyError, TypeError):
        node = "?"
    figures += [
        Figure(
            GOAL, "First Contentful Paint (simulated)", audits["first-contentful-paint"]["numericValue"], "ms"
        ),
        Figure(
            GOAL,
            "sessions on screen: Largest Contentful Paint (simulated)",
            audits["largest-contentful-paint"]["numericValue"],
            "ms",
            1000,
            note=f"element: {node[:60]}",
        ),
        Figure(GOAL, "Total Blocking Time (simulated)", audits["total-blocking-time"]["numericValue"], "ms"),
        Figure(GOAL, "audits not passed", len(failed), "audits", 0, "score", note=", ".join(failed)),
    ]
    return figures


if __name__ == "__main__":
    main(run)
