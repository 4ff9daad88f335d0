"""First visit of the shipped event: bytes on the wire and requests, the precache included.

A fresh browser context opens `/`; we wait until the service worker controls the page (it
has precached everything by then: `activate` runs after `install`'s `addAll` resolved), its
second phase is done (webapp/views/sw.py LATER: the QR decoder, fetched once the page is idle)
and the network has been quiet for a moment. The second phase is reported apart: it comes
after the first screen and is not held to the first visit's budget. Every response, the
worker's own fetches included, is counted as sent: the server's access log says which
responses went out and their compressed body sizes (Chromium's own counts include copies
taken from its HTTP cache), and Chromium's figures give each response's header bytes.

The texts (descriptions and bios, /api/v1/texts.json) come after the first screen too: the app
asks for them once it has drawn the outline, and the worker installs only when they are in
(static/js/app.js); they are reported with the second phase, and the total of both (what the
phone holds for offline use once the visit is over) beside it.

    .venv/bin/python bench/first_visit.py [--short] [--json] [--list] [--fosdem] [--locale fr]

--fosdem: bench/generate.py's FOSDEM-sized event (883 sessions, 927 speakers) instead of the
shipped one; its goal is 250 KB on the wire (issue 28).

`--locale`: the browser's language (navigator.languages and Accept-Language), so the visit is a
reader's in that language: the shell in it and its catalog (webapp/i18n) among the bytes.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from common import (
    PHONE,
    SESSIONS_SHOWN,
    Figure,
    controlled,
    data_dir,
    launch_args,
    main,
    served,
    server,
    warm_feed,
)

from webapp.views.sw import LATER  # noqa: E402 - common puts the project on the path

TEXTS = "/api/v1/texts.json"

GOAL = "First visit"
WIRE_GOAL = 33 * 1024
# The goal is missed (docs/benchmarks.md says why); CI keeps it from growing. Issue 17 took it
# from 121 KB to 73 KB (one bundled, minified script; the schedule split in outline and texts),
# so the budget went from 120 KB to 76 KB. Issue 27 (Web Push) took it to 88.9 KB: the worker's
# push handling (8.2 KB brotli, inside /sw.js, which every first visit installs) and the page's
# (about 4 KB of the bundle). Issue 26 (a congress in your pocket) grew the bundle 36.5 -> 43.9
# KB (tracks, filters and hiding, ranked search, Back to the place left, Now and My schedule by
# the clock, kind names, offline calendar files) after 12 KB of rarely read views and the QR
# encoder moved to the worker's second phase: 94.6 KB. Issue 28 counts the texts where they come,
# after the first screen (with the second phase), and lightens the outline (columns; links in the
# texts; the source's ids out): 78.2 KB on the shipped event (77.8 KB at e2a1de1 counted so: the
# columns' code outweighs what they save on 28 sessions), 109.4 KB on a FOSDEM-sized one (130.1
# KB at e2a1de1), docs/benchmarks.md; the budget is 80 KB. With the first screen drawn into the
# HTML (perf-ssr: the day's cards in the first round trip, ~2 KB more HTML on the shipped event)
# the two together measured 82,213 B. Issue 29 (translations) adds the runtime every reader runs,
# English too: gettext's calls, CLDR plural rules and dates, the language's choice and switch in
# the bundle, the same runtime in /sw.js (notifications in the chosen language, its language
# module built into it) and the switch in the shell: 82,214 -> 88,376 B measured with the four
# branches merged (a reader in another language adds its catalog, one request); with every view,
# the console and the worker's words marked (each message a call, plurals and sentences with
# placeholders instead of joined words) 90,163 B. The budget was 90.5 KB. Then the worker's
# bundle lost the declarations it never runs (webapp/web/shake.py: /sw.js 16,255 -> 13,774 B
# on the wire, the page-only parts of i18n.js, texts, time and changes), and the console's
# words left the app's catalog for a file of their own (webapp/i18n/parts.py: French 12,268 ->
# 8,853 B; English readers fetch no catalog, and the bundle gained 201 B to load the part):
# 90,290 -> 87,972 B in English, 103,499 -> 97,789 B in French, measured side by side in one
# run (82,208 B before i18n, at 3697831). Issue 28's blocking time then cut the long tasks into
# slices (static/js/data/slices.js: the kept copy's hash, the texts' merge, the index; the filter
# panel built when opened), ~600 B of code: 88,755 B measured with both merged. The budget was
# 87 KB. Then the build minified the scripts with Terser (webapp/web/mangle.py: local names
# renamed): 75,940 B in English, 85,813 B in French (2026-11-26). The budget was 77 KB. The
# worker's template without its comments and indentation (webapp/views/sw.py compact): /sw.js
# 11,624 -> 9,427 B, the visit 74,410 B. The budget was 75.5 KB. Then /sw.js lost the push
# handling for devices that have not turned it on (/sw.js?push=1 is theirs): /sw.js 2,867 B, the
# visit 69,130 B in English, 79,023 B in French. The budget was 68.5 KB. Then a drawn page ran the
# app once painted (js/start.js, a classic script; the bundle a classic script too, preloaded):
# one request more, 410 B and its headers, 70,192 B in English. The budget is 69.5 KB. The plain
# worker telling the push worker of a push it kept late (worker-offline.js) added 62 B: 71,110 B.
# Issue 41 grouped the rooms by building and floor in Now and the room pickers (the grouping,
# the headings, the venue read once per page) and made the room links say only what exists
# ("(where it is)" without a plan): the bundle about +1 KB, map.css +444 B (the map's rows,
# precached for the room page), app.css +77 B: 71,190 -> 72,769 B measured one after the other
# (main with the buildings in venue.json, then this); the map's own list (building-list.js)
# comes in the worker's second phase with the map. The budget was 71.25 KB. Then issue 41's
# walking times and "near me" (the walk between starred sessions in My schedule and on a
# session's page, the rooms by walking time on Now with "I am at", the step-free switch in More;
# their 13 messages, the "You are here" marks folded into the bundle so the map costs no file
# more): the bundle +1.5 KB, the shell's styles and switch +166 B: 72,776 -> 74,689 B measured
# one after the other (the buildings branch, then this). The budget is 73.25 KB.
WIRE_BUDGET = int(73.25 * 1024)
FOSDEM_GOAL = 250 * 1024  # issue 28: a first visit of FOSDEM's size
SHELL_GOAL = 14 * 1024
QUIET = 0.8  # seconds without a request in flight: the first visit is over
LOCALE = sys.argv[sys.argv.index("--locale") + 1] if "--locale" in sys.argv[:-1] else None
# The worker's second phase is in its cache (every LATER file): the visit has left nothing out.
SECOND_PHASE = """async (later) => {
  for (const name of await caches.keys()) {
    const urls = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    if (later.every((path) => urls.some((u) => u.endsWith("/" + path)))) return true;
  }
  return false;
}"""


def second_phase(path: str) -> bool:
    return any(path.split("?")[0].endswith("/" + later) for later in LATER)


def after_first_screen(path: str) -> bool:
    """Fetched once the first screen is drawn: the texts and the worker's second phase."""
    return path.split("?")[0] == TEXTS or second_phase(path)


