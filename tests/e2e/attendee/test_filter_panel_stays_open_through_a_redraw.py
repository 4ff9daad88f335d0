"""The filter panel, opened and worked by the reader, stays as it was left when the page is
drawn again under them (a correction arriving, the texts coming in): open, its groups open, the
boxes ticked as they were."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.harness.app import open_app
from tests.harness.publish import WRITABLE


def rooms_opened(page: Any, make_server: Any) -> tuple[Any, Any, Any]:
    """(server, the filter panel, its Rooms group), both opened by the reader."""
    server = make_server(env=WRITABLE)
    open_app(page, server, "/?day=all")
    panel = page.locator(".find > details")
    panel.locator(":scope > summary").click()
    rooms = page.locator('[data-pick="room"]')
    rooms.locator("summary").click()
    return server, panel, rooms


def redrawn_by_a_correction(page: Any, server: Any) -> None:
    server.publish({"kind": "cancel", "session": "s1a2b3", "note": "stuck in traffic"})
    expect(page.locator("footer [data-freshness]")).to_have_attribute("data-version", "1", timeout=10000)


def test_the_open_filter_panel_and_its_ticked_room_stay_when_a_correction_redraws_the_page(
    page, make_server
) -> None:
    server, panel, rooms = rooms_opened(page, make_server)
    boxes = rooms.get_by_role("checkbox")
    expect(boxes).to_have_count(2)
    names = boxes.evaluate_all("(bs) => bs.map((b) => b.value)")
    boxes.nth(1).check()
    expect(rooms.locator("summary")).to_contain_text("(1)")
    before = page.locator(".results .card").count()
    redrawn_by_a_correction(page, server)
    expect(panel).to_have_attribute("open", "")
    expect(rooms).to_have_attribute("open", "")
    ticked = rooms.locator("input:checked").evaluate_all("(bs) => bs.map((b) => b.value)")
    assert ticked == [names[1]]
    assert page.locator(".results .card").count() == before


def test_the_open_filter_panel_with_nothing_ticked_stays_open_when_a_correction_redraws_the_page(
    page, make_server
) -> None:
    server, panel, rooms = rooms_opened(page, make_server)
    rooms.get_by_role("checkbox").first.focus()
    redrawn_by_a_correction(page, server)
    expect(panel).to_have_attribute("open", "")
    expect(rooms).to_have_attribute("open", "")
    expect(rooms.locator("input:checked")).to_have_count(0)
    expect(rooms.get_by_role("checkbox").first).to_be_focused()
