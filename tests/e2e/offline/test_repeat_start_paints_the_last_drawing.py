"""A repeat start paints the page as last drawn, before any script runs
(static/js/features/offline/last-drawing.js, templates/sw.js): the worker serves the shell with
the page's last drawing inside <main>.
Only a drawing that is still right is served: by this version's code, not past its time,
not forgotten when stars or data changed.

The page's clock is left alone here: the worker reads the machine's (the mini schedule's event
is over by then, so a drawing holds for a year)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.harness.browser import WORKER_STATE, wait_controlled, wait_resolved
from tests.harness.publish import WRITABLE

LOADING = "Loading the schedule…"
KEPT = """(address) => caches.match(new URL(address, location.origin).href, { cacheName: 'hallway-drawn' })
    .then((r) => r ? r.text() : null)"""
# Every shift on the page, the header and tabs included: CI once met the tabs moving when a
# frame was painted while the parser had stopped halfway through them (the shell now blocks
# rendering until <main> is parsed).
SHIFTS = """(() => {
  window.__shifted = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      for (const s of e.sources) {
        const rects = JSON.stringify([s.previousRect, s.currentRect]);
        window.__shifted.push(`${Math.round(e.startTime)} ms ${s.node?.outerHTML?.slice(0, 40)} ${rects}`);
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();"""
STAR = "Star: Compiling Things"


def kept(page, address: str) -> str | None:
    return page.evaluate(KEPT, address)


def wait_kept(page, address: str, wanted: str) -> str:
    found = f"(a) => ({KEPT})(a).then((t) => t !== null && t.includes({wanted!r}))"
    wait_resolved(page, found, address)
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
    again.evaluate("() => new Promise((r) => requestAnimationFrame(() => r(true)))")  # a frame
    assert drawn_main(again) in served
    assert served.count('<article class="card') == again.locator(".card").count() > 0
    assert again.evaluate("() => window.__shifted") == []
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
    wait_resolved(page, f"(a) => ({KEPT})(a).then((t) => t === null)", "/")

    again = profile.new_page()
    served = again.goto(live_server.url + "/").text()
    assert LOADING in served  # nothing kept for it: the plain shell, drawn by the app
    expect(again.get_by_role("button", name=STAR)).to_have_attribute("aria-pressed", "true")
    served = profile.new_page().goto(live_server.url + "/session/k9x8y7").text()
    assert LOADING not in served and 'data-star="k9x8y7" aria-pressed="true"' in served


HEADERS = """() => caches.match(location.origin + '/', { cacheName: 'hallway-drawn' })
    .then((r) => r && [r.headers.get('X-Drawn-By'), r.headers.get('X-Drawn-Until')])"""
PUT = """([body, by, until]) => caches.open('hallway-drawn').then((c) => c.put(location.origin + '/',
    new Response(body, { headers: { 'Content-Type': 'text/html', 'X-Drawn-By': by,
                                    'X-Drawn-Until': until } })))"""
SEND = """(message) => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data.kept);
    navigator.serviceWorker.controller.postMessage(message, [channel.port2]);
})"""


def served_with(profile, page, live_server, entry: list[str]) -> str:
    """What the worker serves for / with `entry` kept as its document; then waits for the app
    in that page to have its own drawing kept again, so the next entry is not overwritten."""
    page.evaluate(PUT, entry)
    other = profile.new_page()
    served = other.goto(live_server.url + "/").text()
    wait_resolved(other, f"() => ({HEADERS})().then((h) => h !== null && h[1] !== {entry[2]!r})")
    other.close()
    return served


def test_a_kept_document_of_another_version_or_past_its_time_is_not_served(profile, live_server) -> None:
    page = visited(profile, live_server)
    real = wait_kept(page, "/", 'data-session="s1a2b3"')
    version, _ = page.evaluate(HEADERS)
    for drawn_by, held_until in [
        ("000000000000", "9999999999999"),  # kept by an older worker: the old shell and markup
        (version, "1000000"),  # its time is over (1970)
        (version, "soon"),  # not a time at all
    ]:
        assert LOADING in served_with(profile, page, live_server, [real, drawn_by, held_until]), (
            drawn_by,
            held_until,
        )
    # The same document with this version and a time ahead is served: the refusals above were
    # for the reasons named.
    assert LOADING not in served_with(profile, page, live_server, [real, version, "9999999999997"])


def test_the_worker_keeps_only_drawings_it_can_vouch_for(profile, live_server) -> None:
    page = visited(profile, live_server)
    wait_kept(page, "/", 'data-session="s1a2b3"')
    # The code that drew: the app's script (the shell's, or the one js/start.js adds on a drawn page).
    by = page.evaluate("() => new URL(document.querySelector('script[data-app]').src).pathname")
    html = '<section class="schedule"><p>Kept</p></section>'
    good = {"type": "drawn", "address": live_server.url + "/", "html": html, "by": by, "until": 9e12}
    for bad in [
        {"by": "/assets/0000000000/js/app.bundle.js"},  # drawn by other code
        {"until": 1_000_000},  # its time is over
        {"until": "9999999999999"},  # not a number
        {"html": "x" * 300_001},  # more than a page could be
        {"html": None},
        {"address": "https://elsewhere.example/"},  # not this app's
        {"address": live_server.url + "/api/v1/outline.json"},  # not a page of the app
    ]:
        assert page.evaluate(SEND, {**good, **bad}) is False, bad
    assert "<p>Kept</p>" not in kept(page, "/")
    assert page.evaluate(SEND, good) is True
    assert "<p>Kept</p>" in profile.new_page().goto(live_server.url + "/").text()


def test_no_drawing_is_kept_while_a_banner_shows_above_the_page(profile, make_server) -> None:
    # The banner comes with the script: a drawing painted before it would be pushed down.
    server = make_server(env=WRITABLE)
    page = profile.new_page()
    page.goto(server.url + "/?poll=1")
    wait_controlled(page)
    wait_kept(page, "/?poll=1", 'data-session="s1a2b3"')
    server.publish({"kind": "move", "session": "k9x8y7", "room": "main", "note": "larger room"})
    expect(page.locator("#changes-banner")).to_be_visible(timeout=10000)
    wait_resolved(page, f"() => ({KEPT})('/?poll=1').then((t) => t === null)")

    again = profile.new_page()
    assert LOADING in again.goto(server.url + "/?poll=1").text()
    expect(again.locator("#changes-banner")).to_contain_text("moved to Main Room")
    # Seen: the banner goes, and the page shown is kept again.
    again.get_by_role("link", name="See all changes").click()
    expect(again.locator("#changes-banner")).to_be_hidden()
    again.get_by_role("link", name="Schedule", exact=True).click()
    wait_kept(again, "/", 'data-session="k9x8y7"')


# The worker's caches but the schedule's own (hallway-data): each name, with what it holds.
OFFLINE_CACHES = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    if (name === "hallway-data") continue;
    const keys = await (await caches.open(name)).keys();
    out[name] = keys.map((r) => new URL(r.url).pathname + new URL(r.url).search).sort();
  }
  return out;
}"""
DRAWN_BY = """async () => Promise.all((await (await caches.open("hallway-drawn")).keys())
  .map(async (r) => (await caches.match(r, { cacheName: "hallway-drawn" })).headers.get("X-Drawn-By")))"""
