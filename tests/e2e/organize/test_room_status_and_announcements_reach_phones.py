"""Room status and announcements: set in the console, on the attendee's phone after one poll
(two browser contexts), through the same versioned feed as corrections."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.harness.browser import PHONE
from tests.harness.organizers import ENV, attendee, published, sign_in
from tests.harness.schedules import today_schedule


def watched(pair):
    """An attendee's (context, page) whose requests are counted from now on."""
    page = pair[1]
    page.asked = []
    page.on("request", lambda request: page.asked.append(request.url))
    return pair


def outline_requests(*pages) -> int:
    """How often the attendees' pages asked for the schedule document (the organizer's console
    fetches it too, so the server's log would not tell)."""
    return sum(
        url.endswith("/outline.json") or "/outline.json?" in url for page in pages for url in page.asked
    )


def test_room_full_reaches_the_room_page_and_now_after_one_poll(browser, make_server, tmp_path) -> None:
    server = make_server(today_schedule(tmp_path), env=ENV)
    room_context, room_page = watched(attendee(browser, server, "/room/main"))
    now_context, now_page = watched(attendee(browser, server, "/now"))
    expect(room_page.locator(".room-status")).to_have_count(0)
    org_context = browser.new_context(viewport=PHONE)
    org = org_context.new_page()
    sign_in(org, server, path="/organize/rooms")
    card = org.get_by_role("form", name="Main Room")
    card.get_by_role("radio", name="Room full").check()
    card.get_by_label("Note for attendees (optional)").fill("overflow in Side Room")
    card.get_by_role("button", name="Set Main Room").click()
    expect(card.get_by_text("Published as version")).to_be_visible()
    assert [c["kind"] for c in published(server)] == ["room_status"]

    # No reload: the pages opened before take it from their next check, from the feed itself.
    outlines = outline_requests(room_page, now_page)
    now_outlines = outline_requests(now_page)
    expect(room_page.locator("p.room-status")).to_have_text("Room full: overflow in Side Room", timeout=15000)
    expect(room_page.locator('[data-session="onnow"] .room-status')).to_have_text("Room full")
    column = now_page.locator("li.nowrow", has=now_page.get_by_role("heading", name="Main Room"))
    expect(column.locator("p.room-status")).to_contain_text("Room full", timeout=15000)
    expect(now_page.locator('[data-session="onnow"] .room-status')).to_have_text("Room full")
    # Only the session on now in that room carries it.
    expect(now_page.locator('[data-session="sidenow"] .room-status')).to_have_count(0)
    assert outline_requests(room_page, now_page) == outlines  # the document was not fetched again for it
    room_page.goto(server.url + "/map")
    expect(room_page.locator('[data-room="main"] .room-status')).to_contain_text("Room full")

    # Open again: the status goes away.
    card.get_by_role("radio", name="Room open").check()
    card.get_by_label("Note for attendees (optional)").fill("")
    card.get_by_role("button", name="Set Main Room").click()
    expect(now_page.locator('[data-session="onnow"] .room-status')).to_have_count(0, timeout=15000)
    assert outline_requests(now_page) == now_outlines  # nor for the status withdrawn
    for context in (room_context, now_context, org_context):
        context.close()


def test_announcement_shows_once_as_a_banner_is_listed_on_changes_and_can_be_withdrawn(
    browser, make_server, tmp_path
) -> None:
    server = make_server(today_schedule(tmp_path), env=ENV)
    phone_context, phone = watched(attendee(browser, server, "/?day=all"))
    org_context = browser.new_context(viewport=PHONE)
    org = org_context.new_page()
    sign_in(org, server, path="/organize/announce")
    org.get_by_label("Message (shown once to everyone, listed on Changes)").fill("Lunch is in Hall B today")
    org.get_by_label("About a session (optional)").select_option("onnow")
    org.get_by_role("button", name="Publish the announcement").click()
    expect(org.get_by_text("Published as version")).to_be_visible()

    banner = phone.locator("#announce-banner")
    outlines = outline_requests(phone)
    expect(banner).to_contain_text("Lunch is in Hall B today", timeout=15000)
    assert outline_requests(phone) == outlines  # taken from the feed, not from the document
    expect(banner.get_by_role("link", name="Packed Keynote")).to_be_visible()
    banner.get_by_role("button", name="Dismiss the announcement").click()
    expect(banner).to_be_hidden()
    phone.reload()
    expect(phone.locator("main h1")).to_be_visible()
    expect(phone.locator("[data-freshness]").first).to_contain_text("Up to date", timeout=15000)
    expect(phone.locator("#announce-banner")).to_be_hidden()  # once
    phone.goto(server.url + "/changes?poll=1")
    listed = phone.locator(".announcements li")
    expect(listed).to_have_count(1)
    expect(listed).to_contain_text("Lunch is in Hall B today")

    expect(org.locator(".announcements li")).to_contain_text("Lunch is in Hall B today", timeout=15000)
    org.get_by_role("button", name="Withdraw").click()
    expect(org.locator(".announcements li")).to_have_count(0, timeout=15000)
    expect(phone.locator(".announcements li")).to_have_count(0, timeout=15000)
    kinds = [c["kind"] for c in published(server)]
    assert kinds == ["announce", "revert"]
    phone_context.close()
    org_context.close()
