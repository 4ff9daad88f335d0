"""The schedule's filter panel builds its fields (a checkbox per room and track: a hundred or
more at a congress) when it opens, not with the first screen; what it shows then and what the
address keeps are as they were when the fields were always there."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import expect

from tests.harness import MINI
from tests.harness.browser import PHONE, before_the_event
from tests.harness.net import wait_for
from tests.harness.tracks import NOW, load

PANEL = ".find > details"


def test_a_closed_panel_has_its_fields_once_it_opens(page, congress_server, congress_schedule) -> None:
    doc = load(congress_schedule)
    page.goto(f"{congress_server.url}/?{NOW}")
    expect(page.locator(".results .card").first).to_be_visible()
    expect(page.locator(f"{PANEL} .fields > *")).to_have_count(0)
    page.locator(f"{PANEL} > summary").click()
    expect(page.locator('[data-pick="room"] input')).to_have_count(len(doc["rooms"]))
    expect(page.locator('[data-pick="track"] input')).to_have_count(len(doc["tracks"]))
    expect(page.locator(f"{PANEL} input:checked")).to_have_count(0)


def test_a_search_typed_before_the_panel_opens_stays_with_the_filter_ticked_after(
    page, congress_server, congress_schedule
) -> None:
    doc = load(congress_schedule)
    room = doc["rooms"][0]
    page.goto(f"{congress_server.url}/?{NOW}")
    page.get_by_label("Search titles, descriptions, speakers").fill("rust")
    page.wait_for_url(re.compile(r"q=rust"))
    page.locator(f"{PANEL} > summary").click()
    rooms = page.locator('[data-pick="room"]')
    rooms.locator("summary").click()
    rooms.get_by_role("checkbox", name=room["name"], exact=True).check()
    page.wait_for_url(re.compile(r"room="))
    query = parse_qs(urlsplit(page.url).query)
    assert query["q"] == ["rust"] and query["room"] == [room["id"]]
    # Opened from the address, the panel is drawn open with the room ticked.
    page.reload()
    expect(page.locator(PANEL)).to_have_attribute("open", "")
    checked = page.locator(f"{PANEL} input:checked")
    expect(checked).to_have_count(1)
    assert checked.evaluate("(i) => i.name + ':' + i.value") == f"room:{room['id']}"


def test_the_panel_of_a_page_the_texts_drew_again_has_its_fields_when_it_opens(browser, live_server) -> None:
    # A search being typed has the texts draw the schedule again: the fresh drawing's panel,
    # closed and empty, is the one in the page, and opening it builds its fields.
    context = browser.new_context(viewport=PHONE, service_workers="block")
    before_the_event(context)
    page = context.new_page()
    held = []

    def hold(route) -> None:
        held.append(route)

    page.route("**/api/v1/texts.json", hold)
    page.goto(live_server.url + "/?day=all")
    expect(page.locator(".card")).to_have_count(3)
    wait_for(lambda: page.evaluate("true") and held, timeout=15)
    page.get_by_label("Search titles, descriptions, speakers").fill("welcome")
    page.evaluate("() => { document.querySelector('form.find').dataset.before = '1'; }")
    held[0].continue_()
    expect(page.locator(".card h3")).to_have_text(["Opening <script>alert(1)</script>"])
    expect(page.locator("form.find:not([data-before])")).to_have_count(1)  # drawn again
    expect(page.locator(f"{PANEL} .fields > *")).to_have_count(0)
    page.locator(f"{PANEL} > summary").click()
    rooms = page.locator('[data-pick="room"] input')
    expect(rooms).to_have_count(len(load(MINI)["rooms"]))
    page.locator('[data-pick="room"] > summary').click()
    rooms.first.check()
    page.wait_for_url(re.compile(r"room="))
    assert parse_qs(urlsplit(page.url).query)["q"] == ["welcome"]
    context.close()
