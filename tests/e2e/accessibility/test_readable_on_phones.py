"""Issue 14, "Readable by everyone" and "The session page and navigation", on 360 x 740 and
390 x 844 phones with the clock inside the event: the nav, tap targets, the whole card, the
session page's order, bios, cancelled sessions, map labels."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.harness.browser import PHONES, goto_drawn, phone
from tests.harness.schedules import shipped, shipped_doc

SCHEDULE = shipped_doc()
pytestmark = pytest.mark.parametrize("viewport", PHONES, ids=lambda v: f"{v['width']}x{v['height']}")
BOX = "(e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom, innerWidth]; }"


@pytest.fixture
def server(make_server):
    return shipped(make_server)


def test_every_main_place_is_one_or_two_taps_away_and_no_tab_is_cut(browser, server, viewport) -> None:
    page = phone(browser, viewport)
    page.goto(server.url + "/")
    tabs = page.locator("nav.tabs > a, nav.tabs > details > summary")
    expect(tabs).to_have_text(["Schedule", "Now", "Rooms", "My schedule", "More"])
    boxes = [tabs.nth(i).evaluate(BOX) for i in range(tabs.count())]
    assert len({round(b[1]) for b in boxes}) == 1, "the tabs wrap at this width"
    assert all(b[0] >= 0 and b[2] <= b[4] and b[2] - b[0] >= 44 and b[3] - b[1] >= 44 for b in boxes), boxes
    page.get_by_text("More", exact=True).click()
    menu = page.locator("#more-menu .menu a")
    entries = [
        "Map",
        "Tracks",
        "Speakers",
        "Scan a code",
        "Share my schedule",
        "Changes",
        "Door signs (organizers)",
    ]
    entries += ["English", "Deutsch", "Español", "Français"]  # the language switch, each in its own words
    expect(menu).to_have_text(entries)
    assert page.locator("#more-menu .menu a", has_text="Door signs").get_attribute("href") == "/print"
    for i in range(menu.count()):
        left, top, right, bottom, width = menu.nth(i).evaluate(BOX)
        assert left >= 0 and right <= width and bottom - top >= 44
    menu.filter(has_text="Map").click()
    expect(page.locator("main h1")).to_have_text("Map")
    expect(page.locator("#more-menu")).not_to_have_attribute("open", "")
    expect(page.locator("#more-menu summary")).to_have_class(re.compile(r"\bhere\b"))  # "you are in More"
    page.get_by_role("link", name="My schedule", exact=True).click()
    expect(page.locator("main h1")).to_have_text("My schedule")  # the tab and the page say the same
    page.get_by_text("More", exact=True).click()
    page.keyboard.press("Escape")
    expect(page.locator("#more-menu")).not_to_have_attribute("open", "")
    page.context.close()


def test_the_whole_card_opens_its_session_and_its_star_only_stars(browser, server, viewport) -> None:
    page = phone(browser, viewport)
    goto_drawn(page, server.url + "/")  # the card measured is the app's, not the server's it replaces
    card = page.locator(".card").first
    sid = card.get_attribute("data-session")
    box = card.locator(".facts").bounding_box()
    page.mouse.click(box["x"] + 4, box["y"] + box["height"] / 2)  # the room chip, far from the title
    expect(page).to_have_url(re.compile(f"/session/{sid}$"))
    page.go_back()
    star = page.locator(".card").first.locator(".star")
    star.click()
    expect(star).to_have_attribute("aria-pressed", "true")
    assert page.url == server.url + "/"
    page.context.close()


def test_primary_controls_are_at_least_44_px(browser, server, viewport) -> None:
    page = phone(browser, viewport)
    sid = SCHEDULE["sessions"][0]["id"]
    small = []
    for path, selector in [
        ("/", "button.star, .days a, #tz-toggle, #changes-bell, input[type=search], select, .find summary"),
        (f"/session/{sid}", ".actions .star, .where-link a, .person h3 a, .more-link a, .session-qr summary"),
        ("/rooms", ".chips a"),
    ]:
        page.goto(server.url + path)
        expect(page.locator("main h1")).to_be_visible()
        if path == "/":
            page.locator(".find > details > summary").click()
            expect(page.locator("#f-level")).to_be_visible()  # the fields, built as it opens
        for el in page.locator(selector).all():
            left, top, right, bottom, _ = el.evaluate(BOX)
            if right - left < 44 or bottom - top < 44:
                html = el.evaluate("e => e.outerHTML.slice(0, 60)")
                small.append((path, html, round(right - left), round(bottom - top)))
    assert small == []
    page.context.close()


def test_session_page_reads_room_time_speakers_then_abstract(browser, server, viewport) -> None:
    page = phone(browser, viewport)
    s = next(x for x in SCHEDULE["sessions"] if x["speakers"] and x["description"])
    page.goto(server.url + f"/session/{s['id']}")
    # The abstract comes with the texts document, after the first draw: measure once it is there,
    # and all at once, so that no box is read from a page drawn again between two reads.
    expect(page.locator(".detail section.text p").first).to_be_visible()
    order = [".detail .where-link", ".detail .when.big", ".detail .session-qr", "#who", "#about"]
    tops = page.evaluate(
        "(order) => order.map((sel) => document.querySelector(sel).getBoundingClientRect().top)", order
    )
    assert tops == sorted(tops), dict(zip(order, tops, strict=True))
    # The QR code is on the first screen, not after the abstract.
    assert tops[2] < viewport["height"]
    where = page.locator(".where-link a")
    assert where.get_attribute("href") == f"/room/{s['room']}"
    expect(page.locator(".person .sub").first).to_be_visible()  # role and company
    where.click()
    room = next(r["name"] for r in SCHEDULE["rooms"] if r["id"] == s["room"])
    expect(page.locator("main h1")).to_have_text(room)
    page.context.close()


def test_star_hint_follows_the_star(browser, server, viewport) -> None:
    page = phone(browser, viewport)
    page.goto(server.url + f"/session/{SCHEDULE['sessions'][0]['id']}")
    hint = page.locator(".actions .hint")
    expect(hint).to_have_text("Star it to add it to My schedule.")
    page.locator(".actions .star").click()
    expect(hint).to_contain_text("Starred: it is in My schedule")
    page.locator(".actions .star").click()
    expect(hint).to_have_text("Star it to add it to My schedule.")
    page.context.close()


def test_a_cut_bio_is_all_there_on_the_speaker_page_and_says_it_was_cut(browser, server, viewport) -> None:
    person = next(p for p in SCHEDULE["speakers"] if p["bio_truncated"])
    page = phone(browser, viewport)
    page.goto(server.url + f"/speaker/{person['id']}")
    bio = page.locator(".detail .bio")
    expect(bio).to_be_visible()
    shown = bio.evaluate("e => e.innerText")
    assert shown.split() == person["bio"].split()  # every word (in paragraphs), no "…"
    assert bio.evaluate("e => e.scrollHeight <= e.clientHeight + 1")  # not clamped here
    expect(page.locator(".detail .note")).to_contain_text("shortened this bio")
    page.context.close()


def test_map_labels_are_readable_on_a_phone(browser, server, viewport) -> None:
    page = phone(browser, viewport)
    page.goto(server.url + "/map")
    page.wait_for_selector("svg.floor[data-ready]")
    sizes = page.evaluate(
        """() => [...document.querySelectorAll("svg.floor text.rlabel")].map(t =>
             parseFloat(t.getAttribute("font-size")) * t.ownerSVGElement.getScreenCTM().a)"""
    )
    assert sizes and min(sizes) >= 12, sizes  # was about 9 px
    page.context.close()
