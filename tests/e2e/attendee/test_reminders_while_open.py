"""Issue 14, "Reminders": a starred session's reminder (5, 10 or 15 minutes before, the person's
choice) shows as a notification while the app is open, follows its session when a correction
moves it, never fires for a cancelled one, and the UI says the calendar reminds when the app is
closed. The page's clock is Playwright's; the system notification is the one thing replaced
(recorded by an init script), as the OS is not part of the test."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.harness.browser import PHONES
from tests.harness.net import wait_for
from tests.harness.publish import WRITABLE
from tests.harness.reminders import DAY, RECORD, at, shown, starred_with_reminders, step
from tests.harness.schedules import mini, session, write

pytestmark = pytest.mark.parametrize("viewport", PHONES, ids=lambda v: f"{v['width']}x{v['height']}")


@pytest.fixture
def server(make_server, tmp_path):
    doc = mini()
    doc["sessions"] += [
        session("r1", "Stays Put", DAY + "09:40:00+02:00", DAY + "10:00:00+02:00"),
        session("r2", "Will Be Cancelled", DAY + "09:40:00+02:00", DAY + "10:00:00+02:00", room="side"),
    ]
    return make_server(schedule=write(doc, tmp_path), env=WRITABLE)


def test_a_reminder_follows_a_moved_session_and_skips_a_cancelled_one(browser, server, viewport) -> None:
    context, page = starred_with_reminders(browser, server, viewport)
    expect(page.locator("[data-remind-status]")).to_contain_text("A notification 10 minutes before")
    assert "alarm=10" in page.locator("a[data-subscribe]").get_attribute("href")
    expect(page.locator(".reminders")).to_contain_text(
        "When this app is closed it cannot remind you; your calendar can"
    )

    # Compiling Things (09:15) moves to 09:45; "Will Be Cancelled" is cancelled.
    server.publish(
        {
            "kind": "retime",
            "session": "k9x8y7",
            "start": DAY + "09:45:00+02:00",
            "end": DAY + "09:55:00+02:00",
        },
    )
    server.publish({"kind": "cancel", "session": "r2"})
    expect(page.locator("footer [data-freshness]")).to_have_attribute("data-version", "2", timeout=10000)
    context.clock.pause_at(at(9, 6))  # the old time's reminder would be due now
    context.clock.run_for(20000)
    assert shown(page) == []
    step(context, at(9, 6), at(9, 31))
    expect(page.locator(".toast", has_text="Stays Put")).to_be_visible()  # the app is in front
    assert shown(page) == ["In 10 min: Stays Put"]
    step(context, at(9, 31), at(9, 36))
    assert shown(page) == ["In 10 min: Stays Put", "In 10 min: Compiling Things"]  # 09:45 now
    step(context, at(9, 36), at(9, 41))
    assert len(shown(page)) == 2  # nothing for the cancelled one, each reminder once
    context.close()


def test_reminders_are_off_until_chosen_and_a_bad_stored_value_means_off(browser, server, viewport) -> None:
    context = browser.new_context(viewport=viewport)
    context.add_init_script(RECORD)
    context.clock.install(time=at(9, 32))  # r1 starts in 8 minutes
    page = context.new_page()
    page.goto(server.url + "/")
    page.evaluate("() => localStorage.setItem('hallway.stars.v1', JSON.stringify(['r1']))")
    page.evaluate("() => localStorage.setItem('hallway.remind.v1', '7')")  # not a choice the app offers
    page.goto(server.url + "/my")
    expect(page.get_by_label("Remind me before each starred session")).to_have_value("")
    context.clock.run_for(60000)
    assert shown(page) == []
    page.get_by_label("Remind me before each starred session").select_option("15")
    context.clock.run_for(20000)
    # The check that fires runs in the page after the clock's jump: wait for it, bounded.
    wait_for(lambda: [t.split(": ", 1)[1] for t in shown(page)] == ["Stays Put"], timeout=10)
    context.close()
