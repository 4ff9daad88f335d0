"""Stars change only what they must (ui/session-card.js, syncStars): a star tapped on a long list
changes its own session's star and nothing else on the page, and the app taking the server's
drawing over keeps every star's glyph it would draw the same. Rewritten with the same text, each
glyph is still a node replaced, to be laid out again: hundreds of them at a congress."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.harness.browser import APP_DREW, FIRST_NODE, HeldBack, goto_drawn

NOW = "now=2026-09-14T11:20:00%2B02:00"
# Every change under <main> from now on, in `window.__changes`: its kind, and where it was as
# the nearest session's id (or the element's name).
OBSERVE = """() => {
  window.__changes = [];
  const where = (node) => {
    const el = node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement;
    const keyed = el?.closest('[data-star], [data-star-hint], [data-session]');
    if (!keyed) return el?.localName ?? '?';
    return keyed.dataset.star || keyed.dataset.starHint || keyed.dataset.session;
  };
  const observer = new MutationObserver((records) => {
    for (const r of records) window.__changes.push([r.type, where(r.target), r.attributeName]);
  });
  const all = { subtree: true, childList: true, attributes: true, characterData: true };
  observer.observe(document.getElementById('main'), all);
}"""
# The text node of each star's glyph, kept to be compared after.
GLYPHS = """() => {
  window.__glyphs = [...document.querySelectorAll('#main [data-star] > span')].map((s) => s.firstChild);
}"""
NEXT_FRAME = "() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))"


def test_a_star_tap_changes_only_that_sessions_star(page: Page, congress_server) -> None:
    goto_drawn(page, f"{congress_server.url}/?{NOW}")
    page.wait_for_load_state("networkidle")
    stars = page.locator("main [data-star]")
    assert stars.count() > 20
    star = stars.nth(3)
    sid = star.get_attribute("data-star")
    page.evaluate(OBSERVE)
    star.click()
    expect(star).to_have_attribute("aria-pressed", "true")
    page.evaluate(NEXT_FRAME)
    changes = page.evaluate("() => window.__changes")
    assert changes, "the tap changed nothing"
    assert {where for _, where, _ in changes} == {sid}, changes


def test_taking_the_server_drawing_over_keeps_every_stars_glyph(page: Page, congress_server) -> None:
    page.add_init_script(FIRST_NODE)
    held = HeldBack(page, f"{congress_server.url}/")  # the server's drawing, the app waiting
    page.evaluate(GLYPHS)
    assert page.evaluate("() => window.__glyphs.length") >= 5  # the first screen's cards
    held.release()
    page.wait_for_function(APP_DREW, timeout=20000)
    kept = page.evaluate("() => window.__glyphs.filter((n) => n.isConnected).length")
    assert kept == page.evaluate("() => window.__glyphs.length")
