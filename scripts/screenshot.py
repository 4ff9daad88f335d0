"""Take docs/screenshot.png: the real app, served by the real server, on a phone-sized screen.

    .venv/bin/python scripts/screenshot.py [--data-dir data] [--path /] [--out docs/screenshot.png]
        [--at 2026-04-07T12:50:00Z] [--viewport 844x390]

The README's pictures:

    .venv/bin/python scripts/screenshot.py --at 2026-04-07T12:50:00Z
    .venv/bin/python scripts/screenshot.py --path /now --at 2026-04-07T12:50:00Z --out docs/now.png
    .venv/bin/python scripts/screenshot.py --path /rooms --at 2026-04-07T12:50:00Z \
        --viewport 844x390 --show .grid-scroll --out docs/grid.png

At congress size, on bench/generate.py's congress written to a data dir:

    .venv/bin/python bench/generate.py --congress /tmp/congress
    .venv/bin/python scripts/screenshot.py --data-dir /tmp/congress --path /tracks \
        --at 2026-09-15T09:20:00Z --out docs/congress-tracks.png   # and /now, "/?q=rust"

The organizers' console (docs/console.png), signed in and with a move checked for clashes:

    .venv/bin/python scripts/screenshot.py --organizer --path "/organize/correct?session=dehegc" \
        --step "check:Move to another room" --step "select:Room=master-stage" \
        --step "click:Check and publish the move" --scroll-to .publish --out docs/console.png

The venue editor (docs/venue-editor.png), on a data dir with no venue.json yet and a plan image:

    .venv/bin/python scripts/screenshot.py --organizer --data-dir /tmp/no-venue --path /organize/venue \
        --step "fill:#vf-new-name=Level 1" --step "fill:#vf-new-building=A" \
        --step "click:Add the floor" --step "upload:/tmp/level1.png" \
        --step "select:Room to place=master-stage" --step "tap:#venue-plan@0.3,0.3" \
        --step "select:Room to place=junior-stage" --step "tap:#venue-plan@0.75,0.3" \
        --step "check:Stairs" --step "tap:#venue-plan@0.5,0.8" --scroll-to .said --out docs/venue-editor.png

The venue guide (docs/venue-*.png, docs/venue.md), at 1x to keep each file small: the FOSDEM-like
congress with no venue file, then the editor with docs/venue-example-floor.pdf, published, then
an attendee's phone (a hand-edited walk of 9 min between buildings K and AW makes a pair tight):

    mkdir -p /tmp/fosdem && .venv/bin/hallway schedule import tests/fixtures/fosdem-like.xml \
        --out /tmp/fosdem/schedule.json
    SHOT=".venv/bin/python scripts/screenshot.py --scale 1"
    FLOOR=(--step "fill:#vf-new-name=AW, level 1" --step "fill:#vf-new-building=AW" \
        --step "fill:#vf-new-level=1" --step "click:Add the floor" \
        --step "upload:docs/venue-example-floor.pdf" --step "wait:img.plan-base")
    PLACE=(--step "check:Stairs" --step "tap:#venue-plan@0.86,0.4" --step "check:A lift" \
        --step "tap:#venue-plan@0.66,0.82" --step "check:An entrance" --step "tap:#venue-plan@0.5,0.95" \
        --step "check:A room" --step "select:Room to place=aw1-120" \
        --step "drag:#venue-plan@0.06,0.08,0.38,0.5" \
        --step "select:Room to place=aw1-126" --step "tap:#venue-plan@0.58,0.4")
    SCALE=(--step "check:The scale (two points)" --step "tap:#venue-plan@0.115,0.96" \
        --step "tap:#venue-plan@0.257,0.96" --step "fill:#venue-metres=10" --step "click:Set the scale")
    $SHOT --data-dir /tmp/fosdem --path /map --at 2026-01-31T10:20:00+01:00 --out docs/venue-names.png
    $SHOT --organizer --data-dir /tmp/fosdem --path /organize/venue "${FLOOR[@]}" \
        --scroll-to "input[type=file]" --out docs/venue-floor.png
    $SHOT --organizer --data-dir /tmp/fosdem --path /organize/venue "${FLOOR[@]}" "${PLACE[@]}" \
        --scroll-to .venue-items --out docs/venue-place.png
    $SHOT --organizer --data-dir /tmp/fosdem --path /organize/venue "${FLOOR[@]}" "${PLACE[@]}" \
        "${SCALE[@]}" --step "click:Publish the venue" --step "wait:text=Published as version 1" \
        --scroll-to .venue-scale --keep-data /tmp/fosdem-venue --out docs/venue-publish.png
    # then add "walking": {"between": [{"from": "K", "to": "AW", "minutes": 9}]} to
    # /tmp/fosdem-venue/venue.json
    $SHOT --data-dir /tmp/fosdem-venue --path /map --at 2026-01-31T11:10:00+01:00 --star 66cda3 \
        --star 839914 --scroll-to "main section[data-floor]" --out docs/venue-map.png
    $SHOT --data-dir /tmp/fosdem-venue --path /my --at 2026-01-31T10:20:00+01:00 --star 66cda3 \
        --star 839914 --scroll-to '[data-session="839914"]' --out docs/venue-too-tight.png

The manifest's two screenshots for the richer install dialog (static/screenshots/narrow.png,
360x740 at 2x, and wide.png, 1280x800), with the clock at the first session's start + 5 min:

    .venv/bin/python scripts/screenshot.py --install

Starts `flask run` on a free loopback port on a copy of the data, opens the app in Chromium
(the system one when present) at 360x740, stars two sessions so the stars show, saves the
picture and stops the server.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.harness.browser import PHONE, launch_args  # noqa: E402  (one place for the browser's flags)
from tests.harness.net import free_port  # noqa: E402

START_TIMEOUT = 20.0
INSTALL_SHOTS = {"narrow": ((360, 740), 2), "wide": ((1280, 800), 1)}


DEMO_TOKEN = "screenshot-demo-token"  # a throwaway server on a copy of the data


def serve(data_dir: Path, port: int, organizer: bool = False) -> subprocess.Popen[bytes]:
    env = {**os.environ, "HALLWAY_DATA_DIR": str(data_dir)}
    if organizer:
        env["HALLWAY_ADMIN_TOKENS"] = f"Sam:{DEMO_TOKEN}"
    cmd = [sys.executable, "-m", "flask", "--app", "webapp", "run", "--host", "127.0.0.1"]
    cmd += ["--port", str(port)]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("the server did not start")


def do_step(page: object, step: str) -> None:
    action, _, what = step.partition(":")
    if action == "check":
        page.get_by_label(what, exact=True).check()  # type: ignore[attr-defined]
    elif action == "select":
        label, _, value = what.partition("=")
        page.get_by_label(label, exact=True).select_option(value)  # type: ignore[attr-defined]
    elif action == "click":
        page.get_by_role("button", name=what).click()  # type: ignore[attr-defined]
        # What the click starts (a consequences check) shows "…" until it has its answer.
        page.locator("main .loading").first.wait_for(state="hidden")  # type: ignore[attr-defined]
    elif action == "fill":
        selector, _, value = what.partition("=")
        page.locator(selector).fill(value)  # type: ignore[attr-defined]
    elif action == "upload":
        page.locator('input[type="file"]').first.set_input_files(what)  # type: ignore[attr-defined]
        page.locator("canvas.plan-base[data-ready], img.plan-base").first.wait_for()  # type: ignore[attr-defined]
    elif action == "tap":
        # tap:<selector>@<x>,<y>: a point of the element, as fractions of its width and height.
        selector, _, at = what.partition("@")
        fx, fy = (float(v) for v in at.split(","))
        target = page.locator(selector)  # type: ignore[attr-defined]
        box = target.bounding_box()
        target.click(position={"x": box["width"] * fx, "y": box["height"] * fy})
    elif action == "drag":
        # drag:<selector>@<x1>,<y1>,<x2>,<y2>: a press, a move and a release, as fractions.
        selector, _, at = what.partition("@")
        x1, y1, x2, y2 = (float(v) for v in at.split(","))
        target = page.locator(selector)  # type: ignore[attr-defined]
        target.scroll_into_view_if_needed()  # the mouse works in the viewport's coordinates
        box = target.bounding_box()
        mouse = page.mouse  # type: ignore[attr-defined]
        mouse.move(box["x"] + box["width"] * x1, box["y"] + box["height"] * y1)
        mouse.down()
        mouse.move(box["x"] + box["width"] * x2, box["y"] + box["height"] * y2, steps=8)
        mouse.up()
    elif action == "wait":
        # wait:<Playwright selector>: "img.plan-base" (the server's copy of the plan), "text=Published"
        page.locator(what).first.wait_for(timeout=60000)  # type: ignore[attr-defined]
    else:
        raise SystemExit(
            f"--step {step!r}: expected check:, select:, click:, fill:, upload:, tap:, drag: or wait:"
        )


def first_start(data_dir: Path) -> datetime | None:
    sessions = json.loads((data_dir / "schedule.json").read_text(encoding="utf-8")).get("sessions") or []
    starts = sorted(
        datetime.fromisoformat(s["start"]) for s in sessions if isinstance(s, dict) and s.get("start")
    )
    return starts[0] + timedelta(minutes=5) if starts else None


def shoot(
    browser,
    port: int,
    path: str,
    out: Path,
    size,
    scale: int,
    dark: bool,
    at,
    show: str | None,
    organizer: bool = False,
    steps: tuple[str, ...] = (),
    scroll_to: str | None = None,
    star: tuple[str, ...] = (),
) -> None:
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        device_scale_factor=scale,
        color_scheme="dark" if dark else "light",
    )
    if at:
        context.clock.install(time=at)  # the app reads "now" from the page's clock
    page = context.new_page()
    if organizer:
        page.goto(f"http://127.0.0.1:{port}/organize")
        page.get_by_label("Organizer token").fill(DEMO_TOKEN)
        page.get_by_role("button", name="Sign in").click()
        page.get_by_text("Signed in as").wait_for()
    # Stars are set on the schedule, so that clicking them scrolls no other view.
    page.goto(f"http://127.0.0.1:{port}/")
    page.wait_for_selector("main article")
    if star:
        for session in star:  # on the session's own page: the schedule may hide past ones
            page.goto(f"http://127.0.0.1:{port}/session/{session}")
            page.locator(f'main button[data-star="{session}"]').first.click()
    else:
        stars = page.locator("main button.star")
        for i in (1, 3):
            if stars.count() > i:
                stars.nth(i).click()
    page.goto(f"http://127.0.0.1:{port}{path}")
    page.wait_for_selector("main h1")
    page.wait_for_selector(
        "main article, main .nowrow, main .empty, main form, main .track-list, main .map-body"
    )
    for step in steps:
        do_step(page, step)
    page.locator("main .loading").first.wait_for(state="hidden")  # the map's plan arrives after the page
    page.mouse.move(0, 0)
    page.evaluate("() => { document.activeElement?.blur(); window.scrollTo(0, 0); }")
    if show:
        page.locator(show).first.evaluate("(e) => e.scrollIntoView({ block: 'start' })")
    if scroll_to:
        page.locator(scroll_to).first.evaluate("e => e.scrollIntoView({block: 'end'})")
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    # A floor plan is drawn after the page (a PDF page on a canvas, an image): wait for it.
    page.wait_for_function(
        "() => [...document.querySelectorAll('canvas.plan-base')].every((c) => c.dataset.ready)"
        " && [...document.images].every((i) => i.complete)"
    )
    page.evaluate(
        "() => Promise.all([...document.querySelectorAll('img, image')]"
        ".map((i) => (i.decode ? i.decode().catch(() => null) : null)))"
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out))
    context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=ROOT / "data")
    parser.add_argument("--path", default="/")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshot.png")
    parser.add_argument("--dark", action="store_true", help="dark colour scheme")
    parser.add_argument("--at", type=datetime.fromisoformat, help="the page's clock (ISO time with its zone)")
    parser.add_argument("--show", help="a selector to scroll into view before the picture")
    parser.add_argument(
        "--install", action="store_true", help="the manifest's screenshots, into static/screenshots/"
    )
    parser.add_argument(
        "--viewport", default=f"{PHONE['width']}x{PHONE['height']}", help="WIDTHxHEIGHT in CSS px"
    )
    parser.add_argument("--organizer", action="store_true", help="sign in to the console (as Sam) first")
    parser.add_argument(
        "--step",
        action="append",
        default=[],
        help="after loading, in order: check:LABEL, select:LABEL=VALUE, click:BUTTON, fill:SELECTOR=TEXT, "
        "upload:FILE, tap:SELECTOR@FX,FY, drag:SELECTOR@FX,FY,FX,FY or wait:SELECTOR",
    )
    parser.add_argument("--scroll-to", help="a CSS selector to scroll to the bottom of the picture")
    parser.add_argument("--scale", type=int, default=2, help="device pixels per CSS px")
    parser.add_argument(
        "--star", action="append", default=[], help="a session id to star (instead of two of the schedule)"
    )
    parser.add_argument("--keep-data", type=Path, help="copy the data dir here afterwards")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        shutil.copytree(args.data_dir, data, ignore=shutil.ignore_patterns("sources"))
        port = free_port()
        proc = serve(data, port, args.organizer)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(**launch_args())
                if args.install:
                    at = args.at or first_start(data)
                    outs = [ROOT / "static" / "screenshots" / f"{name}.png" for name in INSTALL_SHOTS]
                    for out, (size, scale) in zip(outs, INSTALL_SHOTS.values(), strict=True):
                        shoot(browser, port, args.path, out, size, scale, args.dark, at, None)
                else:
                    size = tuple(int(n) for n in args.viewport.split("x"))
                    shoot(
                        browser,
                        port,
                        args.path,
                        args.out,
                        size,
                        args.scale,
                        args.dark,
                        args.at,
                        args.show,
                        args.organizer,
                        tuple(args.step),
                        args.scroll_to,
                        tuple(args.star),
                    )
                    outs = [args.out]
                browser.close()
        finally:
            proc.kill()
            proc.wait(timeout=10)
        if args.keep_data:
            shutil.copytree(data, args.keep_data, dirs_exist_ok=True)
    for out in outs:
        print(out)


if __name__ == "__main__":
    main()
