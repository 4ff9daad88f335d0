"""The organizers' console in French, German and Spanish: every view (sign-in, finding a
session, each correction form, the consequences with a clash, published, adding, room status,
announcements, the history, corrections waiting on the phone in each state) says no word of
the app's English outside the imported schedule's texts; counts and dates are said as the
language says them. The event runs now (today_schedule: the console publishes on the real
clock, as the server refuses corrections in the past)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import pytest
from babel.dates import format_skeleton
from playwright.sync_api import expect

from tests.harness.browser import NARROW, Profile, wait_controlled
from tests.harness.languages import english_left
from tests.harness.net import get_json
from tests.harness.organizers import ADA, ENV, KEPT, keep
from tests.harness.schedules import today_schedule
from tests.harness.worker_caches import wait_second_phase

# A correction kept on the phone in each state the list shows; a label is the organizer's own
# words (in the language the console was in when it was made), so it is left out here.
QUEUED = [{**item, "label": "·"} for item in KEPT.values()]

PSEUDO = ("en-XA", "ar-XB")

# The count lines as each language writes them.
SAID = {
    "fr": {"found": "2 sessions trouvées", "clash": "2 conflits", "history": "1 correction depuis l’import"},
    "de": {"found": "2 Sessions gefunden", "clash": "2 Konflikte", "history": "1 Korrektur seit dem Import"},
    "es": {"found": "2 sesiones encontradas", "clash": "2 conflictos", "history": "1 corrección desde que"},
}


def walk(page: Any, server: Any, lang: str, check: Callable[[str], None]) -> None:
    """Every console view in `lang`, in a state that shows its parts; `check(name)` on each.
    The counts are checked as SAID has them for `lang`."""
    said = SAID.get(lang)
    # ?hl= chooses the interface's language; a pseudo-locale is chosen by address only. (Before
    # i18n-core's rename, ?lang= did; on the console it filters nothing, so both are given.)
    asked = f"hl={lang}&lang={lang}" if lang in PSEUDO else f"hl={lang}"

    def goto(path: str, drawn: str = "main h1") -> None:
        """Opens `path` in `lang` and waits for `drawn`: a console page is imported on the way,
        with "Loading…" shown meanwhile."""
        page.goto(f"{server.url}{path}{'&' if '?' in path else '?'}{asked}")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator(drawn).first).to_be_visible()

    goto("/organize")
    check("sign-in")
    page.locator("#org-token").fill(ADA)
    page.locator("form.signin button[type=submit]").click()
    expect(page.locator(".signed-in")).to_be_visible()
    wait_controlled(page)
    check("home")
    page.locator("#org-search").fill("Tomorrow")
    expect(page.locator(".picklist li")).to_have_count(2)
    if said:
        expect(page.locator("p.hint[role=status]")).to_have_text(said["found"])
    check("home with results")

    goto("/organize/correct?session=sidenow", "fieldset.choices")
    expect(page.locator("fieldset.choices input[type=radio]")).to_have_count(4)
    for radio in page.locator("fieldset.choices input[type=radio]").all():
        radio.check()
        expect(page.locator(".chosen-form form")).to_be_visible()
        check(f"correct: {radio.get_attribute('value')}")
    page.locator("fieldset.choices input[value=move]").check()
    page.locator(".chosen-form select[name=room]").select_option("main")
    page.locator(".chosen-form button[type=submit]").click()
    box = page.locator(".clash-box")
    expect(box).to_be_visible()
    if said:
        expect(box.locator("p strong")).to_have_text(said["clash"])
    check("consequences with a clash")
    page.locator(".publish button.danger").click()
    expect(page.locator(".publish .done")).to_be_visible()
    check("published")

    for path, drawn in (
        ("/organize/add", "form.correction"),
        ("/organize/rooms", ".room-card"),
        ("/organize/announce", "form.correction"),
    ):
        goto(path, drawn)
        check(path)
    goto("/organize/history", ".signs")
    expect(page.locator(".history li")).to_have_count(1)
    if said:
        expect(page.locator("p.hint[role=status]")).to_contain_text(said["history"])
    check("history")

    goto("/organize/venue", "#vf-new-name")
    check("venue editor, no floor yet")
    page.locator("#vf-new-name").fill("K1")
    page.locator(".floor-add button[type=submit]").click()
    plan = page.locator("#venue-plan")
    page.locator("#venue-room").select_option("main")
    plan.press("Enter")
    page.locator("input[name=venue-tool][value=stairs]").check()
    plan.press("Enter")
    expect(page.locator(".venue-selected")).to_be_visible()
    check("venue editor: a floor, a room, stairs selected")
    page.locator("input[name=venue-tool][value=scale]").check()
    plan.press("Enter")
    plan.press("Enter")
    expect(page.locator("#venue-metres")).to_be_visible()
    check("venue editor: the scale")

    # Offline (the worker serves the console), so the waiting ones stay waiting.
    keep(page, QUEUED)
    page.context.set_offline(True)
    goto("/organize", ".outbox")
    expect(page.locator(".outbox .queued")).to_have_count(len(QUEUED))
    check("corrections waiting on this phone")
    page.context.set_offline(False)


@pytest.mark.parametrize("lang", ["fr", "de", "es"])
def test_console_speaks_the_chosen_language_in_every_view(browser, make_server, tmp_path, lang) -> None:
    server = make_server(today_schedule(tmp_path), env=ENV)
    schedule = get_json(server, "/api/v1/schedule.json")
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="en-GB")
    # Chosen on this device as well as in the address (?hl=): the person's choice, kept.
    context.add_init_script(f"localStorage.setItem('hallway.lang.v1', '{lang}')")
    page = context.new_page()
    left: dict[str, list[str]] = {}
    dates: dict[str, str] = {}

    def check(name: str) -> None:
        # The console is the page's main; the shell around it (header, tabs, footer) is the app's.
        found = english_left(page, schedule, root="main")
        if found:
            left[name] = found
        if name.startswith("correct:"):
            dates[name] = page.locator(".now-is").inner_text()

    try:
        walk(page, server, lang, check)
    finally:
        context.close()
    assert left == {}
    # The session's day as the language writes it, from CLDR ("jeu. 26 nov.", "Do., 26. Nov.").
    start = next(s for s in schedule["sessions"] if s["id"] == "sidenow")["start"]
    day = datetime.fromisoformat(start).astimezone(UTC).date()
    assert all(text.startswith(format_skeleton("MMMEd", day, locale=lang)) for text in dates.values()), dates


def test_english_is_found_when_the_console_is_not_translated(browser, make_server, tmp_path) -> None:
    """The check itself: with the French console's catalog (i18n/fr.console.json, its words
    apart from the app's) emptied of the words naming the organizers, the French console is
    caught speaking English."""
    server = make_server(today_schedule(tmp_path), env=ENV)
    schedule = get_json(server, "/api/v1/schedule.json")
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()

    def strip(route: Any) -> None:
        catalog = route.fetch().json()
        catalog["messages"] = {k: v for k, v in catalog["messages"].items() if "organisation" not in str(v)}
        route.fulfill(json=catalog)

    context.add_init_script("localStorage.setItem('hallway.lang.v1', 'fr')")
    page.route("**/i18n/fr.console.json", strip)
    page.goto(f"{server.url}/organize?hl=fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("main h1")).to_be_visible()
    found = english_left(page, schedule)
    context.close()
    assert "Organizer sign-in" in found and "Organizer token" in found


def test_a_french_attendee_never_fetches_the_consoles_words_yet_the_console_is_french(
    browser, make_server, tmp_path
) -> None:
    """The console's words are a catalog of their own (webapp/i18n/parts.py): a French
    attendee's first visit, the worker's install and second phase included, fetches the app's
    French catalog and not the console's; opening the console on that phone fetches it, and the
    console speaks French."""
    server = make_server(today_schedule(tmp_path), env=ENV)
    schedule = get_json(server, "/api/v1/schedule.json")
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="fr-FR")
    catalogs: list[str] = []  # the page's requests and the worker's
    context.on("request", lambda r: catalogs.append(urlsplit(r.url).path) if "/i18n/" in r.url else None)
    page = context.new_page()
    try:
        page.goto(server.url + "/")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        wait_controlled(page)
        wait_second_phase(page)
        assert catalogs and all(path.endswith("/i18n/fr.json") for path in catalogs), catalogs
        page.goto(server.url + "/organize")
        expect(page.locator("main h1")).to_have_text("Connexion organisation")
        assert any(path.endswith("/i18n/fr.console.json") for path in catalogs), catalogs
        left = english_left(page, schedule, root="main")
    finally:
        context.close()
    assert left == []


@pytest.mark.parametrize("lang", PSEUDO)
def test_console_fits_320_px_at_200_percent_text_in_the_pseudo_locales(
    playwright, make_server, tmp_path, lang
) -> None:
    """Every console view, its words a third longer (en-XA) or right to left (ar-XB), at 320 px
    with 200 % text: nothing in the console is wider than the screen, and ar-XB turns it."""
    server = make_server(today_schedule(tmp_path), env=ENV)
    profile = Profile(playwright, tmp_path / "profile", NARROW, font_px=32)
    page = profile.new_page()
    wide: dict[str, int] = {}

    def check(name: str) -> None:
        assert page.evaluate("() => getComputedStyle(document.documentElement).fontSize") == "32px"
        assert page.evaluate("() => document.documentElement.dir") == ("rtl" if lang == "ar-XB" else "ltr")
        width = page.evaluate(
            "() => { const m = document.querySelector('main'); return m.scrollWidth - m.clientWidth; }"
        )
        # The console's own content (main); the shell around it is the app's, toured by the
        # accessibility room's reflow test.
        if width > 0:
            wide[name] = width

    try:
        walk(page, server, lang, check)
    finally:
        profile.close()
    assert wide == {}
