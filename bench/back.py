"""Back to the place left (issue 26, "Place kept"), on a congress (bench/generate.py's
`congress()`: 1,400 sessions, 5 days, 90 rooms), on a 360x740 phone with the CPU 4x slower (CDP
`Emulation.setCPUThrottlingRate`).

Figures: from Back (`history.back()`) to the frame that paints the tapped card at the height it
had on screen, the day's list scrolled 9,000 px and 12,000 px down (deep enough that the list,
which draws a batch of cards at a time, must draw hundreds of them again); and to the frame that
paints the rooms grid scrolled where it was, both ways. Each the median of RUNS Backs. A frame
that shows the page anywhere else first counts as a miss (the figure is then not met).

    .venv/bin/python bench/back.py [--json]
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import generate
from common import PHONE, Figure, controlled, launch_args, main, server
from shown import median

from tests.harness.reading import SCROLL_TO  # noqa: E402  the congress tests' reader (common puts ROOT on the path)

GOAL = "Back to the place left, congress"
THROTTLE = int(os.environ.get("BACK_THROTTLE", "4"))  # 1: no throttling, to compare
BACK_GOAL = 100
RUNS = 5

# The id and top of the card nearest 300 px down the screen.
CARD = """() => {
  const cards = [...document.querySelectorAll("#main .card[data-session]")];
  const tops = cards.map((c) => [c.dataset.session, c.getBoundingClientRect().top]);
  tops.sort((a, b) => Math.abs(a[1] - 300) - Math.abs(b[1] - 300));
  return tops[0];
}"""

# Runs in the page on the session's page: Back, then each frame until `placed()` holds on the
# page gone back to; returns ms to that frame and whether a frame showed that page elsewhere.
BACK = """async ([kind, sid, top, at, y]) => {
  const onPage = () => document.querySelector(kind === "list" ? "#main .schedule" : "#main .rooms");
  const placed = () => {
    if (kind === "list") {
      const card = document.querySelector(`#main .card[data-session="${sid}"]`);
      return !!card && Math.abs(card.getBoundingClientRect().top - top) <= 1;
    }
    const box = document.querySelector("#main .grid-scroll");
    return !!box && box.scrollLeft === at[0] && box.scrollTop === at[1] && Math.abs(scrollY - y) <= 1
      && box.querySelector(".gblock") !== null;
  };
  const t0 = performance.now();
  let elsewhere = 0;
  history.back();
  for (let i = 0; i < 600; i++) {
    await new Promise((r) => requestAnimationFrame(r));
    if (!onPage()) continue;
    if (placed()) return { ms: performance.now() - t0, elsewhere };
    elsewhere += 1;
  }
  return { ms: null, elsewhere };
}"""

GRID_SCROLL = """async (box) => {
  for (let i = 1; i <= 10; i++) {
    box.scrollLeft = 3000 * i / 10; box.scrollTop = 400 * i / 10;
    await new Promise((r) => requestAnimationFrame(r));
  }
  return [box.scrollLeft, box.scrollTop];
}"""

# A block wholly inside the grid's box, away from its sticky headers. Its title is an h2 (an h3
# in a baseline from before issue 29 gave the grid's titles the level under the page's h1).
GRID_BLOCK = """() => {
  const box = document.querySelector("#main .grid-scroll").getBoundingClientRect();
  const inside = [...document.querySelectorAll("#main .gblock")].find((b) => {
    const r = b.querySelector(":is(h2, h3) a").getBoundingClientRect();
    return r.left > box.left + 60 && r.right < box.right && r.top > box.top + 60 && r.bottom < box.bottom;
  });
  return inside.dataset.session;
}"""


def backs(
    page: Any, cdp: Any, kind: str, sid: str, top: float, at: list[int], y: float
) -> list[dict[str, Any]]:
    """RUNS times: open the session from the page, then Back at 4x CPU."""
    out = []
    for _ in range(RUNS):
        # Tapped from script: Playwright's own click would first scroll the page to the link.
        page.evaluate(
            "(sid) => document.querySelector(`#main [data-session='${sid}'] :is(h2, h3) a`).click()", sid
        )
        page.wait_for_url(f"**/session/{sid}")
        page.locator("main h1").wait_for()
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
        out.append(page.evaluate(BACK, [kind, sid, top, at, y]))
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    return out


def browse(url: str, day: str) -> dict[str, list[dict[str, Any]]]:
    from playwright.sync_api import sync_playwright

    results: dict[str, list[dict[str, Any]]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        context = browser.new_context(viewport=PHONE)
        page = context.new_page()
        page.goto(url + "/")
        controlled(page)
        cdp = context.new_cdp_session(page)
        for depth in (9000, 12000):
            page.goto(f"{url}/?day={day}")
            page.locator("#main .card").first.wait_for()
            page.evaluate(SCROLL_TO, depth)
            sid, top = page.evaluate(CARD)
            results[f"list {depth}"] = backs(page, cdp, "list", sid, top, [0, 0], 0)
        page.goto(f"{url}/rooms?day={day}")
        page.locator("#main .gblock").first.wait_for()
        at = page.locator("#main .grid-scroll").evaluate(GRID_SCROLL)
        y = page.evaluate("() => window.scrollY")
        results["grid"] = backs(page, cdp, "grid", page.evaluate(GRID_BLOCK), 0, at, y)
        browser.close()
    return results


def figure(name: str, runs: list[dict[str, Any]]) -> Figure:
    times = [r["ms"] for r in runs if r["ms"] is not None]
    missed = sum(1 for r in runs if r["ms"] is None or r["elsewhere"])
    value = median(times) if times and not missed else float("inf")
    note = f"{', '.join(f'{t:.0f}' for t in times)} ms over {len(runs)} Backs"
    if missed:
        note += f"; {missed} not painted in place at once"
    return Figure(GOAL, name, value, "ms", BACK_GOAL, note=note)


def run(short: bool = False) -> list[Figure]:
    if short:
        return []  # timings only: nothing for the CI form
    doc = generate.congress()
    data = generate.write(Path(tempfile.mkdtemp(prefix="hallway-back-")), doc).parent  # a private data dir
    day = doc["event"]["days"][1]  # type: ignore[index]  # the second day: ~280 sessions, ~50,000 px
    with server(data) as url:
        b = browse(url, day)
    return [
        figure(f"Back to the tapped card, list 9,000 px down, CPU {THROTTLE}x", b["list 9000"]),
        figure(f"Back to the tapped card, list 12,000 px down, CPU {THROTTLE}x", b["list 12000"]),
        figure(f"Back to the rooms grid scrolled both ways, CPU {THROTTLE}x", b["grid"]),
    ]


if __name__ == "__main__":
    main(run)
