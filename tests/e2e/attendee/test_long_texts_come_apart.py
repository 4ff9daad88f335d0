"""The long texts come apart from the schedule (issue 17): the app renders from
/api/v1/outline.json, then merges /api/v1/texts.json. Descriptions and bios still show, are
searched, are kept for offline use, and a correction's description is never undone by an
older texts document."""

from __future__ import annotations

import json
import urllib.request

from playwright.sync_api import expect

from tests.harness.browser import PHONE, before_the_event, wait_controlled
from tests.harness.net import wait_for
from tests.harness.organizers import ADA
from tests.harness.organizers import ENV as ORGANIZERS
from tests.harness.publish import WRITABLE

KEPT_TEXTS = """() => caches.open('hallway-data').then((c) => c.match('/api/v1/schedule.json'))
  .then((r) => (r ? r.json() : null)).then((doc) => (doc && doc.texts ? doc.texts.version : null))"""


def kept_texts_version(page) -> int | None:
    return page.evaluate(KEPT_TEXTS)


def test_first_visit_shows_the_schedule_then_descriptions_from_the_texts(page, live_server) -> None:
    before_the_event(page)
    page.goto(live_server.url + "/?day=all")
    expect(page.locator(".card")).to_have_count(3)
    page.get_by_role("link", name="Compiling Things").first.click()
    expect(page.locator("h1")).to_have_text("Compiling Things")
    expect(page.locator(".detail")).to_contain_text("Short.")
    page.goto(live_server.url + "/session/s1a2b3")
    paragraphs = page.locator(".detail .text p")
    expect(paragraphs).to_have_count(2)
    expect(paragraphs.first).to_have_text("Welcome <b>all</b>.")  # text, never markup
    requests = live_server.requests()
    assert "/api/v1/outline.json" in requests and "/api/v1/texts.json" in requests
    assert "/api/v1/schedule.json" not in requests  # the whole document is for other readers


def test_search_finds_a_word_only_a_description_holds(page, live_server) -> None:
    before_the_event(page)
    page.goto(live_server.url + "/?day=all&q=welcome")
    # Found once the texts are in: the list follows them without a reload.
    expect(page.locator(".card h3")).to_have_text(["Opening <script>alert(1)</script>"])


def hold_texts(page) -> list:
    """The page's texts requests, held until the test answers them (a slow network). Needs
    no worker in the context: a worker's own requests are not the page's to hold."""
    held = []

    def hold(route) -> None:
        held.append(route)

    page.route("**/api/v1/texts.json", hold)
    return held


def _held_texts(browser, live_server):
    """A first visit to the whole programme whose texts request waits for the test."""
    context = browser.new_context(viewport=PHONE, service_workers="block")
    before_the_event(context)
    page = context.new_page()
    held = hold_texts(page)
    page.goto(live_server.url + "/?day=all")
    expect(page.locator(".card")).to_have_count(3)
    # page.evaluate lets Playwright hand the request to `hold`
    wait_for(lambda: page.evaluate("true") and held, timeout=15)
    return context, page, held[0]


def test_a_search_typed_after_the_texts_came_looks_in_them(browser, live_server) -> None:
    # The schedule view searches the document it finds when the reader types, not the one it
    # was drawn from before the texts were merged.
    context, page, texts = _held_texts(browser, live_server)
    texts.continue_()
    wait_kept_description(page, "s1a2b3", ["Welcome <b>all</b>.", "See https://example.org/x for more."])
    page.get_by_label("Search titles, descriptions, speakers").fill("welcome")
    expect(page.locator(".card h3")).to_have_text(["Opening <script>alert(1)</script>"])
    context.close()


def test_a_search_being_typed_when_the_texts_come_is_run_again(browser, live_server) -> None:
    # Not yet in the address (that waits for a pause in typing), the search is still redone.
    context, page, texts = _held_texts(browser, live_server)
    page.get_by_label("Search titles, descriptions, speakers").fill("welcome")
    expect(page.locator(".count")).to_have_text("0 sessions")  # the texts are not in yet
    texts.continue_()
    expect(page.locator(".card h3")).to_have_text(["Opening <script>alert(1)</script>"])
    context.close()


def _star_focused_before_the_texts(browser, live_server):
    """A session's star with the keyboard's focus, on a first visit whose texts request waits
    for the test."""
    context = browser.new_context(viewport=PHONE, service_workers="block")
    page = context.new_page()
    held = hold_texts(page)
    page.goto(live_server.url + "/session/s1a2b3")
    star = page.get_by_role("button", name="Star: Opening <script>alert(1)</script>")
    star.focus()
    wait_for(lambda: page.evaluate("true") and held, timeout=15)
    return context, page, star, held[0]


def test_the_focus_stays_on_its_control_when_the_texts_redraw_a_session(browser, live_server) -> None:
    # A keyboard reader on a session's star when its description comes keeps their place.
    context, page, star, texts = _star_focused_before_the_texts(browser, live_server)
    texts.continue_()
    expect(page.locator(".detail .text p").first).to_have_text("Welcome <b>all</b>.")  # drawn again
    expect(star).to_be_focused()
    page.keyboard.press("Space")
    expect(star).to_have_attribute("aria-pressed", "true")
    context.close()


