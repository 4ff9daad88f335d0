"""Issue 26 at 320 px and 200 % text (WCAG 1.4.4, 1.4.10): Now's rows, My schedule folded by
the clock and a session page with its links fit the width on the congress, with no star cut
and, at 200 % text, no title cut short (Now's one-line titles are for the default text size)."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from tests.harness.browser import NARROW, large_text

AT = "2026-09-14T11:20:00+02:00"

MEASURE = """() => {
  const root = document.scrollingElement, vw = root.clientWidth;
  const stars = [...document.querySelectorAll('main button.star')].filter((b) => {
    const r = b.getBoundingClientRect();
    return r.left < 0 || r.right > vw + 0.5 || b.scrollWidth > b.clientWidth + 1;
  }).map((b) => b.getAttribute('aria-label'));
  const cut = [...document.querySelectorAll('main a')].filter((a) => a.scrollWidth > a.clientWidth + 1)
    .map((a) => a.textContent);
  return {scroll: root.scrollWidth, client: vw, stars, cut, font: getComputedStyle(document.body).fontSize};
}"""


def paths(congress_schedule: Path) -> dict[str, str]:
    sessions = json.loads(congress_schedule.read_text(encoding="utf-8"))["sessions"]
    at = "now=" + quote(AT)
    linked = next(s["id"] for s in sessions if len(s["links"]) == 5)
    return {"now": f"/now?{at}", "my": f"/my?{at}&earlier=1", "session": f"/session/{linked}"}


def stars(congress_schedule: Path) -> list[str]:
    sessions = json.loads(congress_schedule.read_text(encoding="utf-8"))["sessions"]
    ended = [s["id"] for s in sessions if s["end"] <= AT][:2]
    on = [s["id"] for s in sessions if s["start"] <= AT < s["end"]][:2]
    return ended + on


@pytest.mark.parametrize("view", ["now", "my", "session"])
def test_the_view_fits_320_px_at_200_percent_text_with_nothing_cut(
    playwright, congress_server, congress_schedule, tmp_path, view
) -> None:
    context = large_text(playwright, tmp_path / "profile", NARROW)
    context.add_init_script(
        f"localStorage.setItem('hallway.stars.v1', {json.dumps(json.dumps(stars(congress_schedule)))})"
    )
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(congress_server.url + paths(congress_schedule)[view])
    expect(page.locator("main h1")).to_be_visible()
    expect(page.locator("main .nowrow, main .card, main #links").first).to_be_visible()
    got = page.evaluate(MEASURE)
    context.close()
    assert got["font"] == "32px"
    assert got["scroll"] <= got["client"], got
    assert got["stars"] == [] and got["cut"] == [], got


@pytest.mark.parametrize("view", ["now", "my", "session"])
def test_the_view_fits_a_320_px_phone(browser, congress_server, congress_schedule, view) -> None:
    context = browser.new_context(viewport=NARROW)
    page = context.new_page()
    page.goto(congress_server.url + paths(congress_schedule)[view])
    expect(page.locator("main h1")).to_be_visible()
    got = page.evaluate(MEASURE)
    context.close()
    assert got["scroll"] <= got["client"] and got["stars"] == [], got
