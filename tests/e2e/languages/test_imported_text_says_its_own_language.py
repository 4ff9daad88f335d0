"""The schedule's own texts keep their language on a page in another (issue 29, WCAG 3.1.2): on
the shipped event (English) read in French or a pseudo-locale, a session's title (in the server's
first screen and in the app's drawing), its description, a speaker's bio, the cards' and Now's
titles carry lang="en", so a screen reader speaks them as English and the browser hyphenates them as
such; read in English, none of them repeats <html lang>."""

from __future__ import annotations

import urllib.request

import pytest
from bs4 import BeautifulSoup
from playwright.sync_api import expect

from tests.harness.browser import phone
from tests.harness.schedules import shipped, shipped_doc

DOC = shipped_doc()
SESSION = next(s for s in DOC["sessions"] if s.get("description") and s.get("speakers"))
SPEAKER = SESSION["speakers"][0]
IMPORTED = ["main h1", "main .text p", "main .bio-preview"]  # on the session's page


@pytest.fixture
def server(make_server):
    return shipped(make_server)


def first_screen_h1_lang(url: str) -> str | None:
    """The `lang` of the title in the server's first screen, as sent (no script has run)."""
    with urllib.request.urlopen(url, timeout=10) as response:
        h1 = BeautifulSoup(response.read(), "html.parser").select_one("main h1")
    return h1.get("lang") if h1 else "no h1"


@pytest.mark.parametrize(("hl", "lang"), [("fr", "en"), ("en-XA", "en"), ("en", None)])
def test_imported_texts_carry_their_language_on_a_page_in_another(browser, server, hl, lang) -> None:
    page = phone(browser)
    page.goto(f"{server.url}/session/{SESSION['id']}?hl={hl}")
    expect(page.locator("html")).to_have_attribute("lang", hl)
    expect(page.locator("main .text p").first).to_be_visible()  # the description has come
    assert first_screen_h1_lang(page.url) == lang
    for selector in IMPORTED:
        for element in page.locator(selector).all():
            assert element.get_attribute("lang") == lang, selector
    for element in page.locator("main .card h3").all():
        assert element.get_attribute("lang") == lang
    page.goto(f"{server.url}/now?hl={hl}")
    expect(page.locator("main .what a").first).to_be_visible()
    assert {a.get_attribute("lang") for a in page.locator("main .what a").all()} == {lang}
    page.goto(f"{server.url}/speaker/{SPEAKER}?hl={hl}")
    expect(page.locator("main .bio")).to_be_visible()
    assert page.locator("main .bio").get_attribute("lang") == lang
    page.context.close()