def test_a_key_held_on_a_star_when_the_texts_come_still_presses_it(browser, live_server) -> None:
    # A button is pressed by Space going down and then up on the same element: the texts
    # arriving in between must not swap the star for a copy, or the press is lost.
    context, page, star, texts = _star_focused_before_the_texts(browser, live_server)
    page.keyboard.down("Space")
    texts.continue_()
    expect(page.locator(".detail .text p").first).to_have_text("Welcome <b>all</b>.")
    page.keyboard.up("Space")
    expect(star).to_have_attribute("aria-pressed", "true")
    context.close()


def test_descriptions_and_bios_show_offline_after_one_visit(profile, live_server) -> None:
    page = profile.new_page()
    before_the_event(page)
    page.goto(live_server.url + "/")
    expect(page.locator(".card").first).to_be_visible()
    wait_controlled(page)
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")  # controlled: it is
    expect(page.locator("[data-freshness]").first).to_contain_text("Up to date", timeout=10000)
    version = json.loads(urllib.request.urlopen(live_server.url + "/api/v1/texts.json").read())["version"]
    assert kept_texts_version(page) == version
    live_server.stop()

    response = page.goto(live_server.url + "/session/s1a2b3")
    assert response is not None and response.from_service_worker
    expect(page.locator(".detail .text p")).to_have_count(2)
    other = profile.new_page()
    other.goto(live_server.url + "/speaker/ada-lovelace")
    expect(other.locator(".bio")).to_have_text("Wrote the first program.")

    # A cold start: the browser closed and opened again, still without the server.
    profile.reopen()
    cold = profile.new_page()
    cold.goto(live_server.url + "/speaker/alan-turing")
    expect(cold.locator("h1")).to_have_text("Alan Turing")
    expect(cold.locator(".bio")).to_contain_text("Broke codes and")


KEPT_DESCRIPTION = """(sid) => caches.open('hallway-data').then((c) => c.match('/api/v1/schedule.json'))
  .then((r) => (r ? r.json() : null))
  .then((doc) => (doc ? (doc.sessions.find((s) => s.id === sid) || {}).description || null : null))"""


def wait_kept_description(page, sid: str, wanted: list[str]) -> None:
    """Until the device's kept copy holds `wanted` as the description of `sid`."""
    wait_for(lambda: page.evaluate(KEPT_DESCRIPTION, sid) == wanted, timeout=15)


def test_a_corrected_description_shows_and_older_texts_do_not_undo_it(browser, make_server) -> None:
    server = make_server(env=WRITABLE)
    old = json.loads(urllib.request.urlopen(server.url + "/api/v1/texts.json").read())
    assert "q4w5e6" not in old["descriptions"]  # the keynote has no description yet
    # No worker here, so the page's own requests can be held by the test: the texts document
    # asked for before the correction arrives after it (a slow network), with a marker in
    # another session's description that shows when the app has merged it.
    context = browser.new_context(viewport=PHONE, service_workers="block")
    before_the_event(context)
    page = context.new_page()
    held = hold_texts(page)
    page.goto(server.url + "/session/q4w5e6?poll=1")
    expect(page.locator("h1")).to_have_text("Day Two Keynote")
    expect(page.locator("[data-freshness]").first).to_contain_text("Up to date", timeout=10000)
    server.publish({"kind": "edit", "session": "q4w5e6", "description": ["Brand new words."]})
    expect(page.locator(".detail")).to_contain_text("Brand new words.")
    assert len(held) == 1  # the correction itself brought the text: no second texts request

    marker = ["Marker of the older texts."]
    older = {**old, "descriptions": {**old["descriptions"], "s1a2b3": marker}}
    held[0].fulfill(status=200, body=json.dumps(older), content_type="application/json")
    wait_kept_description(page, "s1a2b3", marker)
    assert page.evaluate(KEPT_DESCRIPTION, "q4w5e6") == ["Brand new words."]
    expect(page.locator(".detail")).to_contain_text("Brand new words.")

    # Opened again: the kept copy holds both, and nothing asks for the texts again.
    page.unroute("**/api/v1/texts.json")
    page.reload()
    expect(page.locator(".detail")).to_contain_text("Brand new words.")
    page.goto(server.url + "/session/s1a2b3")
    expect(page.locator(".detail .text p")).to_have_text(marker)
    context.close()


def test_the_organizers_edit_form_waits_for_the_description_it_would_replace(browser, make_server) -> None:
    server = make_server(env=ORGANIZERS)
    context = browser.new_context(viewport=PHONE, service_workers="block")
    page = context.new_page()
    held = hold_texts(page)  # a slow network: the texts have not come yet
    page.goto(server.url + "/organize")
    page.get_by_label("Organizer token").fill(ADA)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_text("Signed in as")).to_be_visible()
    page.goto(server.url + "/organize/correct?session=s1a2b3")
    page.get_by_label("Edit title, speakers, description").check()
    box = page.get_by_label("Description (a blank line between paragraphs)")
    expect(box).to_be_disabled()  # unknown, not empty: an edit must not replace what it never showed
    expect(page.locator(".chosen-form")).to_contain_text("still loading")
    assert held

    held[-1].continue_()  # the texts come: the form fills in where it is
    expect(box).to_be_enabled()
    expect(box).to_have_value("Welcome <b>all</b>.\n\nSee https://example.org/x for more.")
    expect(page.locator(".chosen-form")).not_to_contain_text("still loading")
    context.close()
