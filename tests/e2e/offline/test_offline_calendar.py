"""Offline, "Add to calendar" still gives a calendar file: the service worker makes it on the
device from the kept schedule (static/js/data/calendar-file.js), with the same events as the
server's webapp/exports/ical.py would send: UIDs, the venue's zone, titles, places, texts."""

from __future__ import annotations

import json
import re
import urllib.request
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from icalendar import Calendar
from playwright.sync_api import expect

from tests.harness.browser import wait_controlled
from tests.harness.worker_caches import forget_http_cache, wait_second_phase

NOW = "?now=2026-09-14T11:20:00%2B02:00"
# Each event's properties compared one by one. DTSTAMP and LAST-MODIFIED say when a file was
# made (the server: when the schedule was written), so they differ by design.
COMPARED = (
    "UID", "SUMMARY", "DTSTART", "DTEND", "SEQUENCE", "STATUS", "URL", "LOCATION", "DESCRIPTION",
    "CATEGORIES", "X-HALLWAY-KIND", "X-HALLWAY-ROOM", "X-HALLWAY-TRACK", "X-HALLWAY-SPEAKER",
)  # fmt: skip


# A link of the page followed, as a tap on it would.
FOLLOW = """(href) => {
  const a = document.createElement("a");
  a.href = href;
  document.body.append(a);
  a.click();
}"""


