"""The shell is written in the reader's language (?hl=, then the cookie the app sets when the
person chooses, then Accept-Language, then the event's language), says so in <html lang dir>,
lists every language by its own name, and tells caches what it varies on."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup


def shell(client, path: str = "/", **kwargs) -> BeautifulSoup:
    response = client.get(path, **kwargs)
    assert response.status_code == 200
    return BeautifulSoup(response.data, "html.parser")


def tabs(soup: BeautifulSoup) -> list[str]:
    return [a.get_text() for a in soup.select("nav.tabs > a")]


def test_english_by_default(client) -> None:
    soup = shell(client)
    assert soup.html["lang"] == "en" and soup.html["dir"] == "ltr"
    assert tabs(soup) == ["Schedule", "Now", "Rooms", "My schedule"]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("fr", ["Programme", "En cours", "Salles", "Favoris"]),
        ("de", ["Programm", "Jetzt", "Räume", "Mein Plan"]),
        ("es", ["Programa", "Ahora", "Salas", "Mi agenda"]),
    ],
)
def test_the_address_names_the_language(client, lang, expected) -> None:
    soup = shell(client, f"/now?hl={lang}")
    assert soup.html["lang"] == lang
    assert tabs(soup) == expected
    # Each translated node carries its msgid, for the app to write a kept shell in another language.
    assert [a["data-i18n"] for a in soup.select("nav.tabs > a")] == [
        "Schedule",
        "Now",
        "Rooms",
        "My schedule",
    ]


def test_the_cookie_beats_the_browsers_languages(client) -> None:
    client.set_cookie("hallway-lang", "de")
    soup = shell(client, headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert soup.html["lang"] == "de"


def test_the_browsers_languages_in_order_of_preference(client) -> None:
    # /now: a page the server does not draw, so the shell's own loading line is there to read.
    soup = shell(client, "/now", headers={"Accept-Language": "pt-BR, es;q=0.8, fr;q=0.5"})
    assert soup.html["lang"] == "es"
    assert soup.select_one("#loading").get_text() == "Cargando el programa…"


@pytest.mark.parametrize("asked", ["xx", "<script>", "fr;drop", "", "e"])
def test_a_bad_language_is_passed_over(client, asked) -> None:
    client.set_cookie("hallway-lang", "de")
    soup = shell(client, f"/?hl={asked}")
    assert soup.html["lang"] == "de"


def test_a_pseudo_locale_only_by_address(client) -> None:
    assert shell(client, "/?hl=ar-XB").html["dir"] == "rtl"
    client.set_cookie("hallway-lang", "en-XA")
    assert shell(client).html["lang"] == "en"


def test_the_switcher_lists_each_language_by_its_own_name(client) -> None:
    soup = shell(client, "/?hl=de")
    links = soup.select("#more-menu a[data-lang]")
    assert [(a["lang"], a.get_text(), a["href"]) for a in links] == [
        ("en", "English", "?hl=en"),
        ("de", "Deutsch", "?hl=de"),
        ("es", "Español", "?hl=es"),
        ("fr", "Français", "?hl=fr"),
    ]
    assert [a["lang"] for a in links if a.get("aria-current")] == ["de"]


def test_each_language_has_its_own_etag_and_caches_vary_on_what_chose_it(client) -> None:
    en, fr = client.get("/"), client.get("/?hl=fr")
    assert en.headers["ETag"] != fr.headers["ETag"]
    assert {"Cookie", "Accept-Language"} <= {v.strip() for v in fr.headers["Vary"].split(",")}
    assert client.get("/?hl=fr", headers={"If-None-Match": fr.headers["ETag"]}).status_code == 304
