"""A repeat start paints the page as last drawn, before any script runs (static/js/drawn.js,
templates/sw.js): the worker serves the shell with the page's last drawing inside <main>.
Only a drawing that is still right is served: by this version's code, not past its time,
not forgotten when stars or data changed.

The page's clock is left alone here: the worker reads the machine's (the mini schedule's event
is over by then, so a drawing holds for a year)."""

from __future__ import annotations

from e2e_support import wait_controlled
from playwright.sync_api import expect

LOADING = "Loading the schedule…"
KEPT = """(address) => caches.match(new URL(address, location.origin).href, { cacheName: 'hallway-drawn' })
    .then((r) => r ? r.text() : null)"""
SHIFTS = """(() => {
  window.__shift = 0;
  window.__shifted = [];  // what moved, for the failure message
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__shift += e.value;
      for (const s of e.sources) window.__shifted.push(
        `${Math.round(e.startTime)} ms ${s.node?.outerHTML?.slice(0, 40)} ${JSON.stringify(s.currentRect)}`);
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();"""
STAR = "Star: Compiling Things"


def kept(page, address: str) -> str | None:
    return page.evaluate(KEPT, address)


def wait_kept(page, address: str, wanted: str) -> str:
    found = f"(a) => ({KEPT})(a).then((t) => t !== null && t.includes({wanted!r}))"
    page.wait_for_function(found, arg=address)
    return kept(page, address)


def drawn_main(page) -> str:
    return page.evaluate("() => document.getElementById('main').innerHTML")


def visited(profile, live_server, path: str = "/"):
    page = profile.new_page()
    page.goto(live_server.url + path)
    expect(page.locator(".card").first).to_be_visible()
    wait_controlled(page)
    return page


def test_a_repeat_start_paints_the_last_drawing_before_any_script(profile, live_server) -> None:
    page = visited(profile, live_server)
    wait_kept(page, "/", 'data-session="s1a2b3"')
    live_server.stop()

    again = profile.new_page()
    again.add_init_script(SHIFTS)
    response = again.goto(live_server.url + "/")
    assert response is not None and response.from_service_worker
    served = response.text()
    assert LOADING not in served
    assert 'data-session="s1a2b3"' in served  # the cards, in the HTML itself
    # The app draws the same page over it (the freshness line says it ran): the same markup,
    # so nothing moves.
    expect(again.locator("[data-freshness]")).not_to_be_empty()
    again.wait_for_function("() => new Promise((r) => requestAnimationFrame(() => r(true)))")
    assert drawn_main(again) in served
    assert served.count('<article class="card') == again.locator(".card").count() > 0
    assert again.evaluate("() => window.__shift") == 0, again.evaluate("() => window.__shifted")
    # Still the app, not a picture of it: a star works.
    again.get_by_role("button", name=STAR).click()
    expect(again.get_by_role("button", name=STAR)).to_have_attribute("aria-pressed", "true")


def test_a_star_is_in_the_next_first_paint_and_other_pages_are_forgotten(profile, live_server) -> None:
    page = visited(profile, live_server)
    wait_kept(page, "/", 'data-session="s1a2b3"')
    page.goto(live_server.url + "/session/k9x8y7")
    page.get_by_role("button", name=STAR).click()
    # The session page is kept with its star on; the schedule drawn before the star is not.
    wait_kept(page, "/session/k9x8y7", 'aria-pressed="true"')
    page.wait_for_function(f"(a) => ({KEPT})(a).then((t) => t === null)", arg="/")

    again = profile.new_page()
    served = again.goto(live_server.url + "/").text()
    assert LOADING in served  # nothing kept for it: the plain shell, drawn by the app
    expect(again.get_by_role("button", name=STAR)).to_have_attribute("aria-pressed", "true")
    served = profile.new_page().goto(live_server.url + "/session/k9x8y7").text()
    assert LOADING not in served and 'data-star="k9x8y7" aria-pressed="true"' in served


HEADERS = """() => caches.match(location.origin + '/', { cacheName: 'hallway-drawn' })
    .then((r) => r && [r.headers.get('X-Drawn-By'), r.headers.get('X-Drawn-Until')])"""
PUT = """([body, by, until]) => caches.open('hallway-drawn').then((c) => c.put(location.origin + '/',
    new Response(body, { headers: { 'X-Drawn-By': by, 'X-Drawn-Until': until } })))"""


def served_with(profile, page, live_server, entry: list[str]) -> str:
    """What the worker serves for / with `entry` kept as its drawing; then waits for the app
    in that page to keep its own drawing again, so the next entry is not overwritten by it."""
    page.evaluate(PUT, entry)
    other = profile.new_page()
    served = other.goto(live_server.url + "/").text()
    other.wait_for_function(f"() => ({HEADERS})().then((h) => h !== null && h[1] !== {entry[2]!r})")
    other.close()
    return served


def test_a_drawing_by_other_code_or_past_its_time_is_not_served(profile, live_server) -> None:
    page = visited(profile, live_server)
    real = wait_kept(page, "/", 'data-session="s1a2b3"')
    by, _ = page.evaluate(HEADERS)
    for body, drawn_by, until in [
        (real, "/assets/0000000000/js/app.bundle.js", "9999999999999"),  # an older version's code
        (real, by, "1000000"),  # its time is over (1970)
        (real, by, "soon"),  # not a time at all
        ("x" * 300_001, by, "9999999999998"),  # more than a page could be
    ]:
        assert LOADING in served_with(profile, page, live_server, [body, drawn_by, until]), (drawn_by, until)
    # The same entry with this version's code and a time ahead is served: the refusals above
    # were for the reasons named.
    assert LOADING not in served_with(profile, page, live_server, [real, by, "9999999999997"])
