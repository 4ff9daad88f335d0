"""Helpers for the organizers' console tests (test_organize_*.py): a schedule happening today
(room status clears at the end of the real day and the server refuses corrections in the past,
so these tests run on the real clock), named organizer tokens, signing in through the console."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from e2e_support import wait_controlled
from playwright.sync_api import expect
from rel_support import request
from schedules import mini, session, write

ADA = "tok-ada-5d1e77c2"
BOB = "tok-bob-0a9f3b41"
ENV = {
    "HALLWAY_ADMIN_TOKENS": f"ada:{ADA},bob:{BOB}",
    "HALLWAY_WRITE_RATE_LIMIT": "0",
}


def iso(t: datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:00+00:00")


def today_schedule(directory: Path, now: datetime | None = None) -> Path:
    """MiniCon moved to today and tomorrow (UTC venue): `onnow` runs in Main Room now,
    `sidenow` in Side Room overlaps it, `later` is tomorrow at 10:00 in Side Room (Main Room
    free then); tomorrow runs from 08:00 to 18:00."""
    now = (now or datetime.now(UTC)).replace(second=0, microsecond=0)
    today, tomorrow = now.date(), now.date() + timedelta(days=1)
    at = lambda day, h, m=0: datetime(day.year, day.month, day.day, h, m, tzinfo=UTC)  # noqa: E731
    doc = mini()
    doc["event"] = {**doc["event"], "timezone": "UTC", "days": [today.isoformat(), tomorrow.isoformat()]}
    doc["sessions"] = [
        session(
            "onnow",
            "Packed Keynote",
            iso(now - timedelta(minutes=20)),
            iso(now + timedelta(minutes=70)),
            "main",
        ),
        session(
            "sidenow",
            "Side Workshop",
            iso(now - timedelta(minutes=10)),
            iso(now + timedelta(minutes=30)),
            "side",
        ),
        session("later", "Tomorrow Talk", iso(at(tomorrow, 10)), iso(at(tomorrow, 10, 45)), "side"),
        session("later2", "Tomorrow Main", iso(at(tomorrow, 9)), iso(at(tomorrow, 9, 45)), "main"),
        # Tomorrow's hours run 08:00-18:00 whatever is cancelled or moved inside them.
        session("doors", "Doors Open", iso(at(tomorrow, 8)), iso(at(tomorrow, 8, 30)), "main"),
        session("closing", "Closing", iso(at(tomorrow, 17, 30)), iso(at(tomorrow, 18)), "main"),
    ]
    # Just after midnight the sessions on now began yesterday: the event's days are those its
    # sessions start on, as an import would write them (with only today and tomorrow, the room
    # page had no day for "Packed Keynote" from 00:00 to 00:20 UTC, and CI failed then).
    starts = {s["start"][:10] for s in doc["sessions"]}
    doc["event"]["days"] = sorted(starts | {today.isoformat(), tomorrow.isoformat()})
    return write(doc, directory)


def sign_in(page: Any, server: Any, token: str = ADA, path: str = "/organize", poll: int = 1) -> None:
    page.goto(f"{server.url}/organize?poll={poll}")
    page.get_by_label("Organizer token").fill(token)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_text("Signed in as")).to_be_visible()
    wait_controlled(page)
    if path != "/organize":
        sep = "&" if "?" in path else "?"
        page.goto(f"{server.url}{path}{sep}poll={poll}")
    expect(page.locator("main h1")).to_be_visible()


def changes(server: Any) -> list[dict[str, Any]]:
    status, _, body = request(server, "GET", "/api/v1/changes?since=0")
    assert status == 200, body
    doc = json.loads(body)
    assert doc.get("reload") is False, doc
    return doc["changes"]
