"""The app shell loads the schedule and every app route renders its view."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.harness.browser import before_the_event, offsite_requests


def test_schedule_shows_sessions_of_the_first_day(page: Page, live_server) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # Before the event the schedule opens on its first day (after it, on the whole programme).
    before_the_event(page)
    page.goto(live_server.url + "/")
    expect(page.locator("h1")).to_have_text("Tuesday 7 April")
    expect(page.locator(".card h3")).to_have_count(2)
    expect(page.locator(".card", has_text="Compiling Things")).to_contain_text("Side Room")
    assert errors == []


def test_no_request_leaves_the_server(page: Page, live_server) -> None:
    offsite = offsite_requests(page.context, live_server.url)
    for path in ("/", "/session/s1a2b3", "/speakers", "/speaker/ada-lovelace", "/my", "/now", "/rooms"):
        page.goto(live_server.url + path)
        expect(page.locator("main h1")).to_be_visible()
    assert offsite == []
