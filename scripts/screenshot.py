"""Take docs/screenshot.png: the real app, served by the real server, on a phone-sized screen.

    .venv/bin/python scripts/screenshot.py [--data-dir data] [--path /] [--out docs/screenshot.png]
    .venv/bin/python scripts/screenshot.py --install   # static/screenshots/{narrow,wide}.png

Starts `flask run` on a free loopback port on a copy of the data, opens the app in Chromium
(the system one when present) at 360x740, stars two sessions so the stars show, saves the
picture and stops the server. With --install it takes the manifest's two screenshots for the
richer install dialog instead: narrow (a phone, 360x740 at 2x) and wide (1280x800), with the
page's clock set to the first session's start so the schedule shows as during the event.
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
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from e2e_support import PHONE, launch_args  # noqa: E402  (one place for the browser's flags)

START_TIMEOUT = 20.0
INSTALL_SHOTS = {
    "narrow": ({"width": 360, "height": 740}, 2),
    "wide": ({"width": 1280, "height": 800}, 1),
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(data_dir: Path, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "HALLWAY_DATA_DIR": str(data_dir)}
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


def take(
    browser, url: str, out: Path, viewport: dict[str, int], scale: int, dark: bool, at: datetime | None
) -> None:
    context = browser.new_context(
        viewport=viewport, device_scale_factor=scale, color_scheme="dark" if dark else "light"
    )
    if at is not None:
        context.clock.install(time=at)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("main h1")
    stars = page.locator("main button.star")
    for i in (1, 3):
        if stars.count() > i:
            stars.nth(i).click()
    page.evaluate("() => { document.activeElement?.blur(); window.scrollTo(0, 0); }")
    out.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out))
    context.close()


def first_start(data_dir: Path) -> datetime | None:
    sessions = json.loads((data_dir / "schedule.json").read_text(encoding="utf-8")).get("sessions") or []
    starts = sorted(
        datetime.fromisoformat(s["start"]) for s in sessions if isinstance(s, dict) and s.get("start")
    )
    return starts[0] + timedelta(minutes=5) if starts else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=ROOT / "data")
    parser.add_argument("--path", default="/")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshot.png")
    parser.add_argument("--dark", action="store_true", help="dark colour scheme")
    parser.add_argument(
        "--install", action="store_true", help="the manifest's screenshots, into static/screenshots/"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        shutil.copytree(args.data_dir, data, ignore=shutil.ignore_patterns("sources"))
        port = free_port()
        proc = serve(data, port)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(**launch_args())
                url = f"http://127.0.0.1:{port}{args.path}"
                if args.install:
                    at = first_start(data)
                    outs = []
                    for name, (viewport, scale) in INSTALL_SHOTS.items():
                        out = ROOT / "static" / "screenshots" / f"{name}.png"
                        take(browser, url, out, viewport, scale, args.dark, at)
                        outs.append(out)
                else:
                    take(browser, url, args.out, PHONE, 2, args.dark, None)
                    outs = [args.out]
                browser.close()
        finally:
            proc.kill()
            proc.wait(timeout=10)
    for out in outs:
        print(out)


if __name__ == "__main__":
    main()