def congress(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def pick(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """A session whose track name holds a comma and whose speaker's name is accented, one with
    several speakers, and a cancelled one: what escaping and the zone can get wrong."""
    names = {p["id"]: p["name"] for p in doc["speakers"]}
    tracks = {t["id"]: t["name"] for t in doc["tracks"]}
    sessions = doc["sessions"]
    comma = next(
        s for s in sessions
        if "," in tracks.get(s["track"], "") and any(not names[i].isascii() for i in s["speakers"])
    )  # fmt: skip
    several = next(s for s in sessions if len(s["speakers"]) >= 3 and s["description"])
    cancelled = next(s for s in sessions if s["status"] == "cancelled")
    return [comma, several, cancelled]


def server_file(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as response:
        assert response.headers["Content-Type"].startswith("text/calendar")
        return response.read()


def events(body: bytes) -> dict[str, Any]:
    return {str(e["UID"]): e for e in Calendar.from_ical(body).walk("VEVENT")}


def value(event: Any, name: str) -> Any:
    got = event.get(name)
    if got is None:
        return None
    items = got if isinstance(got, list) else [got]
    out = []
    for item in items:
        if hasattr(item, "dt"):
            out.append((item.dt, item.params.get("TZID")))
        elif hasattr(item, "cats"):
            out.append(tuple(str(c) for c in item.cats))
        else:
            out.append(str(item))
    return out


def same_events(device: bytes, server: bytes) -> None:
    mine, theirs = events(device), events(server)
    assert sorted(mine) == sorted(theirs) and mine
    for uid, event in theirs.items():
        for name in COMPARED:
            assert value(mine[uid], name) == value(event, name), f"{uid} {name}"
    # The device's own VTIMEZONE gives each start the venue's offset (CEST in September).
    zones = {str(z["TZID"]): z.to_tz() for z in Calendar.from_ical(device).walk("VTIMEZONE")}
    assert set(zones) == {"Europe/Paris"}
    for event in mine.values():
        start = event["DTSTART"].dt.replace(tzinfo=None)
        assert zones["Europe/Paris"].utcoffset(start) == timedelta(hours=2)


def download(page: Any, link: Any) -> bytes:
    at = page.url
    with page.expect_download(timeout=15000) as info:
        link.click()
    assert page.url == at  # the app stays where it was
    path = info.value.path()
    assert path is not None
    return Path(path).read_bytes()


@pytest.fixture
def visited(context: Any, congress_server: Any, congress_schedule: Path) -> tuple[Any, list[dict[str, Any]]]:
    """The congress opened once (the worker in control, the texts kept), three sessions
    starred, then the server stopped: offline."""
    chosen = pick(congress(congress_schedule))
    page = context.new_page()
    page.goto(f"{congress_server.url}/{NOW}")
    expect(page.locator(".card").first).to_be_visible()
    wait_controlled(page)
    wait_second_phase(page)  # the code that makes calendar files here
    for s in chosen:
        page.goto(f"{congress_server.url}/session/{s['id']}{NOW}")
        expect(page.locator("main h1")).to_have_text(s["title"])
        if s["status"] != "cancelled":
            page.get_by_role("button", name=f"Star: {s['title']}").click()
    return page, chosen


def test_add_to_calendar_offline_downloads_the_events_the_server_would_send(visited, congress_server) -> None:
    page, chosen = visited
    one = chosen[0]
    theirs = server_file(f"{congress_server.url}/session/{one['id']}.ics")
    congress_server.stop()
    forget_http_cache(page)

    page.goto(f"{congress_server.url}/session/{one['id']}{NOW}")
    expect(page.locator(".detail")).to_contain_text(one["description"][0][:40])  # texts kept
    mine = download(page, page.get_by_role("link", name="Add to calendar"))
    same_events(mine, theirs)


def test_starred_sessions_offline_download_as_the_servers_my_calendar(visited, congress_server) -> None:
    page, chosen = visited
    starred = [s["id"] for s in chosen if s["status"] != "cancelled"]
    cancelled = chosen[-1]["id"]
    ids = ",".join([*starred, cancelled])
    theirs = server_file(f"{congress_server.url}/my.ics?s={ids}&alarm=15")
    congress_server.stop()

    page.goto(f"{congress_server.url}/my{NOW}")
    expect(page.locator(".card")).to_have_count(len(starred))
    mine = download(page, page.get_by_role("link", name="Add them to your calendar"))
    assert sorted(events(mine)) == sorted(f"{i}@generated-conf" for i in starred)
    # The same file as the server's for the same address, reminders and a cancelled one included.
    with page.expect_download(timeout=15000) as info:
        page.evaluate(FOLLOW, f"/my.ics?s={ids}&alarm=15")
    same_events(Path(info.value.path()).read_bytes(), theirs)
    alarms = [a for e in events(Path(info.value.path()).read_bytes()).values() for a in e.walk("VALARM")]
    assert [a["TRIGGER"].dt for a in alarms] == [timedelta(minutes=-15)] * len(starred)


def comparable(body: bytes) -> bytes:
    """The file without what differs by design: when it was made (DTSTAMP, LAST-MODIFIED) and
    the VTIMEZONE (the server's from its tz database, the device's from the outline's table;
    `same_events` checks the device's gives the venue's offsets)."""
    body = re.sub(rb"BEGIN:VTIMEZONE\r\n.*?END:VTIMEZONE\r\n", b"", body, flags=re.S)
    return re.sub(rb"\r\n(DTSTAMP|LAST-MODIFIED):[0-9TZ]+\r\n", rb"\r\n\1:-\r\n", body)


def test_an_event_in_french_gets_the_servers_french_calendar_files_offline(
    context, make_server, congress_schedule
) -> None:
    server = make_server(schedule=congress_schedule, env={"HALLWAY_LANGUAGE": "fr"})
    chosen = pick(congress(congress_schedule))
    cancelled = chosen[-1]
    page = context.new_page()
    page.goto(f"{server.url}/{NOW}")
    expect(page.locator(".card").first).to_be_visible()
    wait_controlled(page)
    wait_second_phase(page)
    page.goto(f"{server.url}/session/{chosen[1]['id']}{NOW}")
    expect(page.locator(".detail")).to_contain_text(chosen[1]["description"][0][:40])  # texts kept
    ids = ",".join(s["id"] for s in chosen)
    paths = [
        f"/my.ics?s={ids}&alarm=15",  # a cancelled session, reminders, the starred calendar's name
        f"/session/{cancelled['id']}.ics",
        f"/room/{chosen[0]['room']}.ics",  # with my.ics, each of the congress's four kinds
    ]
    theirs = {path: server_file(f"{server.url}{path}") for path in paths}
    assert "ANNULÉE".encode() in theirs[paths[0]] and b"mes favoris" in theirs[paths[0]]
    server.stop()

    for path in paths:
        with page.expect_download(timeout=15000) as info:
            page.evaluate(FOLLOW, path)
        mine = Path(info.value.path()).read_bytes()
        assert comparable(mine) == comparable(theirs[path]), path
        same_events(mine, theirs[path])
