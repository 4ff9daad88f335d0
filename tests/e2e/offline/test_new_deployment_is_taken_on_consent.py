"""A new deployment with changed assets: the page offers "Update available [Reload]", the
new version takes over only on consent, and the stars are still there afterwards."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.harness.browser import before_the_event, wait_controlled


def test_new_deployment_prompts_and_keeps_stars(page, live_server) -> None:
    before_the_event(page)
    page.goto(live_server.url + "/")
    wait_controlled(page)
    page.get_by_role("button", name="Star: Compiling Things").click()
    old_assets = page.locator("body").get_attribute("data-assets")

    app_js = live_server.static_dir / "js" / "ui" / "toasts.js"
    app_js.write_text(
        app_js.read_text()
        + "\nexport const DEPLOYMENT = 2; // served code changes: a comment alone is minified away\n"
    )
    live_server.stop()
    live_server.start()

    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    toast = page.locator(".toast", has_text="Update available")
    expect(toast).to_be_visible(timeout=15000)
    # The old version keeps running until the person chooses.
    assert page.locator("body").get_attribute("data-assets") == old_assets

    with page.expect_navigation():
        toast.get_by_role("button", name="Reload").click()
    expect(page.locator(".card")).to_have_count(2)
    new_assets = page.locator("body").get_attribute("data-assets")
    assert new_assets != old_assets
    star = page.get_by_role("button", name="Star: Compiling Things")
    expect(star).to_have_attribute("aria-pressed", "true")
    page.goto(live_server.url + "/my")
    expect(page.locator(".card h3")).to_have_text(["Compiling Things"])


def test_first_visit_shows_no_update_prompt(page, live_server) -> None:
    before_the_event(page)
    page.goto(live_server.url + "/")
    wait_controlled(page)
    page.reload()
    expect(page.locator(".card")).to_have_count(2)
    expect(page.locator(".toast", has_text="Update available")).to_have_count(0)
