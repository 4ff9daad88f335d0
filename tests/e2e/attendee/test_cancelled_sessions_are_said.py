"""A cancelled session is said to be cancelled, with the organizers' note or the lack of one,
and counts for nothing: not in free time, not in a shared list. On 360 x 740 and 390 x 844
phones with the clock inside the event."""

from __future__ import annotations

import json
from datetime import datetime

import pytest
from playwright.sync_api import expect

from tests.harness.browser import PARIS, PHONES, phone
from tests.harness.schedules import rough_server

pytestmark = pytest.mark.parametrize("viewport", PHONES, ids=lambda v: f"{v['width']}x{v['height']}")


def starred(page, ids: list[str]) -> None:
    page.evaluate("(ids) => localStorage.setItem('hallway.stars.v1', JSON.stringify(ids))", ids)


@pytest.fixture
def rough(make_server, tmp_path):
    return rough_server(make_server, tmp_path)


def test_free_time_and_sharing_ignore_a_cancelled_session(browser, rough, viewport) -> None:
    # Before the morning's talks: at 11:05 My schedule folds the ended ones away (issue 26).
    page = phone(browser, viewport, at=datetime(2026, 4, 7, 8, 0, tzinfo=PARIS))
    page.goto(rough.url + "/")
    starred(page, ["a1", "c1", "d1"])
    page.goto(rough.url + "/my")
    expect(page.locator(".my .card")).to_have_count(3)
    expect(page.locator(".my .gap")).to_have_text(["Free for 30 min"])  # 10:30 to 11:00, not 10:55 to 11:00
    page.goto(rough.url + "/share")
    link = page.locator("input.share-link").input_value()
    assert link.endswith("/share?s=a1.d1&hl=en")  # the sharer's language goes with the link
    page.goto(rough.url + "/share?s=a1.c1")  # shared before the cancellation
    starred(page, [])
    page.reload()
    page.get_by_role("button", name="Add 1 session to my stars").click()
    stars = json.loads(page.evaluate("() => localStorage.getItem('hallway.stars.v1')"))
    assert sorted(s["id"] if isinstance(s, dict) else s for s in stars) == ["a1"]
    page.context.close()


def test_a_cancelled_session_says_so_with_the_note_and_offers_no_star_or_calendar(
    browser, rough, viewport
) -> None:
    rough.publish({"kind": "cancel", "session": "k9x8y7", "note": "The speaker is unwell"})
    page = phone(browser, viewport)
    page.goto(rough.url + "/session/k9x8y7")
    notice = page.locator(".cancel-notice")
    expect(notice).to_contain_text("This session is cancelled.")
    expect(notice).to_contain_text("The speaker is unwell")
    expect(page.locator(".detail .actions .star")).to_have_count(0)
    expect(page.get_by_role("link", name="Add to calendar")).to_have_count(0)
    page.goto(rough.url + "/session/c1")  # cancelled in the data, no note
    expect(page.locator(".cancel-notice")).to_contain_text("The organizers have not said why.")
    expect(page.locator(".detail .actions .star")).to_have_count(0)
    page.context.close()
