"""The changes, the map, the scanner, sharing, the reminders box and the chrome around them (the
changes banner, the bell, the freshness line) in French, German and Spanish in Chromium against
the real server on the shipped event, mid-event, with corrections published: no English left
outside the imported schedule's own words (tests/harness/languages.py), and counts and dates
written by each language's rules."""

from __future__ import annotations

import json
import shutil
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.harness.browser import phone
from tests.harness.languages import english_left
from tests.harness.publish import WRITABLE
from tests.harness.schedules import DATA, shipped_doc

STARRED = ["dehegc", "h7rf8p", "ztqmyy"]
# What the organizers published: a starred session moved, another to the next day, one cancelled.
CORRECTIONS = [
    {"kind": "move", "session": "dehegc", "room": "junior-stage", "note": "more seats"},
    {
        "kind": "retime",
        "session": "h7rf8p",
        "start": "2026-04-08T10:00:00+02:00",
        "end": "2026-04-08T10:45:00+02:00",
    },
    {"kind": "cancel", "session": "rfaqf9"},
]
# The pages of this part, where on them its words are, and what in there is another part's
# (the session cards a shared list shows: ui/session-card.js).
PAGES = [
    ("/", "#changes-banner, #changes-bell", ""),
    ("/changes", "main", ""),
    ("/changes", "footer", ""),
    ("/map", "main", ""),
    ("/map?room=junior-stage&next=dehegc", "main .where", ""),
    ("/scan", "main", ""),
    ("/share", "main", ""),
    ("/share?s=" + ".".join([*STARRED[:2], "zzz999", "<b>"]), "main", ".card"),
    ("/my", ".reminders", ""),
]
LOCALES = {"fr": "fr-FR", "de": "de-DE", "es": "es-ES"}
# Counts by each language's plural rule, and a day as its CLDR data writes it (the retimed
# session's new day, said because it is not the day it was on).
SAID = {
    "fr": {
        "banner": ["3 modifications : ", "mer. 8 avr. 10:00–10:45", "· et 1 autre"],
        "bell": "Modifications, 3 nouvelles",
        "share": "3 sessions favorites",
        "received": "2 sessions partagées avec vous",
        "ignored": "2 identifiants de session du lien ignorés : « zzz999 » (absent de ce programme)",
        "lead": "5 minutes avant",
    },
    "de": {
        "banner": ["3 Änderungen: ", "Mi., 8. Apr., 10:00–10:45", "· und 1 weitere"],
        "bell": "Änderungen, 3 neu",
        "share": "3 markierte Sessions",
        "received": "2 Sessions, die jemand mit dir geteilt hat",
        "ignored": "2 Session-IDs aus dem Link ignoriert: „zzz999“ (nicht in diesem Programm)",
        "lead": "5 Minuten vorher",
    },
    "es": {
        "banner": ["3 cambios: ", "mié, 8 abr 10:00–10:45", "· y 1 más"],
        "bell": "Cambios, 3 nuevos",
        "share": "3 sesiones favoritas",
        "received": "2 sesiones que alguien compartió contigo",
        "ignored": "Se ignoraron 2 identificadores de sesión del enlace: «zzz999» (no está en este programa)",
        "lead": "5 minutos antes",
    },
}


@pytest.fixture(scope="module")
def served() -> list[Any]:
    """Every string of the documents the server serves: the schedule and the venue plan."""
    return [shipped_doc(), json.loads((DATA / "venue.json").read_text(encoding="utf-8")), CORRECTIONS]


@pytest.fixture
def server(make_server):
    server = make_server(schedule=DATA / "schedule.json", env=WRITABLE)
    shutil.copy(DATA / "venue.json", server.data_dir / "venue.json")
    return server


def starred_phone(browser: Any, server: Any, lang: str) -> Any:
    """A phone in `lang` with three sessions starred and reminders on, that was open when the
    corrections came (so they are news: the banner says them)."""
    page = phone(browser, locale=LOCALES[lang])
    page.goto(server.url + "/")
    page.evaluate("(ids) => localStorage.setItem('hallway.stars.v1', JSON.stringify(ids))", STARRED)
    page.evaluate("() => localStorage.setItem('hallway.remind.v1', '10')")
    page.goto(server.url + "/?poll=1")
    expect(page.locator("[data-freshness]")).not_to_be_empty()
    expect(page.locator("[data-freshness]")).to_have_attribute("data-version", "0")
    for correction in CORRECTIONS:
        server.publish(correction)
    expect(page.locator("#changes-banner")).to_be_visible(timeout=10000)
    return page


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_changes_qr_and_map_leave_no_english(browser, server, served, lang) -> None:
    page = starred_phone(browser, server, lang)
    left = {}
    for path, within, skip in PAGES:
        page.goto(server.url + path)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("main h1, main h2").first).to_be_visible()
        if path.startswith("/map"):
            expect(page.locator("svg.floor[data-ready]").first).to_be_attached()
        if path == "/scan":
            expect(page.locator(".scan-status.scan-problem")).to_be_visible()
        if path == "/":
            expect(page.locator("#changes-banner")).to_be_visible()
        if path.startswith("/changes"):
            expect(page.locator(".changelist .change")).to_have_count(3)
        found = english_left(page, served, root=within, skip=skip)
        if found:
            left[f"{path} {within}"] = found
    page.context.close()
    assert left == {}


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_counts_and_days_follow_each_languages_rules(browser, server, lang) -> None:
    said = SAID[lang]
    page = starred_phone(browser, server, lang)
    banner = page.locator("#changes-banner p")
    for words in said["banner"]:
        expect(banner).to_contain_text(words)
    expect(page.locator("#changes-bell")).to_have_attribute("aria-label", said["bell"])
    page.goto(server.url + "/share")
    expect(page.locator("main")).to_contain_text(said["share"])
    page.goto(server.url + "/share?s=" + ".".join([*STARRED[:2], "zzz999"]))
    expect(page.locator("main")).to_contain_text(said["received"])
    page.goto(server.url + "/share?s=" + ".".join([*STARRED[:2], "zzz999", "<b>"]))
    expect(page.locator("main .ignored")).to_contain_text(said["ignored"])
    page.goto(server.url + "/my")
    expect(page.locator("#remind-lead option").nth(1)).to_have_text(said["lead"])
    page.context.close()
