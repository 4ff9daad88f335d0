"""Schedules for the tests, built from the mini fixture so each test says only what differs,
and the shipped event (data/: long titles, four rooms, a venue plan).

Days of the mini event with enough going on to test "now" (7 April 2026, Europe/Paris, CEST,
UTC+2): at `DURING` (10:20 CEST) the two 09:xx sessions have ended, "Morning Talk" (main) and
"Side Workshop" (side) run since 10:00, a cancelled talk in main at 10:50 must not count, and
"Late Talk" follows at 11:30 (`day_doc`).
"""

from __future__ import annotations

import copy
import functools
import json
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from webapp.views.pages import APP_ROUTES

from . import MINI, ROOT
from .publish import WRITABLE

DATA = ROOT / "data"
DURING = datetime(2026, 4, 7, 8, 20, tzinfo=UTC)  # 10:20 CEST
BEFORE = datetime(2026, 4, 1, 8, 0, tzinfo=UTC)
AFTER = datetime(2026, 4, 10, 8, 0, tzinfo=UTC)


def mini() -> dict[str, Any]:
    return json.loads(MINI.read_text(encoding="utf-8"))


def session(sid: str, title: str, start: str, end: str, room: str = "main", **extra: Any) -> dict[str, Any]:
    return {
        "id": sid,
        "title": title,
        "kind": None,
        "start": start,
        "end": end,
        "room": room,
        "track": None,
        "level": None,
        "slides": None,
        "description": [],
        "speakers": [],
        "status": "confirmed",
        **extra,
    }


def write(doc: dict[str, Any], directory: Path, name: str = "schedule.json") -> Path:
    path = directory / name
    path.write_text(json.dumps(copy.deepcopy(doc), ensure_ascii=False), encoding="utf-8")
    return path


@functools.cache
def _shipped_text() -> str:
    return (DATA / "schedule.json").read_text(encoding="utf-8")


def shipped_doc() -> dict[str, Any]:
    """The shipped schedule, data/schedule.json."""
    return json.loads(_shipped_text())


def shipped(make_server: Any) -> Any:
    """A server on the shipped schedule and venue plan."""
    server = make_server(schedule=DATA / "schedule.json")
    shutil.copy(DATA / "venue.json", server.data_dir / "venue.json")
    return server


def real_paths() -> list[str]:
    """Every app route, with real ids from the shipped data."""
    doc = shipped_doc()
    ids = {
        "session": doc["sessions"][0]["id"],
        "speaker": doc["speakers"][0]["id"],
        "room": doc["rooms"][0]["id"],
        "track": doc["tracks"][0]["id"],
        # A short link naming no session: the view that says what a code is, drawn.
        "s": "no-such-session",
    }
    paths = []
    for rule in APP_ROUTES:
        kind = rule.strip("/").split("/")[0]
        paths.append(rule.replace("<sid>", ids[kind]) if "<sid>" in rule else rule)
    return paths


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


def rough_schedule() -> dict[str, Any]:
    """The mini fixture plus a morning with a cancelled 25-minute talk between two live ones."""
    doc = mini()
    doc["sessions"] += [
        session("a1", "Before The Gap", "2026-04-07T10:00:00+02:00", "2026-04-07T10:30:00+02:00"),
        session(
            "c1", "Called Off", "2026-04-07T10:30:00+02:00", "2026-04-07T10:55:00+02:00", status="cancelled"
        ),
        session("d1", "After The Gap", "2026-04-07T11:00:00+02:00", "2026-04-07T11:30:00+02:00", room="side"),
    ]
    return doc


def rough_server(make_server: Any, tmp_path: Path) -> Any:
    """A server on `rough_schedule()` that takes corrections."""
    return make_server(schedule=write(rough_schedule(), tmp_path), env=WRITABLE)


def _iso(t: datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:00+00:00")


def today_schedule(directory: Path, now: datetime | None = None) -> Path:
    """MiniCon moved to today and tomorrow (UTC venue), for the organizers' console (room status
    clears at the end of the real day and the server refuses corrections in the past, so those
    tests run on the real clock): `onnow` runs in Main Room now, `sidenow` in Side Room overlaps
    it, `later` is tomorrow at 10:00 in Side Room (Main Room free then); tomorrow runs from
    08:00 to 18:00."""
    now = (now or datetime.now(UTC)).replace(second=0, microsecond=0)
    today, tomorrow = now.date(), now.date() + timedelta(days=1)

    def at(h: int, m: int = 0) -> str:
        return _iso(datetime(tomorrow.year, tomorrow.month, tomorrow.day, h, m, tzinfo=UTC))

    doc = mini()
    doc["event"] = {**doc["event"], "timezone": "UTC"}
    doc["sessions"] = [
        session(
            "onnow", "Packed Keynote", _iso(now - timedelta(minutes=20)), _iso(now + timedelta(minutes=70))
        ),
        session(
            "sidenow",
            "Side Workshop",
            _iso(now - timedelta(minutes=10)),
            _iso(now + timedelta(minutes=30)),
            "side",
        ),
        session("later", "Tomorrow Talk", at(10), at(10, 45), "side"),
        session("later2", "Tomorrow Main", at(9), at(9, 45), "main"),
        # Tomorrow's hours run 08:00-18:00 whatever is cancelled or moved inside them.
        session("doors", "Doors Open", at(8), at(8, 30), "main"),
        session("closing", "Closing", at(17, 30), at(18), "main"),
    ]
    # Just after midnight the sessions on now began yesterday: the event's days are those its
    # sessions start on, as an import would write them (with only today and tomorrow, the room
    # page had no day for "Packed Keynote" from 00:00 to 00:20 UTC, and CI failed then).
    starts = {s["start"][:10] for s in doc["sessions"]}
    doc["event"]["days"] = sorted(starts | {today.isoformat(), tomorrow.isoformat()})
    return write(doc, directory)
