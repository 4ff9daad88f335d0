"""Each view shows what the issue asks for; filters live in the URL; time zone switch;
deep links load directly; an unknown id gets a clear "not found" (and a 404 status)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.harness.browser import goto_drawn
from tests.harness.schedules import mini, session, write
from webapp.views.pages import APP_ROUTES

NOW = "2026-04-07T09:20:00%2B02:00"


def test_filters_are_in_the_url_and_survive_a_reload(page, live_server) -> None:
    page.goto(live_server.url + "/?level=Intermediate&slides=1")
    expect(page.locator(".card h3")).to_have_text(["Compiling Things"])
    expect(page.get_by_label("Slides attached")).to_be_checked()
    page.reload()
    expect(page.locator(".card h3")).to_have_text(["Compiling Things"])

    page.goto(live_server.url + "/")
    page.get_by_label("Search titles, descriptions, speakers").press_sequentially("turing")
    expect(page.locator(".card h3")).to_have_text(["Compiling Things"])  # by speaker name
    expect(page).to_have_url(live_server.url + "/?q=turing")  # written once typing pauses
    page.get_by_label("Search titles, descriptions, speakers").fill("welcome")
    expect(page.locator(".card h3")).to_have_text(["Opening <script>alert(1)</script>"])  # description
    page.get_by_role("link", name="All days").click()
    expect(page.get_by_label("Search titles, descriptions, speakers")).to_have_value("welcome")
    expect(page.locator(".count")).to_have_text("1 session")


def test_filters_typed_just_before_following_a_link_are_kept_for_back(page, live_server) -> None:
    # The address follows the filters a moment after typing; a click must not outrun it. (The
    # app's, once it has taken over the server's drawing: before, a link is a plain link.)
    goto_drawn(page, live_server.url + "/")
    page.get_by_label("Search titles, descriptions, speakers").fill("turing")
    page.locator(".card h3 a", has_text="Compiling Things").click()
    expect(page.locator("h1")).to_have_text("Compiling Things")
    page.go_back()
    expect(page).to_have_url(live_server.url + "/?q=turing")
    expect(page.get_by_label("Search titles, descriptions, speakers")).to_have_value("turing")
    expect(page.locator(".card h3")).to_have_text(["Compiling Things"])


def test_a_card_shows_time_length_speakers_room_track_level_and_a_star(page, live_server) -> None:
    page.goto(live_server.url + "/")
    card = page.locator(".card", has_text="Compiling Things")
    for text in ("09:15", "10 min", "Alan Turing, Ada Lovelace", "Side Room", "Compilers", "Intermediate"):
        expect(card).to_contain_text(text)
    star = card.get_by_role("button", name="Star: Compiling Things")
    expect(star).to_have_attribute("aria-pressed", "false")


def test_times_switch_between_venue_and_device_zone(browser, live_server) -> None:
    context = browser.new_context(timezone_id="America/New_York")
    page = context.new_page()
    page.goto(live_server.url + "/session/k9x8y7")
    expect(page.locator(".when.big")).to_contain_text("09:15–09:25 CEST")
    toggle = page.locator("#tz-toggle")
    expect(toggle).to_have_text("Venue time · CEST")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".when.big")).to_contain_text("03:15–03:25 GMT-4")
    page.reload()
    expect(page.locator(".when.big")).to_contain_text("03:15–03:25 GMT-4")  # the choice is kept
    context.close()


def test_now_and_next_per_room_at_a_pinned_time(page, live_server) -> None:
    page.goto(live_server.url + f"/now?now={NOW}")  # ?now= pins clock.js (demos, links)
    main_room = page.locator(".nowrow", has=page.get_by_role("heading", name="Main Room"))
    side_room = page.locator(".nowrow", has=page.get_by_role("heading", name="Side Room"))
    expect(main_room.locator(".nowline.on a")).to_have_text("Opening <script>alert(1)</script>")
    expect(main_room.locator(".nowline.next")).to_contain_text("Day Two Keynote")
    expect(main_room.locator(".nowline.next")).to_contain_text("Wed 8 Apr, 10:00")
    expect(side_room.locator(".nowline.on a")).to_have_text("Compiling Things")
    expect(side_room).to_contain_text("Nothing more here")


def test_session_page_has_everything_and_its_neighbours(page, make_server, tmp_path) -> None:
    doc = mini()
    late = session("late1", "Late Talk", "2026-04-07T11:00:00+02:00", "2026-04-07T11:30:00+02:00")
    doc["sessions"].append(late)
    server = make_server(schedule=write(doc, tmp_path))
    page.goto(server.url + "/session/k9x8y7")
    detail = page.locator(".detail")
    facts = ("Tuesday 7 April", "Side Room", "Compilers", "Intermediate", "Lightning Talk", "Slides attached")
    for text in facts:
        expect(detail).to_contain_text(text)
    expect(page.locator(".person h3")).to_have_text(["Alan Turing", "Ada Lovelace"])
    expect(page.locator(".person").first).to_contain_text("Bletchley")
    expect(page.locator(".person").first).to_contain_text("Broke codes and")
    page.goto(server.url + "/session/s1a2b3")
    around = page.locator("section", has=page.get_by_role("heading", name="Also in Main Room"))
    expect(around.locator(".card h3")).to_have_text(["Late Talk"])
    expect(around).to_contain_text("After")


def test_links_navigate_in_the_app_and_move_focus_to_the_heading(page, live_server) -> None:
    page.goto(live_server.url + "/speakers")
    expect(page.locator(".index li")).to_have_count(2)
    expect(page.locator(".index li", has_text="Ada Lovelace")).to_contain_text("2 sessions")
    page.get_by_role("link", name="Ada Lovelace").click()
    expect(page.locator("h1")).to_have_text("Ada Lovelace")
    expect(page.locator("h1")).to_be_focused()
    expect(page.locator(".card h3")).to_have_count(2)
    page.go_back()
    expect(page.locator("h1")).to_have_text("Speakers")


def test_rooms_view_shows_one_room_or_all(page, live_server) -> None:
    page.goto(live_server.url + "/rooms?day=2026-04-07")
    expect(page.locator(".grid-room")).to_have_text(["Main Room", "Side Room"])
    page.locator(".chips").get_by_role("link", name="Side Room").click()
    expect(page.locator(".grid-room")).to_have_text(["Side Room"])
    expect(page.locator(".gblock h2")).to_have_text(["Compiling Things"])
    assert "room=side" in page.url


def test_unknown_session_is_a_clear_not_found(page, live_server) -> None:
    response = page.goto(live_server.url + "/session/nosuchid")
    assert response is not None and response.status == 404
    expect(page.locator("h1")).to_have_text("No such session")
    expect(page.get_by_role("link", name="Back to the schedule")).to_be_visible()


def test_every_app_route_of_the_server_has_a_view(page, live_server) -> None:
    """A guard: APP_ROUTES (server, worker) and routes.js (client) list the same paths."""
    samples = {"session": "s1a2b3", "speaker": "ada-lovelace", "room": "main"}
    for rule in APP_ROUTES:
        kind = rule.strip("/").split("/")[0]
        path = rule.replace("<sid>", samples.get(kind, "x"))
        page.goto(live_server.url + path)
        expect(page.locator("main h1").first).to_be_visible()
        expect(page.locator("main h1").first).not_to_have_text("No such page")


def test_calendar_links_for_a_session_and_for_the_starred(page, live_server) -> None:
    page.goto(live_server.url + "/session/k9x8y7")
    link = page.get_by_role("link", name="Add to calendar")
    assert (
        page.request.get(live_server.url + link.get_attribute("href"))
        .headers["content-type"]
        .startswith("text/calendar")
    )
    page.get_by_role("button", name="Star: Compiling Things").click()
    page.goto(live_server.url + "/my")
    href = page.get_by_role("link", name="Add them to your calendar").get_attribute("href")
    assert href == "/my.ics?s=k9x8y7"
    assert "Compiling Things" in page.request.get(live_server.url + href).text()
    webcal = page.get_by_role("link", name="Subscribe, with reminders").get_attribute("href")
    host = live_server.url.split("://", 1)[1]
    assert webcal == f"webcal://{host}/my.ics?s=k9x8y7&alarm=10"
    subscribed = page.request.get("http://" + webcal.split("://", 1)[1]).text()
    assert "Compiling Things" in subscribed and "BEGIN:VALARM" in subscribed
