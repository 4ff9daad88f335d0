"""`/` and a session's page carry their first screen (webapp/serving/first_page.py): drawn from
the outline at the server's "now", escaped, kept between requests, and revalidated by an ETag
that follows the version and the moment. That it is the app's own drawing is checked in
Chromium (tests/e2e/attendee/test_first_screen_is_the_apps_own_drawing.py)."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from webapp import create_app
from webapp.serving import first_page, runtime
from webapp.serving.writes import publish

DURING = datetime.fromisoformat("2026-04-07T09:20:00+02:00")  # the mini event's first morning


@pytest.fixture
def now() -> list[datetime]:
    return [DURING]


@pytest.fixture
def app(data_dir: Path, now: list[datetime]):
    return create_app({"TESTING": True, "DATA_DIR": str(data_dir), "CLOCK": lambda: now[0]})


def main_of(response) -> BeautifulSoup:
    return BeautifulSoup(response.data, "html.parser").find("main")


def test_the_start_page_holds_the_day_at_now_with_its_cards(client) -> None:
    main = main_of(client.get("/"))
    assert main.find("h1").get_text() == "Tuesday 7 April"
    assert [a["href"] for a in main.select("nav.days a")] == [
        "/?day=2026-04-07",
        "/?day=2026-04-08",
        "/?day=all",
    ]
    assert [c["data-session"] for c in main.select("article.card")] == ["s1a2b3", "k9x8y7"]
    assert main.find(id="now-line").get_text() == "Now · 09:20 CEST"
    assert main.find(id="loading") is None


def test_a_session_page_holds_its_title_place_time_and_star(client) -> None:
    main = main_of(client.get("/session/k9x8y7"))
    assert main.find("h1").get_text() == "Compiling Things"
    assert main.select_one("p.when.big").get_text() == "Tuesday 7 April, 09:15–09:25 CEST · 10 min"
    assert main.find("button", attrs={"data-star": "k9x8y7"})["aria-pressed"] == "false"
    assert main.select_one("details.session-qr summary").get_text() == "QR code of this session"


def test_imported_text_is_escaped(client) -> None:
    body = client.get("/").data.decode()
    assert "Opening &lt;script&gt;alert(1)&lt;/script&gt;" in body
    assert "<script>alert(1)" not in body


@pytest.mark.parametrize("path", ["/my", "/speaker/ada-lovelace", "/?day=2026-04-08", "/session/nosuch"])
def test_other_pages_get_the_plain_shell(client, path) -> None:
    assert main_of(client.get(path)).find(id="loading") is not None


def test_the_drawing_is_made_once_and_then_looked_up(client, monkeypatch) -> None:
    client.get("/")
    drawn = []
    monkeypatch.setattr(first_page, "first_screen", lambda *a: drawn.append(a))
    assert main_of(client.get("/")).find("article") is not None
    assert drawn == []


def test_a_phone_holding_the_page_gets_a_304_until_a_correction_changes_it(app, client) -> None:
    first = client.get("/")
    assert client.get("/", headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    correction = {"kind": "move", "session": "s1a2b3", "room": "side", "force": True}
    publish(runtime(app), correction)
    again = client.get("/", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 200
    assert main_of(again).select_one('[data-session="s1a2b3"] .room').get_text() == "Side Room"


def test_during_the_event_the_page_follows_the_minute(client, now) -> None:
    first = client.get("/")
    now[0] = DURING + timedelta(seconds=30)
    assert client.get("/").headers["ETag"] == first.headers["ETag"]
    now[0] = DURING + timedelta(minutes=1)
    later = client.get("/", headers={"If-None-Match": first.headers["ETag"]})
    assert later.status_code == 200
    assert main_of(later).find(id="now-line").get_text() == "Now · 09:21 CEST"


# (how the language is asked, <html lang>, the day's heading, the now line, a card's length,
# the count): the app's words and CLDR's dates (its no-break spaces too), as data/i18n.js
# writes them with the catalog.
IN_LANGUAGES = [
    (
        {"Accept-Language": "fr"},
        "fr",
        "mardi 7 avril",
        "Maintenant · 09:20 CEST",
        "à 09:30 · 30\u00a0min",
        "2 sessions",
    ),
    ({"hl": "de"}, "de", "Dienstag, 7. April", "Jetzt · 09:20 CEST", "bis 09:30 · 30 Min.", "2 Sessions"),
    (
        {"cookie": "es"},
        "es",
        "martes, 7 de abril",
        "Ahora · 9:20 CEST",
        "hasta las 9:30 · 30 min",
        "2 sesiones",
    ),
]


@pytest.mark.parametrize(("asked", "lang", "day", "now_line", "length", "count"), IN_LANGUAGES)
def test_a_reader_in_another_language_gets_the_first_screen_in_it(
    client, asked, lang, day, now_line, length, count
) -> None:
    asked = dict(asked)
    if "cookie" in asked:
        client.set_cookie("hallway-lang", asked.pop("cookie"))
    query = {"hl": asked.pop("hl")} if "hl" in asked else None
    resp = client.get("/", headers=asked, query_string=query)
    html = BeautifulSoup(resp.data, "html.parser")
    assert (html.find("html")["lang"], html.find("html")["dir"]) == (lang, "ltr")
    main = html.find("main")
    assert main.find(id="loading") is None
    assert main.find("h1").get_text() == day
    assert main.find(id="now-line").get_text() == now_line
    assert main.select_one('[data-session="s1a2b3"] .len').get_text() == length
    assert main.select_one("p.count").get_text() == count
    assert "Accept-Language" in resp.headers["Vary"] and "Cookie" in resp.headers["Vary"]


def test_a_session_page_in_french_says_its_time_and_place_in_french(client) -> None:
    main = main_of(client.get("/session/k9x8y7", headers={"Accept-Language": "fr-FR,fr;q=0.9"}))
    assert main.select_one("p.when.big").get_text() == "mardi 7 avril, 09:15–09:25 CEST · 10\u00a0min"
    # What the room's page shows comes from the venue, which the app reads after this drawing.
    assert main.select_one(".where-link").get_text() == "Où\u00a0: Side Room"
    assert main.select_one("details.session-qr summary").get_text() == "Code QR de cette session"


def test_a_language_asked_by_hl_stays_in_the_day_tabs_as_the_app_keeps_it(client) -> None:
    asked = client.get("/?hl=de")
    main = main_of(asked)
    assert main.find("h1").get_text() == "Dienstag, 7. April"
    assert [a["href"] for a in main.select("nav.days a")] == [
        "/?hl=de&day=2026-04-07",
        "/?hl=de&day=2026-04-08",
        "/?hl=de&day=all",
    ]
    browser = client.get("/", headers={"Accept-Language": "de"})
    assert browser.headers["ETag"] != asked.headers["ETag"]
    assert main_of(client.get("/?hl=de&day=all")).find(id="loading") is not None


def test_each_language_is_drawn_and_kept_apart(client) -> None:
    english = client.get("/")
    french = client.get("/", headers={"Accept-Language": "fr"})
    assert english.headers["ETag"] != french.headers["ETag"]
    assert client.get("/").data == english.data
    assert client.get("/", headers={"Accept-Language": "fr"}).data == french.data


def test_an_english_reader_gets_the_first_screen_with_what_chose_its_language_in_vary(client) -> None:
    resp = client.get("/", headers={"Accept-Language": "en-GB,fr;q=0.5"})
    assert BeautifulSoup(resp.data, "html.parser").select("main article.card")
    assert "Accept-Language" in resp.headers["Vary"] and "Cookie" in resp.headers["Vary"]


@pytest.mark.parametrize("asked", ["qq-ZZ", "xyzzy", "%3Cscript%3E", "", "de-%C3%A9", "a" * 40])
def test_a_language_offered_by_no_one_is_drawn_once_as_the_page_without_it(
    client, monkeypatch, asked
) -> None:
    plain = client.get("/")
    counted = []
    draw = first_page.first_screen
    monkeypatch.setattr(first_page, "first_screen", lambda *a: counted.append(a) or draw(*a))
    first = client.get(f"/?hl={asked}")
    again = client.get(f"/?hl={asked}-{len(counted)}")  # another made-up value: still no drawing
    assert counted == []
    assert first.data == again.data == plain.data
    assert first.headers["ETag"] == plain.headers["ETag"]


def test_a_language_asked_in_other_letters_shares_the_drawing_of_its_name(client, monkeypatch) -> None:
    german = client.get("/?hl=de")
    counted = []
    draw = first_page.first_screen
    monkeypatch.setattr(first_page, "first_screen", lambda *a: counted.append(a) or draw(*a))
    assert client.get("/?hl=DE").data == german.data
    assert client.get("/?hl=de-AT").data == german.data
    assert counted == []
