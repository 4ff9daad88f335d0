"""Spanish puts an article before a time that agrees with the hour: "a la 1:00", "a la 1:30",
"a las 13:00" (issue 29). My schedule's next-session line and the card's end time say it so in
the app, on the mini event moved into the small hours, read with ?hl=es."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from playwright.sync_api import expect

from tests.harness.schedules import day_server, mini

PARIS = timezone(timedelta(hours=2))  # CEST, the mini event's offset in April
TIMES = {"s1a2b3": ("01:00", "01:30"), "k9x8y7": ("01:30", "02:00"), "q4w5e6": ("13:00", "13:45")}


def small_hours() -> dict:
    doc = mini()
    for session in doc["sessions"]:
        start, end = TIMES[session["id"]]
        session["start"], session["end"] = f"2026-04-07T{start}:00+02:00", f"2026-04-07T{end}:00+02:00"
    return doc


@pytest.mark.parametrize(
    ("starred", "next_line", "card"),
    [
        ("s1a2b3", "a la 1:00, aquí", "hasta la 1:30 ·"),
        ("k9x8y7", "a la 1:30, aquí", "hasta las 2:00 ·"),
        ("q4w5e6", "a las 13:00, aquí", "hasta las 13:45 ·"),
    ],
)
def test_my_schedule_in_spanish_says_la_at_one_oclock_and_las_at_other_hours(
    browser, make_server, tmp_path, starred, next_line, card
) -> None:
    server = day_server(make_server, tmp_path, small_hours())
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.clock.install(time=datetime(2026, 4, 7, 0, 40, tzinfo=PARIS))
    context.add_init_script(f"localStorage.setItem('hallway.stars.v1', JSON.stringify(['{starred}']))")
    page = context.new_page()
    page.goto(f"{server.url}/my?hl=es")
    expect(page.locator(".next-here")).to_contain_text(next_line)
    expect(page.locator(f".card[data-session='{starred}'] .len")).to_contain_text(card)
    context.close()
