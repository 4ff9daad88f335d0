"""Stars live on the device: a damaged value never breaks the app (it says what it ignored),
a full storage is reported, a starred session that left the schedule is shown as removed,
and My schedule marks clashes and gaps."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.harness.browser import goto_drawn
from tests.harness.schedules import mini, session, write

KEY = "hallway.stars.v1"


def seed(page, url: str, raw: str) -> None:
    page.goto(url + "/")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, raw])


def test_damaged_stars_value_is_ignored_and_said(page, live_server) -> None:
    seed(page, live_server.url, '{"not": json')
    page.goto(live_server.url + "/my")
    expect(page.locator(".toast")).to_contain_text("saved stars were damaged and were ignored")
    expect(page.locator("main")).to_contain_text("Nothing starred yet")
    assert page.evaluate("(k) => localStorage.getItem(k + '.damaged')", KEY) == '{"not": json'
    page.goto(live_server.url + "/")
    page.get_by_role("button", name="Star: Compiling Things").click()
    stored = json.loads(page.evaluate("(k) => localStorage.getItem(k)", KEY))
    assert [s["id"] for s in stored] == ["k9x8y7"]


def test_invalid_entries_are_dropped_and_the_rest_kept(page, live_server) -> None:
    seed(page, live_server.url, json.dumps(["k9x8y7", 42, {"id": "../etc"}, None, {"id": "s1a2b3"}]))
    page.goto(live_server.url + "/my")
    expect(page.locator(".toast")).to_contain_text("Ignored 3 saved stars")
    expect(page.locator(".card h3")).to_have_count(2)


def test_starred_session_removed_from_the_schedule_is_shown_as_removed(page, live_server) -> None:
    seed(page, live_server.url, json.dumps([{"id": "gone42", "title": "An Old <i>Talk</i>"}, "q4w5e6"]))
    page.goto(live_server.url + "/my")
    removed = page.locator(".removed")
    expect(removed).to_contain_text("An Old <i>Talk</i> (removed)")
    expect(page.locator(".card h3")).to_have_text(["Day Two Keynote"])
    removed.get_by_role("button", name="Unstar").click()
    expect(page.locator(".removed")).to_have_count(0)
    assert [s["id"] for s in json.loads(page.evaluate("(k) => localStorage.getItem(k)", KEY))] == ["q4w5e6"]


def test_full_storage_is_reported_and_the_star_still_shows(page, live_server) -> None:
    page.add_init_script(
        """Storage.prototype.setItem = function () {
             throw new DOMException("full", "QuotaExceededError");
           };"""
    )
    page.goto(live_server.url + "/")
    star = page.get_by_role("button", name="Star: Compiling Things")
    star.click()
    expect(page.locator(".toast")).to_contain_text("storage is full")
    expect(star).to_have_attribute("aria-pressed", "true")


def test_stars_survive_a_reload(page, live_server) -> None:
    page.goto(live_server.url + "/session/q4w5e6")
    page.get_by_role("button", name="Star: Day Two Keynote").click()
    page.reload()
    expect(page.get_by_role("button", name="Star: Day Two Keynote")).to_have_attribute("aria-pressed", "true")


def test_my_schedule_marks_clashes_and_gaps(page, make_server, tmp_path) -> None:
    doc = mini()
    late = session("late1", "Late Talk", "2026-04-07T11:00:00+02:00", "2026-04-07T11:30:00+02:00")
    doc["sessions"].append(late)
    server = make_server(schedule=write(doc, tmp_path))
    seed(page, server.url, json.dumps(["late1", "k9x8y7", "s1a2b3", "q4w5e6"]))
    page.goto(server.url + "/my")
    expect(page.locator(".card h3")).to_have_text(
        ["Opening <script>alert(1)</script>", "Compiling Things", "Late Talk", "Day Two Keynote"]
    )
    expect(page.locator(".card.clash")).to_have_count(2)
    expect(page.locator(".card.clash").first).to_contain_text("Clashes with “Compiling Things”")
    expect(page.locator(".gap")).to_have_text(["Free for 1 h 30 min"])
    expect(page.locator(".dayhead")).to_have_text(["Tuesday 7 April", "Wednesday 8 April"])


def test_stars_survive_a_schedule_update_that_renames_and_removes(page, live_server) -> None:
    seed(page, live_server.url, json.dumps([]))
    page.goto(live_server.url + "/")
    page.get_by_role("button", name="Star: Compiling Things").click()
    page.get_by_role("button", name="Star: Opening <script>alert(1)</script>").click()

    doc = mini()
    doc["sessions"] = [s for s in doc["sessions"] if s["id"] != "k9x8y7"]
    doc["sessions"][0]["title"] = "Opening, renamed"
    write(doc, live_server.data_dir)

    page.goto(live_server.url + "/my")
    expect(page.locator(".card h3")).to_have_text(["Opening, renamed"])
    expect(page.locator(".removed")).to_contain_text("Compiling Things (removed)")


def test_first_star_asks_for_persistent_storage(page, live_server) -> None:
    page.add_init_script(
        """window.__persistAsked = 0;
           navigator.storage.persist = () => { window.__persistAsked += 1; return Promise.resolve(true); };"""
    )
    page.goto(live_server.url + "/")
    page.get_by_role("button", name="Star: Compiling Things").click()
    page.get_by_role("button", name="Star: Compiling Things").click()
    assert page.evaluate("() => window.__persistAsked") == 1


def test_a_star_can_be_toggled_from_the_keyboard(page, live_server) -> None:
    # The app's own page: in run 77, Enter after a Space pressed on the server's drawing left the
    # star on. The takeover keeps the focus (test_the_focus_stays_where_the_reader_put_it_on_the_
    # servers_drawing.py), so the cause is not known; the keys are pressed once the app drew.
    goto_drawn(page, live_server.url + "/session/k9x8y7")
    star = page.get_by_role("button", name="Star: Compiling Things")
    star.focus()
    page.keyboard.press("Space")
    expect(star).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Enter")
    expect(star).to_have_attribute("aria-pressed", "false")


def test_stars_made_in_two_tabs_are_both_kept_and_each_tab_shows_both(context, live_server) -> None:
    first, second = context.new_page(), context.new_page()
    for tab in (first, second):  # both open before either stars anything
        tab.goto(live_server.url + "/")
        expect(tab.get_by_role("button", name="Star: Compiling Things")).to_be_visible()
    first.get_by_role("button", name="Star: Compiling Things").click()
    second.get_by_role("button", name="Star: Day Two Keynote").click()
    # The second tab's save did not erase the first tab's star, and each tab shows both.
    stored = json.loads(second.evaluate("(k) => localStorage.getItem(k)", KEY))
    assert sorted(s["id"] for s in stored) == ["k9x8y7", "q4w5e6"]
    for tab in (first, second):
        expect(tab.get_by_role("button", name="Star: Compiling Things")).to_have_attribute(
            "aria-pressed", "true"
        )
        expect(tab.get_by_role("button", name="Star: Day Two Keynote")).to_have_attribute(
            "aria-pressed", "true"
        )
    # An unstar in one tab is not undone by the other's next star.
    first.get_by_role("button", name="Star: Compiling Things").click()
    second.get_by_role("button", name="Star: Day Two Keynote").click()
    assert json.loads(first.evaluate("(k) => localStorage.getItem(k)", KEY)) == []
    first.goto(live_server.url + "/my")
    expect(first.locator("main")).to_contain_text("Nothing starred yet")
