"""An organizer saves a venue drawn on an uploaded PNG while an attendee's map is open: the
page draws the new plan without a reload (the changes feed says the venue's version), keeps
its image, and still shows it with the server stopped."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.harness.app import open_app
from tests.harness.publish import WRITABLE
from tests.harness.venue import save_venue, upload_plan
from tests.unit.venue.plans import drawing

KEPT = "async (url) => Boolean(await (await caches.open('hallway-data')).match(url))"
FETCHED = (
    "async (url) => { try { const r = await fetch(url); return r.ok && (await r.blob()).size; }"
    " catch { return 0; } }"
)


def poll(page: Page, script: str, arg: str, timeout_ms: int = 10000) -> object:
    """`script(arg)` in the page until it is truthy (the page's CSP forbids wait_for_function)."""
    for _ in range(timeout_ms // 200):
        if found := page.evaluate(script, arg):
            return found
        page.wait_for_timeout(200)
    raise AssertionError(f"{script} never held for {arg}")


def test_a_venue_saved_with_an_uploaded_png_is_drawn_on_the_open_map_and_kept_offline(
    page: Page, make_server
) -> None:
    server = make_server(env=WRITABLE)
    open_app(page, server, "/map")
    expect(page.locator(".roomlist li")).to_have_count(2)  # no plan yet: the rooms as a list
    expect(page.locator("svg.floor")).to_have_count(0)
    page.evaluate("() => { window.__sameDocument = true; }")

    plan = upload_plan(server, drawing(640, 400))
    url = f"/venue/{plan['image']}"
    save_venue(server, {
        "name": "Test venue",
        "floors": [{"id": "ground", "name": "Ground floor", "image": plan["image"]}],
        "rooms": [
            {"id": "main", "floor": "ground", "shape": {"rect": [20, 20, 300, 180]}},
            {"id": "side", "floor": "ground", "shape": {"rect": [340, 20, 280, 180]}},
        ],
    })  # fmt: skip

    image = page.locator(f'svg.floor image.plan-image[href="{url}"]')
    expect(image).to_have_count(1, timeout=10000)
    expect(page.locator("svg.floor a.room")).to_have_count(2)
    assert page.evaluate("() => window.__sameDocument === true")  # drawn again, not reloaded
    poll(page, KEPT, url)  # the image is kept for offline use

    server.stop()
    # What the browser's HTTP cache holds is not kept for offline use: only the worker's copies count.
    page.context.new_cdp_session(page).send("Network.clearBrowserCache")
    page.reload()  # offline: the worker's shell, the kept plan and its image
    expect(page.locator(f'svg.floor image.plan-image[href="{url}"]')).to_have_count(1, timeout=10000)
    expect(page.locator("svg.floor a.room")).to_have_count(2)
    assert poll(page, FETCHED, url) > 100  # the image itself is there, from the worker's cache
