"""A congress imported from frab XML (tests/fixtures/frab_nights.xml) whose days run until
06:00: the night sessions are under the evening's day tab, there is no extra day for them,
and in the night the app opens on the evening's day. A session's language is shown and can
be filtered by (issue 13)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

from playwright.sync_api import expect

from tests.harness import FIXTURES
from tests.harness.publish import import_schedule


def _imported(tmp_path: Path) -> Path:
    """The fixture through `schedule import`, as an organizer would run it."""
    return import_schedule(FIXTURES / "frab_nights.xml", tmp_path / "schedule.json")


def test_night_sessions_are_under_the_evenings_day_tab(page, make_server, tmp_path) -> None:
    server = make_server(schedule=_imported(tmp_path))
    page.goto(server.url + "/?day=2026-12-27")
    tabs = page.get_by_role("navigation", name="Days").get_by_role("link")
    expect(tabs).to_have_text(["Sun 27 Dec", "Mon 28 Dec", "Tue 29 Dec", "All days"])  # no fourth day
    expect(page.locator(".card h3")).to_have_text(["Opening", "Late Talk", "Night Owls"])  # 01:00 on the 28th

    tabs.filter(has_text="Mon 28 Dec").click()
    expect(page.locator(".card h3")).to_have_text(["Morning Two", "Second Night"])
    tabs.filter(has_text="Tue 29 Dec").click()
    expect(page.locator(".card h3")).to_have_text(["Last Day", "Closing Night"])  # 01:30 on the 30th

    tabs.filter(has_text="All days").click()
    heads = page.locator("h2.dayhead")
    expect(heads).to_have_count(3)
    night = page.locator("h2.dayhead, .card h3").all_inner_texts()
    assert night.index("Night Owls") < night.index(heads.nth(1).inner_text())


def test_in_the_night_the_app_opens_on_the_evenings_day(browser, make_server, tmp_path) -> None:
    server = make_server(schedule=_imported(tmp_path))
    context = browser.new_context()
    # 01:20 in Berlin on the 28th: the congress's first day is still on.
    context.clock.install(time=datetime(2026, 12, 28, 1, 20, tzinfo=timezone(timedelta(hours=1))))
    page = context.new_page()
    page.goto(server.url + "/")
    expect(page.locator("nav.days [aria-current=page]")).to_have_text("Sun 27 Dec")
    expect(page.locator(".card h3").last).to_have_text("Night Owls")
    context.close()


def test_a_sessions_language_is_shown_and_filters_the_list(page, make_server, tmp_path) -> None:
    server = make_server(schedule=_imported(tmp_path))
    page.goto(server.url + "/?day=all")
    expect(page.locator(".card", has_text="Late Talk").locator(".lang")).to_have_text("German")
    page.get_by_text("Filters").click()
    page.locator("summary", has_text="Languages").click()
    page.get_by_label("German").check()
    expect(page.locator(".card h3")).to_have_text(["Late Talk", "Second Night"])
    expect(page).to_have_url(re.compile(r"[?&]lang=de(&|$)"))  # written once the choice settles
    page.goto(server.url + "/?day=all")
    page.locator(".card", has_text="Night Owls").get_by_role("link", name="Night Owls").click()
    expect(page.locator(".detail > p.facts .lang")).to_have_text("English")