# Activated, not only active: an activating worker is still deleting what it does not keep.
ACTIVATED = """async (url) => {
  const active = (await navigator.serviceWorker.ready).active;
  return active.scriptURL === url && active.state === "activated";
}"""


def test_the_push_worker_keeps_the_precache_and_the_last_drawings(profile, live_server) -> None:
    """A device that turns reminders on takes the worker with the push handling (/sw.js?push=1,
    features/offline/worker-update.js). It is the same version as the worker it replaces
    (webapp/views/sw.py): what the phone holds offline stays, the precache and the pages' last
    drawings, which the next start still paints."""
    page = visited(profile, live_server)
    wait_kept(page, "/", 'data-session="s1a2b3"')
    before = page.evaluate(OFFLINE_CACHES)
    assert before.get("hallway-drawn") == ["/"], before
    # Reminders turned on (features/push/push-switch.js keeps this choice, and the next open
    # registers the push worker); the subscription itself is the push tests' business.
    page.evaluate("() => localStorage.setItem('hallway.push-worker', '1')")
    page.reload()
    push_worker = f"{live_server.url}/sw.js?push=1"
    wait_resolved(page, ACTIVATED, push_worker, 30, lambda: page.evaluate(WORKER_STATE))
    after = page.evaluate(OFFLINE_CACHES)
    # The same caches, nothing dropped (the second phase may have added to the precache).
    assert sorted(after) == sorted(before), (list(before), list(after))
    for name, held in before.items():
        assert set(held) <= set(after[name]), name
    # The drawing is this version's: the push worker serves it at the next start.
    body = page.request.get(push_worker).text()
    version = re.search(r'const VERSION = "([0-9a-f]+)"', body)
    assert version and page.evaluate(DRAWN_BY) == [version.group(1)]
    wait_kept(page, "/", 'data-session="s1a2b3"')
