"""Every console view: axe finds no serious or critical violation (light and dark), and at
360 px with 200 % text (a 32 px default font) nothing is wider than the screen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.harness.a11y import serious
from tests.harness.browser import Profile
from tests.harness.organizers import ENV, KEPT, keep, sign_in
from tests.harness.schedules import today_schedule

QUEUED = [KEPT["conflict"], KEPT["clash"]]


def venue(page: Any, server: Any, check: Callable[[str], None]) -> None:
    """The venue editor empty, then with a floor, a room, stairs selected and the scale's form,
    each placed from the keyboard."""
    page.goto(server.url + "/organize/venue")
    expect(page.locator("#vf-new-name")).to_be_visible()
    check("venue editor, no floor yet")
    page.locator("#vf-new-name").fill("Ground floor")
    page.get_by_role("button", name="Add the floor").click()
    page.get_by_label("Room to place").select_option(label="Main Room")
    plan = page.locator("#venue-plan")
    plan.press("Enter")
    page.get_by_role("radio", name="Stairs").check()
    plan.press("Enter")
    expect(page.locator(".venue-selected h2")).to_contain_text("Stairs A")
    check("venue editor: a floor, a room, stairs selected")
    page.get_by_role("radio", name="The scale (two points)").check()
    plan.press("Enter")
    plan.press("Enter")
    expect(page.get_by_label("Metres between points 1 and 2")).to_be_visible()
    check("venue editor: the scale")


def walk(page: Any, server: Any, check: Callable[[str], None]) -> None:
    """Every console view, in a state that shows its parts; `check(name)` on each."""
    page.goto(server.url + "/organize")
    expect(page.get_by_label("Organizer token")).to_be_visible()
    check("sign-in")
    sign_in(page, server)
    page.get_by_label("Find a session").fill("t")
    expect(page.locator(".picklist li").first).to_be_visible()
    check("home with results")
    page.goto(server.url + "/organize/correct?session=sidenow")
    for what in ("New time", "Edit title, speakers, description", "Cancel", "Move to another room"):
        page.get_by_role("radio", name=what).check()
        check(f"correct: {what}")
    page.get_by_label("Room", exact=True).select_option("main")
    page.get_by_role("button", name="Check and publish the move").click()
    expect(page.get_by_role("button", name="Publish anyway")).to_be_visible()
    check("consequences with a clash")
    page.get_by_role("button", name="Publish anyway").click()
    expect(page.get_by_text("Published as version")).to_be_visible()
    check("published")
    for path in ("/organize/add", "/organize/rooms", "/organize/announce"):
        page.goto(server.url + path)
        expect(page.locator("main h1")).to_be_visible()
        check(path)
    page.goto(server.url + "/organize/history")
    expect(page.locator(".history li")).to_have_count(1)
    check("history")
    venue(page, server, check)
    keep(page, QUEUED)
    page.goto(server.url + "/organize")
    expect(page.locator(".outbox .queued")).to_have_count(2)
    check("waiting corrections: a conflict and a clash")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_console_views_have_no_serious_accessibility_violations(
    browser, make_server, tmp_path, scheme
) -> None:
    server = make_server(today_schedule(tmp_path), env=ENV)
    context = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme=scheme)
    page = context.new_page()
    found: dict[str, list[str]] = {}

    def check(name: str) -> None:
        # At the top, as the view is laid out: scrolled, the shell's sticky tab bar covers
        # whatever passes under it, which axe's target-size counts against that control.
        page.evaluate("() => window.scrollTo(0, 0)")
        problems = serious(page)
        if problems:
            found[name] = problems

    walk(page, server, check)
    assert found == {}
    context.close()


def test_console_fits_360_px_at_200_percent_text(playwright, make_server, tmp_path: Path) -> None:
    server = make_server(today_schedule(tmp_path), env=ENV)
    profile = Profile(playwright, tmp_path / "profile", font_px=32)
    page = profile.new_page()
    page.set_viewport_size({"width": 360, "height": 740})
    wide: dict[str, int] = {}

    def check(name: str) -> None:
        assert page.evaluate("() => getComputedStyle(document.documentElement).fontSize") == "32px"
        # The console's own content (main); the shell's header is the app's, reflowed with it.
        width = page.evaluate(
            "() => { const m = document.querySelector('main'); return m.scrollWidth - m.clientWidth; }"
        )
        if width > 0:
            wide[name] = width

    try:
        walk(page, server, check)
    finally:
        profile.close()
    assert wide == {}
