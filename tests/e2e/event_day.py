"""A day of the mini event with enough going on to test "now": the clock is set inside it.

7 April 2026, Europe/Paris (CEST, UTC+2). At `DURING` (10:20 CEST) the two 09:xx sessions
have ended, "Morning Talk" (main) and "Side Workshop" (side) are running since 10:00, a
cancelled talk in main at 10:50 must not count, "Late Talk" follows at 11:30.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from schedules import mini, session, write

DURING = datetime(2026, 4, 7, 8, 20, tzinfo=UTC)  # 10:20 CEST
BEFORE = datetime(2026, 4, 1, 8, 0, tzinfo=UTC)
AFTER = datetime(2026, 4, 10, 8, 0, tzinfo=UTC)
PHONES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]


def day_doc() -> dict[str, Any]:
    doc = mini()
    doc["sessions"] += [
        session("mt1000", "Morning Talk", "2026-04-07T10:00:00+02:00", "2026-04-07T10:45:00+02:00", "main"),
        session("sw1000", "Side Workshop", "2026-04-07T10:00:00+02:00", "2026-04-07T11:30:00+02:00", "side"),
        session(
            "cx1050",
            "Called Off Talk",
            "2026-04-07T10:50:00+02:00",
            "2026-04-07T11:20:00+02:00",
            "main",
            status="cancelled",
        ),
        session("lt1130", "Late Talk", "2026-04-07T11:30:00+02:00", "2026-04-07T12:00:00+02:00", "main"),
        session(
            "af1400", "Afternoon Panel", "2026-04-07T14:00:00+02:00", "2026-04-07T14:30:00+02:00", "side"
        ),
    ]
    return doc


def day_server(make_server: Any, tmp_path: Path, doc: dict[str, Any] | None = None, **kw: Any) -> Any:
    return make_server(schedule=write(doc or day_doc(), tmp_path), **kw)


def phone(browser: Any, viewport: dict[str, int], at: datetime, **kw: Any) -> tuple[Any, Any]:
    """A context whose clock starts at `at` (and runs on), and a page in it."""
    context = browser.new_context(viewport=viewport, **kw)
    context.clock.install(time=at)
    return context, context.new_page()
