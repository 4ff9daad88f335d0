"""The attendee's browsing views in French, German and Spanish, in Chromium against the real
server on the shipped schedule at a moment inside the event: no English of the app left outside
the schedule's own texts (tests/harness/languages.py), and counts and days said as each
language says them. A second schedule gives sessions kinds and languages, whose names come in
the reader's language too."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.harness.browser import IN_EVENT, phone
from tests.harness.languages import english_left
from tests.harness.schedules import DATA, DURING, day_doc, day_server, shipped, shipped_doc

SCHEDULE = shipped_doc()
VENUE = json.loads((DATA / "venue.json").read_text(encoding="utf-8"))
LANGUAGES = ["fr", "de", "es"]
BROWSER_LOCALE = {"fr": "fr-FR", "de": "de-DE", "es": "es-ES"}


def first(kind: str, pick: Any = lambda x: True) -> str:
    return next(x["id"] for x in SCHEDULE[kind] if pick(x))


TRACKS = Counter(s["track"] for s in SCHEDULE["sessions"] if s.get("track"))
SESSION = first("sessions", lambda s: s.get("description") and s.get("speakers") and s.get("track"))
ONE_TRACK = next(t for t, n in TRACKS.items() if n == 1)
MANY_TRACK, MANY = TRACKS.most_common(1)[0]
# Starred: sessions over by IN_EVENT, on now and to come (clashes, free time and the fold show).
STARS = [s["id"] for s in SCHEDULE["sessions"]][::3]

# Each view of the browsing part, as a path, and what shows it is drawn.
VIEWS = [
    ("/", ".count"),
    ("/?day=all&past=1", ".dayhead"),
    ("/?q=training", ".found-head"),
    ("/?q=zzzzqqq", ".empty"),
    (f"/?hide-track={MANY_TRACK}&hide-room={SCHEDULE['rooms'][0]['id']}", ".hidden-line"),
    (f"/?hide-track={MANY_TRACK}&hidden=show", ".hidden-line"),
    (f"/session/{SESSION}", "#about"),
    ("/my", ".card"),
    ("/my?earlier=1&now=2026-04-07T15:00%2B02:00", ".earlier"),  # later: starred sessions have ended
    (f"/room/{SCHEDULE['rooms'][0]['id']}", ".room-place svg, .room-place .empty"),
    ("/rooms", ".gblock"),
    (f"/rooms?room={SCHEDULE['rooms'][0]['id']}", ".gblock"),
    ("/speakers", ".az"),
    ("/speakers?q=a", ".count"),
    (f"/speaker/{first('speakers')}", ".card"),
    ("/tracks", ".track-list"),
    (f"/track/{MANY_TRACK}", ".card"),
    ("/session/no-such-id", ".notfound"),
    ("/speaker/no-such-id", ".notfound"),
    ("/track/no-such-id", ".notfound"),
    ("/room/no-such-id", ".notfound"),
]


@pytest.fixture
def server(make_server):
    return shipped(make_server)


def in_language(browser: Any, lang: str) -> Any:
    """A phone whose browser asks for `lang` (the address says it too, ?hl=)."""
    return phone(browser, at=IN_EVENT, locale=BROWSER_LOCALE[lang])


def show(page: Any, url: str, lang: str, ready: str) -> None:
    page.goto(url + ("&" if "?" in url else "?") + f"hl={lang}")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("main h1")).to_be_visible()
    expect(page.locator(ready).first).to_be_attached()
    # Closed disclosures (the filters, the rooms' list) hold words too.
    page.evaluate("for (const d of document.querySelectorAll('main details')) d.open = true")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_browsing_views_leave_no_english_of_the_app(browser, server, lang) -> None:
    page = in_language(browser, lang)
    page.goto(server.url + "/")
    page.evaluate("(ids) => localStorage.setItem('hallway.stars.v1', JSON.stringify(ids))", STARS)
    left = {}
    for path, ready in VIEWS:
        show(page, server.url + path, lang, ready)
        found = english_left(page, SCHEDULE, lang, also=[VENUE], root="main")
        if found:
            left[path] = found
    page.context.close()
    assert left == {}


DAYS = {"fr": "mardi 7 avril", "de": "Dienstag, 7. April", "es": "martes, 7 de abril"}
COUNTS = {
    "fr": ["1 session", "{n} sessions", "{n} personnes"],
    "de": ["1 Session", "{n} Sessions", "{n} Personen"],
    "es": ["1 sesión", "{n} sesiones", "{n} personas"],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_days_and_counts_are_said_as_the_language_says_them(browser, server, lang) -> None:
    one, many, people = COUNTS[lang]
    page = in_language(browser, lang)
    show(page, server.url + "/?day=all", lang, ".dayhead")
    expect(page.locator(".dayhead").first).to_have_text(DAYS[lang])
    expect(page.locator("main .count")).to_have_text(many.format(n=len(SCHEDULE["sessions"])))
    show(page, server.url + "/", lang, ".count")
    expect(page.locator("main h1")).to_have_text(DAYS[lang])
    show(page, server.url + f"/track/{ONE_TRACK}", lang, ".card")
    expect(page.locator("main h1 + .sub")).to_have_text(one)
    show(page, server.url + f"/track/{MANY_TRACK}", lang, ".card")
    expect(page.locator("main h1 + .sub")).to_have_text(many.format(n=MANY))
    show(page, server.url + "/speakers", lang, ".az")
    expect(page.locator("main .count")).to_have_text(people.format(n=len(SCHEDULE["speakers"])))
    page.context.close()


# A day of sessions in several languages, of kinds a source names by machine words.
KINDS = {
    "fr": "Présentation du programme principal",
    "de": "Vortrag im Hauptprogramm",
    "es": "Charla del programa principal",
}
GERMAN = {"fr": "allemand", "de": "Deutsch", "es": "alemán"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_kinds_and_languages_of_sessions_are_named_in_the_readers_language(
    browser, make_server, tmp_path, lang
) -> None:
    doc = day_doc()
    for i, s in enumerate(doc["sessions"]):
        s["kind"] = ["maintrack", "devroom"][i % 2]
        s["language"] = ["de", "en"][i % 2]
    srv = day_server(make_server, tmp_path, doc)
    page = phone(browser, at=DURING, locale=BROWSER_LOCALE[lang])
    show(page, srv.url + "/?day=all&past=1", lang, ".card")
    german = doc["sessions"][0]
    card = page.locator(f'.card[data-session="{german["id"]}"]').first
    expect(card.locator(".kind")).to_have_text(KINDS[lang])
    expect(card.locator(".lang")).to_have_text(GERMAN[lang])
    expect(page.locator('[data-pick="lang"]')).to_contain_text(GERMAN[lang])  # the filter's choices
    expect(page.locator('[data-pick="kind"]')).to_contain_text(KINDS[lang])
    assert english_left(page, doc, lang, root="main") == []
    page.context.close()
