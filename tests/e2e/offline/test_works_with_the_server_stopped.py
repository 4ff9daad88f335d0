"""After one visit the app works with the server process gone: reload, deep links never
opened before, new pages, cold starts, stars and filters. And Chromium finds it installable."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.harness.browser import before_the_event, wait_controlled


def first_visit(profile, live_server):
    page = profile.new_page()
    before_the_event(page)
    page.goto(live_server.url + "/")
    expect(page.locator(".card")).to_have_count(2)
    wait_controlled(page)
    return page


def test_everything_works_with_the_server_stopped(profile, live_server) -> None:
    page = first_visit(profile, live_server)
    live_server.stop()

    response = page.reload()
    assert response is not None and response.from_service_worker
    expect(page.locator(".card")).to_have_count(2)

    # A deep link typed by hand, to a session this browser never opened.
    response = page.goto(live_server.url + "/session/q4w5e6")
    assert response is not None and response.from_service_worker
    expect(page.locator("h1")).to_have_text("Day Two Keynote")
    expect(page.locator(".detail")).to_contain_text("Main Room")

    other = profile.new_page()
    other.goto(live_server.url + "/speaker/alan-turing")
    expect(other.locator("h1")).to_have_text("Alan Turing")
    expect(other.locator(".card h3")).to_have_text(["Compiling Things"])

    star = page.get_by_role("button", name="Star: Day Two Keynote")
    star.click()
    expect(star).to_have_attribute("aria-pressed", "true")
    page.goto(live_server.url + "/my")
    expect(page.locator(".card h3")).to_have_text(["Day Two Keynote"])
    page.get_by_role("button", name="Star: Day Two Keynote").click()
    expect(page.locator(".card")).to_have_count(0)
    expect(page.locator("main")).to_contain_text("Nothing starred yet")

    page.goto(live_server.url + "/?day=all&room=side")
    expect(page.locator(".card h3")).to_have_text(["Compiling Things"])
    page.get_by_label("Search titles, descriptions, speakers").fill("keynote")
    page.get_by_role("link", name="All days").click()
    expect(page.locator(".card h3")).to_have_text([])  # room=side and "keynote": nothing
    page.locator("summary", has_text="Rooms (1)").click()  # the filters are open: one is set
    page.get_by_label("Side Room").uncheck()
    expect(page.locator(".card h3")).to_have_text(["Day Two Keynote"])
    expect(page).to_have_url(live_server.url + "/?day=all&q=keynote")  # written once the choice settles


def test_cold_start_with_the_server_stopped(profile, live_server) -> None:
    page = first_visit(profile, live_server)
    page.get_by_role("button", name="Star: Compiling Things").click()
    live_server.stop()
    profile.reopen()  # the browser process is gone and comes back: a cold start
    page = profile.new_page()
    response = page.goto(live_server.url + "/my")
    assert response is not None and response.from_service_worker
    expect(page.locator(".card h3")).to_have_text(["Compiling Things"])


def test_chromium_finds_the_app_installable(profile, live_server) -> None:
    page = first_visit(profile, live_server)
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
