"""Issue 14, "Now": the schedule opens at the current slot during the event, with a line at
"now", ended sessions folded (and shown dimmed on demand) and a "Jump to now" that stays
reachable; before the event it opens on day one, after it on the whole programme. The time
comes from the page's clock (Playwright's clock API), set inside the event."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from playwright.sync_api import expect

from tests.harness.browser import PHONES, phone
from tests.harness.schedules import AFTER, BEFORE, DURING, day_doc, day_server, session


def in_view(page, locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


@pytest.mark.parametrize("viewport", PHONES, ids=["360", "390"])
def test_during_the_event_the_schedule_opens_at_the_current_slot_with_the_now_line(
    browser, make_server, tmp_path, viewport
) -> None:
    server = day_server(make_server, tmp_path)
    page = phone(browser, viewport, DURING)
    page.goto(server.url + "/")
    expect(page.locator("main h1")).to_have_text("Tuesday 7 April")
    line = page.locator("#now-line")
    expect(line).to_contain_text("Now · 10:20")
    current = page.locator(".slot.current")
    expect(current.locator(".card h3")).to_have_text(["Morning Talk", "Side Workshop"])
    expect(current.locator(".card.live")).to_have_count(2)
    # The slot under way and the line sit on the first screen, without scrolling.
    assert in_view(page, current.locator(".slothead")) and in_view(page, line)
    # The line comes after what is running and before what is still to start.
    order = page.evaluate(
        "() => [...document.querySelectorAll('.results .slothead, #now-line')].map((e) => e.textContent)"
    )
    assert order[:3] == ["10:00", "Now · 10:20 CEST", "10:50"], order
    # Ended sessions are folded away, with a way to show them.
    expect(page.locator(".card", has_text="Compiling Things")).to_have_count(0)
    expect(page.get_by_role("button", name="Show 2 earlier sessions")).to_be_visible()
    page.context.close()


@pytest.mark.parametrize("viewport", PHONES, ids=["360", "390"])
def test_ended_sessions_show_dimmed_on_demand(browser, make_server, tmp_path, viewport) -> None:
    server = day_server(make_server, tmp_path)
    page = phone(browser, viewport, DURING)
    page.goto(server.url + "/")
    page.get_by_role("button", name="Show 2 earlier sessions").click()
    assert "past=1" in page.url
    ended = page.locator(".card.past")
    expect(ended.locator("h3")).to_have_text(["Opening <script>alert(1)</script>", "Compiling Things"])
    expect(ended.first).to_contain_text("Ended")
    expect(page.locator(".card.past", has_text="Morning Talk")).to_have_count(0)  # running, not ended
    background = ended.first.evaluate("(e) => getComputedStyle(e).backgroundColor")
    live = page.locator(".card.live").first.evaluate("(e) => getComputedStyle(e).backgroundColor")
    assert background != live  # dimmed: drawn apart from the sessions still to come
    page.get_by_role("button", name="Hide ended sessions").click()
    expect(page.locator(".card.past")).to_have_count(0)
    page.context.close()


@pytest.mark.parametrize("viewport", PHONES, ids=["360", "390"])
def test_jump_to_now_stays_reachable_and_brings_the_current_slot_back(
    browser, make_server, tmp_path, viewport
) -> None:
    doc = day_doc()
    for i in range(12):  # a long afternoon, so the list scrolls far from "now"
        doc["sessions"].append(
            session(
                f"pm{i:04d}",
                f"Afternoon talk {i}",
                f"2026-04-07T{15 + i // 2}:{'00' if i % 2 == 0 else '30'}:00+02:00",
                f"2026-04-07T{15 + i // 2}:{'25' if i % 2 == 0 else '55'}:00+02:00",
            )
        )
    server = day_server(make_server, tmp_path, doc)
    page = phone(browser, viewport, DURING)
    page.goto(server.url + "/")
    expect(page.locator("#now-line")).to_be_visible()
    jump = page.get_by_role("button", name="Jump to now")
    expect(jump).to_be_hidden()  # the line is on screen: nothing to jump to, nothing covered
    page.evaluate("() => window.scrollTo(0, document.scrollingElement.scrollHeight)")
    expect(jump).to_be_visible()
    assert in_view(page, jump)  # fixed: on screen wherever the list is
    assert not in_view(page, page.locator(".slot.current .slothead"))
    # At the end of the list it covers no star and no title (the page leaves room below).
    jbox = jump.bounding_box()
    for target in page.locator(".card .star, .card h3").all()[-6:]:
        box = target.bounding_box()
        overlap = not (
            box["x"] + box["width"] <= jbox["x"]
            or jbox["x"] + jbox["width"] <= box["x"]
            or box["y"] + box["height"] <= jbox["y"]
            or jbox["y"] + jbox["height"] <= box["y"]
        )
        assert not overlap, target.text_content()
    jump.focus()  # keyboard: a real button
    page.keyboard.press("Enter")
    heading = page.locator(".slot.current .slothead")
    expect(heading).to_be_focused()
    assert page.evaluate("() => document.querySelector('.slot.current').getBoundingClientRect().top") >= 0
    assert in_view(page, heading)
    expect(jump).to_be_hidden()  # back at "now"
    page.context.close()


@pytest.mark.parametrize("viewport", PHONES, ids=["360", "390"])
def test_before_the_event_it_opens_on_day_one(browser, make_server, tmp_path, viewport) -> None:
    server = day_server(make_server, tmp_path)
    page = phone(browser, viewport, BEFORE)
    page.goto(server.url + "/")
    expect(page.locator("main h1")).to_have_text("Tuesday 7 April")
    expect(page.locator(".phase")).to_have_text("The event starts Tuesday 7 April.")
    expect(page.locator(".card").first).to_contain_text("Opening")
    expect(page.locator("#now-line")).to_have_count(0)
    expect(page.get_by_role("button", name="Jump to now")).to_be_hidden()
    page.context.close()


@pytest.mark.parametrize("viewport", PHONES, ids=["360", "390"])
def test_after_the_event_it_says_so_and_shows_the_whole_programme(
    browser, make_server, tmp_path, viewport
) -> None:
    server = day_server(make_server, tmp_path)
    page = phone(browser, viewport, AFTER)
    page.goto(server.url + "/")
    expect(page.locator(".phase")).to_have_text("The event is over: here is the whole programme.")
    expect(page.locator("main h1")).to_have_text("All days")
    expect(page.locator(".count")).to_have_text(f"{len(day_doc()['sessions'])} sessions")
    expect(page.locator(".card.past")).to_have_count(0)  # nothing folded or dimmed: it is all past
    expect(page.get_by_role("button", name="Jump to now")).to_be_hidden()
    page.context.close()


def test_once_today_is_over_it_opens_on_the_next_day(browser, make_server, tmp_path) -> None:
    server = day_server(make_server, tmp_path)
    evening = datetime(2026, 4, 7, 18, 0, tzinfo=UTC)  # 20:00 CEST, everything of the 7th ended
    page = phone(browser, PHONES[0], evening)
    page.goto(server.url + "/")
    expect(page.locator("main h1")).to_have_text("Wednesday 8 April")
    expect(page.locator(".card h3")).to_have_text(["Day Two Keynote"])
    page.get_by_role("link", name="Tue 7 Apr").click()  # the day that ended: all folded, the line last
    expect(page.get_by_role("button", name="Show 7 earlier sessions")).to_be_visible()
    page.context.close()


@pytest.mark.parametrize(
    "written", ["2026-04-07T10:20+02:00", "2026-04-07T10:20%2B02:00"], ids=["plus", "escaped"]
)
def test_a_pinned_time_in_the_address_is_read_as_written_with_a_plus(
    browser, make_server, tmp_path, written
) -> None:
    server = day_server(make_server, tmp_path)
    page = phone(browser, PHONES[0], BEFORE)  # the page's own clock is days away
    page.goto(f"{server.url}/?now={written}")
    expect(page.locator("#now-line")).to_contain_text("Now · 10:20")
    expect(page.locator("#toasts")).not_to_contain_text("could not be read")
    page.context.close()


def test_a_pinned_time_that_cannot_be_read_says_so_and_keeps_the_real_time(
    browser, make_server, tmp_path
) -> None:
    server = day_server(make_server, tmp_path)
    page = phone(browser, PHONES[0], DURING)
    page.goto(f"{server.url}/?now=7 April 10:20")
    expect(page.locator("#toasts")).to_contain_text("could not be read")
    expect(page.locator("#now-line")).to_contain_text("Now · 10:20")  # the page's clock, not the pin
    page.context.close()
