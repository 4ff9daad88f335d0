"""WCAG 1.4.4 and 1.4.10: at 320 CSS px wide with a 32 px default font (200 % text), every view
fits the width (no sideways scroll), no star button is clipped, the header keeps the event's
name, and type follows the person's font setting; in English, in the pseudo-locale whose text is
about a third longer (en-XA), and right to left (ar-XB)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.harness.browser import IN_EVENT, NARROW, Profile
from tests.harness.schedules import DURING, day_doc, day_server, real_paths, session, shipped, shipped_doc

SCHEDULE = shipped_doc()

# What cannot fit: the page wider than the viewport; a star button outside the viewport, cut by
# an ancestor that clips, or too small for its glyph; the brand cut or gone.
MEASURE = """() => {
  const root = document.scrollingElement;
  const out = {scroll: root.scrollWidth, client: root.clientWidth, stars: [], brand: null, font: null};
  const vw = root.clientWidth;
  for (const b of document.querySelectorAll("button.star")) {
    const r = b.getBoundingClientRect();
    if (r.width === 0) continue;
    let scroller = null; // the rooms grid scrolls sideways by design: its stars are reached by scrolling
    for (let p = b.parentElement; p && !scroller; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (/auto|scroll/.test(s.overflowX + s.overflowY)) scroller = p;
    }
    let clipped = !scroller && (r.left < 0 || r.right > vw + 0.5);
    clipped ||= b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1;
    for (let p = b.parentElement; p && !clipped; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      if (p === scroller) break;
      const pr = p.getBoundingClientRect();
      clipped = r.left < pr.left - 0.5 || r.right > pr.right + 0.5;
      clipped ||= r.top < pr.top - 0.5 || r.bottom > pr.bottom + 0.5;
    }
    if (clipped) out.stars.push(b.getAttribute("aria-label"));
  }
  const brand = document.querySelector(".brand");
  const br = brand.getBoundingClientRect();
  const cut = brand.scrollWidth > brand.clientWidth + 1 || br.width < 10 || br.right > vw + 0.5;
  out.brand = {text: brand.textContent, cut};
  out.font = getComputedStyle(document.body).fontSize;
  // Type set in px would stay small: every piece of text (outside the plan's SVG, which scales
  // with the drawing) is at least the smallest rem size the app uses, 0.75 of the root.
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  out.small = [];
  for (const e of document.body.querySelectorAll("*")) {
    if (e.closest("svg") || !e.getClientRects().length) continue;
    if (![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (size < rem * 0.74) out.small.push(`${e.tagName.toLowerCase()}.${e.className} ${size}px`);
  }
  return out;
}"""


@pytest.fixture
def server(make_server):
    return shipped(make_server)


@pytest.mark.parametrize("lang", [None, "en-XA", "ar-XB"])
def test_every_view_reflows_at_320_px_and_200_percent_text(playwright, server, tmp_path, lang) -> None:
    context = Profile(playwright, tmp_path / "profile", NARROW, font_px=32).context
    context.clock.install(time=IN_EVENT)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(server.url + "/")
    # Stars everywhere they can show: two sessions starred before the tour.
    ids = [s["id"] for s in SCHEDULE["sessions"][:3]]
    page.evaluate("(ids) => localStorage.setItem('hallway.stars.v1', JSON.stringify(ids))", ids)
    problems = {}
    for path in real_paths():
        page.goto(server.url + path + ((("&" if "?" in path else "?") + f"hl={lang}") if lang else ""))
        expect(page.locator("main h1")).to_be_visible()
        if path == "/rooms":  # the grid joins the page once its stylesheet applies
            expect(page.locator(".gblock").first).to_be_visible()
        if path == "/":
            page.locator("details summary").first.click()  # the filters, open
        got = page.evaluate(MEASURE)
        bad = []
        if got["font"] != "32px":
            bad.append(f"body type {got['font']}, not the person's 32 px")
        if got["scroll"] > got["client"]:
            bad.append(f"page {got['scroll']} px wide in {got['client']} px")
        if got["small"]:
            bad.append(f"type not following the font setting: {got['small'][:3]}")
        if got["stars"]:
            bad.append(f"clipped stars {got['stars'][:3]}")
        if got["brand"]["cut"] or got["brand"]["text"] != SCHEDULE["event"]["name"]:
            bad.append(f"event name cut: {got['brand']}")
        if bad:
            problems[path] = bad
    context.close()
    assert problems == {}


def test_a_congress_grid_reflows_with_its_rooms_disclosure_open_and_sessions_side_by_side(
    playwright, make_server, tmp_path
) -> None:
    doc = day_doc()
    doc["sessions"].append(
        session("ov1015", "Overlapping Talk", "2026-04-07T10:15:00+02:00", "2026-04-07T11:00:00+02:00")
    )
    for r in range(12):
        doc["rooms"].append({"id": f"r{r:02d}", "name": f"Room with a long name {r:02d}"})
    srv = day_server(make_server, tmp_path, doc)
    context = Profile(playwright, tmp_path / "profile", NARROW, font_px=32).context
    context.clock.install(time=DURING)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(srv.url + "/rooms")
    expect(page.locator('.gblock[data-session="ov1015"]')).to_be_visible()
    page.locator(".roompick summary").click()
    expect(page.locator("nav.chips")).to_be_visible()
    got = page.evaluate(MEASURE)
    context.close()
    assert got["font"] == "32px"
    assert got["scroll"] <= got["client"], got
    assert got["stars"] == [] and got["small"] == [], got