def visit(url: str) -> list[dict[str, Any]]:
    from playwright.sync_api import sync_playwright

    seen: list[dict[str, Any]] = []
    inflight: set[Any] = set()
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        context = browser.new_context(viewport=PHONE, **({"locale": LOCALE} if LOCALE else {}))
        last = [time.monotonic()]

        def started(req: Any) -> None:
            inflight.add(req)
            last[0] = time.monotonic()

        def done(req: Any) -> None:
            inflight.discard(req)
            last[0] = time.monotonic()
            try:
                sizes = req.sizes()
            except Exception:  # noqa: BLE001 - a request the browser dropped has no sizes
                sizes = {"responseBodySize": 0, "responseHeadersSize": 0}
            resp = req.response() if not req.failure else None
            seen.append(
                {
                    "url": req.url,
                    "status": resp.status if resp else 0,
                    "by_worker": req.service_worker is not None,
                    "encoding": (resp.headers.get("content-encoding") if resp else None) or "",
                    "body": max(0, sizes["responseBodySize"]),
                    "headers": max(0, sizes["responseHeadersSize"]),
                }
            )

        context.on("request", started)
        context.on("requestfinished", done)
        context.on("requestfailed", done)
        page = context.new_page()
        page.goto(url + "/")
        page.wait_for_function(SESSIONS_SHOWN, timeout=20000)
        controlled(page)
        deadline = time.monotonic() + 20
        while not page.evaluate(SECOND_PHASE, list(LATER)) and time.monotonic() < deadline:
            page.wait_for_timeout(100)  # yields to Playwright's event loop; bounded by `deadline`
        while (inflight or time.monotonic() - last[0] < QUIET) and time.monotonic() < deadline:
            page.wait_for_timeout(100)  # yields to Playwright's event loop; bounded by `deadline`
        browser.close()
    return seen


