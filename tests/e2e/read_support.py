"""Helpers for the readability tests (issue 14): large text, phone sizes, a clock inside the event.

`large_text(playwright, dir, viewport)` opens a persistent Chromium profile whose default font
is 32 px (what a person with "large text" gets: 200 % of 16 px), at `viewport`.
`PHONES` are the two phone sizes the issue names; `IN_EVENT` a time during the shipped event.
`shipped(make_server)` serves the shipped schedule and venue plan (long titles, four rooms).
`real_paths()` is every app route with real ids from the shipped data.
"""

from __future__ import annotations

import json
import shutil
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from e2e_support import ROOT, launch_args

from webapp.views.pages import APP_ROUTES

PHONES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]
NARROW = {"width": 320, "height": 740}
PARIS = ZoneInfo("Europe/Paris")
IN_EVENT = datetime(2026, 4, 7, 11, 5, tzinfo=PARIS)
SCHEDULE = json.loads((ROOT / "data" / "schedule.json").read_text())


def large_text(playwright: Any, user_data_dir: Path, viewport: dict[str, int], font_px: int = 32) -> Any:
    prefs = user_data_dir / "Default" / "Preferences"
    prefs.parent.mkdir(parents=True, exist_ok=True)
    prefs.write_text(json.dumps({"webkit": {"webprefs": {"default_font_size": font_px}}}))
    return playwright.chromium.launch_persistent_context(
        str(user_data_dir), headless=True, viewport=viewport, **launch_args()
    )


def shipped(make_server: Any) -> Any:
    srv = make_server(schedule=ROOT / "data" / "schedule.json")
    shutil.copy(ROOT / "data" / "venue.json", srv.data_dir / "venue.json")
    return srv


def real_paths() -> list[str]:
    ids = {
        "session": SCHEDULE["sessions"][0]["id"],
        "speaker": SCHEDULE["speakers"][0]["id"],
        "room": SCHEDULE["rooms"][0]["id"],
        "track": SCHEDULE["tracks"][0]["id"],
    }
    paths = []
    for rule in APP_ROUTES:
        kind = rule.strip("/").split("/")[0]
        paths.append(rule.replace("<sid>", ids[kind]) if "<sid>" in rule else rule)
    return paths


def phone_page(browser: Any, viewport: dict[str, int], at: datetime = IN_EVENT, **kw: Any) -> Any:
    """A page on a phone-sized screen whose clock is set inside the event (and runs on)."""
    context = browser.new_context(viewport=viewport, **kw)
    context.clock.install(time=at)
    return context.new_page()


OFF = "cancelled"


def rough_schedule() -> dict[str, Any]:
    """The mini fixture plus a morning with a cancelled 25-minute talk between two live ones."""
    from schedules import mini, session

    doc = mini()
    doc["sessions"] += [
        session("a1", "Before The Gap", "2026-04-07T10:00:00+02:00", "2026-04-07T10:30:00+02:00"),
        session("c1", "Called Off", "2026-04-07T10:30:00+02:00", "2026-04-07T10:55:00+02:00", status=OFF),
        session("d1", "After The Gap", "2026-04-07T11:00:00+02:00", "2026-04-07T11:30:00+02:00", room="side"),
    ]
    return doc
