"""Offline, links to what only the server makes (door signs, a calendar subscription) say so in
the app instead of leaving it for the browser's error page."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.harness.browser import wait_controlled

NOW = "?now=2026-09-14T11:20:00%2B02:00"


def offline_app(context: Any, server: Any) -> Any:
    page = context.new_page()
    page.goto(f"{server.url}/{NOW}")
    expect(page.locator(".card").first).to_be_visible()
    wait_controlled(page)
    server.stop()
    page.reload()
    expect(page.locator(".card").first).to_be_visible()
    return page


def test_door_signs_link_offline_says_it_needs_a_connection_and_stays(context, congress_server) -> None:
    page = offline_app(context, congress_server)
    at = page.url
    page.get_by_text("More", exact=True).click()
    page.get_by_role("link", name="Door signs (organizers)").click()
    expect(page.locator("#toasts")).to_contain_text("Printing door signs needs a connection")
    assert page.url == at
    expect(page.locator(".card").first).to_be_visible()  # the app, not an error page


def test_calendar_subscription_offline_says_it_needs_a_connection(context, congress_server) -> None:
    page = offline_app(context, congress_server)
    first = page.locator(".card").first.get_by_role("button", name="Star:")
    first.click()
    page.goto(f"{congress_server.url}/my{NOW}")
    expect(page.locator("#offline-flag")).to_be_visible()  # the app knows it is offline
    at = page.url
    page.get_by_role("link", name="Subscribe, with reminders").click()
    expect(page.locator("#toasts")).to_contain_text("Subscribing in your calendar needs a connection")
    assert page.url == at
