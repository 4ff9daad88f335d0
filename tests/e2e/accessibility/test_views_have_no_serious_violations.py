"""axe-core finds no serious or critical violations on the main views, light and dark."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from tests.harness.a11y import MAIN_VIEWS, serious
from webapp.i18n import catalogs

NOW = "/now?now=2026-04-07T09:20:00%2B02:00"
# "/?q=...": search results with their speakers and tracks groups.
PATHS = [
    "/",
    "/session/k9x8y7",
    "/my",
    NOW,
    "/speaker/alan-turing",
    "/share",
    "/scan",
    "/s?c=https%3A%2F%2Ffosdem.org%2F2026%2Fschedule%2Fevent%2FX%2F",
    "/speakers",
    "/?q=turing",
    "/?q=compil",
    "/tracks?hide-track=compilers",
    "/track/compilers",
]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", PATHS)
def test_view_has_no_serious_accessibility_violations(browser, live_server, path, scheme) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme=scheme)
    page = context.new_page()
    page.goto(live_server.url + "/")
    page.evaluate("() => localStorage.setItem('hallway.stars.v1', JSON.stringify(['s1a2b3', 'k9x8y7']))")
    page.goto(live_server.url + path)
    expect(page.locator("main h1")).to_be_visible()
    if path == "/":
        page.locator(".find > details > summary").click()  # the filters, open
        for group in page.locator(".pick summary").all():  # and each list of choices
            group.click()
    assert serious(page) == []
    if path == "/":
        page.locator("#more-menu summary").click()  # the menu covers the page: checked on its own
        assert serious(page, "#more-menu") == []
    context.close()


# The congress's views (issue 26): Now's compact rows with stars and the track filter, My
# schedule folded by the clock (opened), a session page with its source's links.
CONGRESS_AT = "2026-09-14T11:20:00+02:00"


def congress_stars(congress_schedule) -> tuple[list[str], str]:
    """Two sessions ended at CONGRESS_AT, two on, two the next day; a session with five links."""
    sessions = json.loads(congress_schedule.read_text(encoding="utf-8"))["sessions"]
    ended = [s["id"] for s in sessions if s["end"] <= CONGRESS_AT][:2]
    on = [s["id"] for s in sessions if s["start"] <= CONGRESS_AT < s["end"]][:2]
    later = [s["id"] for s in sessions if s["start"].startswith("2026-09-15T10")][:2]
    return ended + on + later, next(s["id"] for s in sessions if len(s["links"]) == 5)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("view", ["now", "my", "session"])
def test_congress_view_has_no_serious_accessibility_violations(
    browser, congress_server, congress_schedule, view, scheme
) -> None:
    stars, linked = congress_stars(congress_schedule)
    at = "now=" + quote(CONGRESS_AT)
    path = {"now": f"/now?{at}", "my": f"/my?{at}&earlier=1", "session": f"/session/{linked}"}[view]
    context = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme=scheme)
    context.add_init_script(f"localStorage.setItem('hallway.stars.v1', {json.dumps(json.dumps(stars))})")
    page = context.new_page()
    page.goto(congress_server.url + path)
    expect(page.locator("main h1")).to_be_visible()
    assert serious(page) == []
    context.close()


# In every language the app speaks and both pseudo-locales (issue 29): <html lang> and dir
# follow it, and axe finds nothing serious on any main view (nor in the More menu, which lists
# each language in its own words, lang on each). Lighthouse's accessibility category in each
# language: bench/accessibility_languages.py.
OTHER_LANGUAGES = [*catalogs.translated_languages(), *catalogs.PSEUDO]
VIEWS_IN_LANGUAGES = ["/session/k9x8y7", *(NOW if v == "/now" else v for v in MAIN_VIEWS)]


@pytest.mark.parametrize("hl", OTHER_LANGUAGES)
def test_every_view_in_another_language_has_no_serious_violations(browser, live_server, hl) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.add_init_script("localStorage.setItem('hallway.stars.v1', JSON.stringify(['s1a2b3', 'k9x8y7']))")
    page = context.new_page()
    found = {}
    for path in VIEWS_IN_LANGUAGES:
        page.goto(live_server.url + path + ("&" if "?" in path else "?") + f"hl={hl}")
        expect(page.locator("html")).to_have_attribute("lang", hl)
        expect(page.locator("html")).to_have_attribute("dir", "rtl" if hl == "ar-XB" else "ltr")
        expect(page.locator("main h1")).to_be_visible()
        found[path] = serious(page)
        if path == NOW:
            expect(page.locator("main h1")).not_to_have_text("Now and next")
            page.locator("#more-menu summary").click()
            found["More menu"] = serious(page, "#more-menu")
    assert {where: seen for where, seen in found.items() if seen} == {}
    context.close()
