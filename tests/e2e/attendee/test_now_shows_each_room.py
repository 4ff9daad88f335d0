"""Issue 14, "Now": one compact row per room, what is on with the minutes left and what is
next with its start; a talk under way is never "Next"; a cancelled one never counts."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from playwright.sync_api import expect

from tests.harness.browser import PHONES, phone
from tests.harness.schedules import DURING, day_doc, day_server, session


def row(page, room: str):
    return page.locator(".nowrow", has=page.get_by_role("heading", name=room))


@pytest.mark.parametrize("viewport", PHONES, ids=["360", "390"])
def test_each_room_shows_what_is_on_with_minutes_left_and_what_is_next(
    browser, make_server, tmp_path, viewport
) -> None:
    server = day_server(make_server, tmp_path)
    page = phone(browser, viewport, DURING)
    page.goto(server.url + "/now")
    expect(page.locator(".nowrow h2")).to_have_text(["Main Room", "Side Room"])
    main = row(page, "Main Room")
    expect(main.locator(".nowline.on")).to_contain_text("Morning Talk")
    expect(main.locator(".nowline.on")).to_contain_text("25 min left")
    # The cancelled 10:50 talk is skipped: next is the 11:30 one.
    expect(main.locator(".nowline.next")).to_contain_text("Late Talk")
    expect(main.locator(".nowline.next")).to_contain_text("11:30")
    expect(page.locator(".nowrows")).not_to_contain_text("Called Off Talk")
    side = row(page, "Side Room")
    expect(side.locator(".nowline.on")).to_contain_text("Side Workshop")
    expect(side.locator(".nowline.on")).to_contain_text("1 h 10 min left")
    expect(side.locator(".nowline.next")).to_contain_text("Afternoon Panel")
    page.locator(".nowline.on a", has_text="Morning Talk").click()
    expect(page).to_have_url(server.url + "/session/mt1000")
    page.context.close()


@pytest.mark.parametrize("viewport", PHONES, ids=["360", "390"])
def test_a_talk_under_way_is_never_next_as_the_clock_runs(browser, make_server, tmp_path, viewport) -> None:
    server = day_server(make_server, tmp_path)
    context = browser.new_context(viewport=viewport)
    context.clock.install(time=datetime(2026, 4, 7, 7, 58, tzinfo=UTC))  # 09:58 CEST
    page = context.new_page()
    page.goto(server.url + "/now")
    main = row(page, "Main Room")
    expect(main.locator(".nowline.next")).to_contain_text("Morning Talk")
    expect(main.locator(".nowline.next")).to_contain_text("in 2 min")
    context.clock.run_for(3 * 60 * 1000)  # 10:01: the view refreshes itself on the clock
    expect(main.locator(".nowline.on")).to_contain_text("Morning Talk")
    expect(main.locator(".nowline.on")).to_contain_text("44 min left")
    expect(page.locator(".nowline.next", has_text="Morning Talk")).to_have_count(0)
    expect(page.locator(".nowline.next", has_text="Side Workshop")).to_have_count(0)
    page.context.close()


def test_a_cancelled_session_is_never_on_now(browser, make_server, tmp_path) -> None:
    server = day_server(make_server, tmp_path)
    page = phone(browser, PHONES[0], datetime(2026, 4, 7, 8, 55, tzinfo=UTC))  # 10:55
    page.goto(server.url + "/now")
    main = row(page, "Main Room")
    expect(main.locator(".nowline.on")).to_have_count(0)
    expect(main.locator(".nowline.idle").first).to_have_text("NowNothing on")
    expect(main.locator(".nowline.next")).to_contain_text("Late Talk")
    page.context.close()


@pytest.mark.parametrize("viewport", PHONES, ids=["360", "390"])
def test_eight_rooms_fit_in_about_two_screens(browser, make_server, tmp_path, viewport) -> None:
    doc = day_doc()
    title = "Scaling distributed training of very large models across many clusters"  # ~70 chars
    for i in range(6):
        doc["rooms"].append({"id": f"hall{i}", "name": f"Hall {i + 1} (Level {i % 3})"})
        doc["sessions"].append(
            session(
                f"on{i:04d}",
                f"{title} {i}",
                "2026-04-07T10:00:00+02:00",
                "2026-04-07T10:40:00+02:00",
                f"hall{i}",
            )
        )
        doc["sessions"].append(
            session(
                f"nx{i:04d}",
                f"{title} next {i}",
                "2026-04-07T10:50:00+02:00",
                "2026-04-07T11:30:00+02:00",
                f"hall{i}",
            )
        )
    server = day_server(make_server, tmp_path, doc)
    page = phone(browser, viewport, DURING)
    page.goto(server.url + "/now")
    expect(page.locator(".nowrow")).to_have_count(8)
    expect(page.locator(".nowline.on")).to_have_count(8)
    height = page.locator(".nowrows").bounding_box()["height"]
    assert height <= 2 * viewport["height"], height
    assert page.evaluate(
        "() => document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth"
    )
    page.context.close()
