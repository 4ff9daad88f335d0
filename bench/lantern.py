"""Why a Lighthouse run's LCP is what it is: each run's simulated LCP and the requests and tasks
Lighthouse's simulation (Lantern) counted in it (bench/lantern_graph.mjs), for the shipped event
and the 1,000-session congress. A diagnostic beside bench/lighthouse.py, not in run_all: it says
which runs counted the app's bundle in the wait for the first screen (docs/benchmarks.md, issue 28).

    .venv/bin/python bench/lantern.py                 # 3 runs of each event
    LANTERN_RUNS=5 LANTERN_EVENTS=congress .venv/bin/python bench/lantern.py
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path

from common import CHROMIUM_FLAGS, chromium_path, server, shipped_and_congress
from lighthouse import BIN, TIMEOUT

HERE = Path(__file__).resolve().parent
RUNS = int(os.environ.get("LANTERN_RUNS", "3"))
ATTEMPTS = 3  # a run whose trace Lighthouse lost (NO_NAVSTART) is run again


def saved_run(url: str) -> Path | None:
    flags = " ".join(["--headless=new", *(f for f in CHROMIUM_FLAGS if f != "--no-default-browser-check")])
    env = {**os.environ, "CHROME_PATH": chromium_path() or ""}
    for _ in range(ATTEMPTS):
        out = Path(tempfile.mkdtemp(prefix="hallway-lantern-"))
        cmd = [str(BIN), url, f"--chrome-flags={flags}", "--output=json", f"--output-path={out / 'r.json'}"]
        cmd += ["--only-categories=performance", "--quiet", "--save-assets"]
        subprocess.run(cmd, env=env, timeout=TIMEOUT, check=False)
        report = out / "r.json"
        if (
            report.exists()
            and "numericValue" in json.loads(report.read_text("utf-8"))["audits"]["largest-contentful-paint"]
        ):
            return out
    return None


def main() -> None:
    for name, data in shipped_and_congress("LANTERN_EVENTS"):
        with server(data) as url:
            for i in range(RUNS):
                out = saved_run(url + "/")
                print(
                    f"{name}, run {i + 1}: " + ("" if out else "Lighthouse lost the trace every time"),
                    flush=True,
                )
                if out:
                    subprocess.run(
                        ["node", str(HERE / "lantern_graph.mjs"), str(out)],
                        cwd=HERE,
                        timeout=TIMEOUT,
                        check=True,
                    )


if __name__ == "__main__":
    main()