def on_the_wire(
    url: str, rows: list[dict[str, Any]], log: list[tuple[int, int, str]]
) -> list[dict[str, Any]]:
    """What the server sent (its access log is the truth: Chromium's own counts include copies
    taken from its HTTP cache), with the header bytes Chromium reported for each URL."""
    header = {}
    for r in rows:
        header[r["url"]] = max(header.get(r["url"], 0), r["headers"])
    fallback = max(header.values(), default=0)
    return [
        {"path": path, "status": status, "body": size, "headers": header.get(url + path, fallback)}
        for status, size, path in log
    ]


def breakdown(wire: list[dict[str, Any]]) -> dict[str, int]:
    """Body bytes by kind: where the first visit's bytes go."""
    kinds = {
        "the schedule outline": 0,
        "the schedule texts": 0,
        "the whole schedule.json": 0,  # the app no longer loads it: 0 unless something regressed
        "scripts": 0,
        "styles": 0,
        "images": 0,
        "the language's catalog": 0,
        "other documents": 0,
    }
    for r in wire:
        path = r["path"].split("?")[0]
        if path == "/api/v1/outline.json":
            kind = "the schedule outline"
        elif path == "/api/v1/texts.json":
            kind = "the schedule texts"
        elif path == "/api/v1/schedule.json":
            kind = "the whole schedule.json"
        elif "/i18n/" in path:
            kind = "the language's catalog"
        elif path.endswith((".js", ".mjs")):
            kind = "scripts"
        elif path.endswith(".css"):
            kind = "styles"
        elif path.endswith((".png", ".svg", ".ico", ".webp")):
            kind = "images"
        else:
            kind = "other documents"
        kinds[kind] += r["body"]
    return kinds


def event_data() -> tuple[str, Path]:
    """(name, data dir) of the event measured: the shipped one, or with --fosdem a FOSDEM-sized one."""
    if "--fosdem" not in sys.argv:
        return "", data_dir()
    import generate

    made = generate.write(Path(tempfile.mkdtemp(prefix="hallway-fosdem-")), generate.fosdem())
    return "FOSDEM-sized: ", data_dir(made)


def run(short: bool = False) -> list[Figure]:
    name, data = event_data()
    with server(data) as url:
        warm_feed(url)
        rows = visit(url)
        everything = on_the_wire(url, rows, served(data))
    later = [r for r in everything if after_first_screen(r["path"])]
    wire = [r for r in everything if not after_first_screen(r["path"])]
    total = sum(r["body"] + r["headers"] for r in wire)
    bodies = sum(r["body"] for r in wire)
    shell = next(r for r in wire if r["path"] == "/" and r["status"] == 200)
    offsite = [r["url"] for r in rows if not r["url"].startswith((url, "data:", "blob:"))]
    if "--list" in sys.argv:
        for r in sorted(everything, key=lambda r: -r["body"]):
            print(f"  {r['body']:>7} + {r['headers']:>4} {r['status']} {r['path']}")
    parts = breakdown(everything)
    after = sum(r["body"] + r["headers"] for r in later)
    figures = [
        Figure(
            GOAL,
            "first visit, bytes on the wire (HTTP/1.1)",
            total,
            "B",
            FOSDEM_GOAL if name else WIRE_GOAL,
            "size",
            budget=None if name else WIRE_BUDGET,
            note="up to the first screen and the worker's install; the texts come after",
        ),
        Figure(
            GOAL,
            "first visit, response bodies only",
            bodies,
            "B",
            None,
            "size",
            note="about the cost over HTTP/2, where repeated headers are sent once",
        ),
        Figure(GOAL, "first visit, requests", len(wire), "requests", None, "size"),
        Figure(
            GOAL,
            "after the first screen: the texts and the worker's second phase",
            after,
            "B",
            None,
            "size",
            note="descriptions and bios, QR decoder, calendar code: offline after them; not in the budget",
        ),
        Figure(GOAL, "the whole visit, everything offline after it", total + after, "B", None, "size"),
        Figure(
            GOAL, "HTML with inline critical CSS", shell["body"] + shell["headers"], "B", SHELL_GOAL, "size"
        ),
        Figure(GOAL, "requests to other hosts", len(offsite), "requests", 0, "size"),
        *(
            Figure(GOAL, f"the visit's bodies: {kind}", size, "B", None, "size")
            for kind, size in parts.items()
        ),
    ]
    for figure in figures:
        figure.name = name + figure.name
    return figures


if __name__ == "__main__":
    main(run)
