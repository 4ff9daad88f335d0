"""Door-sign pages: /print, /print/room/<id>?day=, /print/all."""

import pytest
from bs4 import BeautifulSoup


def soup(resp):
    assert resp.status_code == 200, resp.data
    return BeautifulSoup(resp.data, "html.parser")


def test_room_sign_shows_room_day_zone_and_each_session_with_its_code(client):
    page = soup(client.get("/print/room/main?day=2026-04-07"))
    assert page.select_one("h1.room").get_text() == "Main Room"
    assert "Tuesday 7 April 2026" in page.select_one(".day").get_text()
    assert "CEST (Europe/Paris)" in page.select_one(".tz").get_text()
    items = page.select("li.session")
    assert len(items) == 1
    assert items[0].select_one(".time").get_text() == "09:00–09:30"
    assert items[0].select_one(".speakers").get_text() == "Ada Lovelace"
    assert items[0].select_one("figure svg path") is not None
    assert items[0].select_one("figcaption").get_text() == "localhost/session/s1a2b3"


def test_titles_from_data_are_text_not_markup(client):
    page = soup(client.get("/print/room/main?day=2026-04-07"))
    assert page.select_one("h2.title").get_text() == "Opening <script>alert(1)</script>"
    assert page.select("script:not([src])") == []
    assert all(s.get("type") == "module" for s in page.select("script"))


def test_sign_links_its_print_stylesheet_which_asks_for_a4(client):
    page = soup(client.get("/print/room/side?day=2026-04-07"))
    href = page.select_one('link[rel="stylesheet"]')["href"]
    css = client.get(href)
    assert css.status_code == 200
    assert b"size: A4" in css.data


def test_room_without_sessions_that_day_says_so(client):
    page = soup(client.get("/print/room/side?day=2026-04-08"))
    assert page.select("li.session") == []
    assert "No sessions in this room on this day." in page.get_text()


@pytest.mark.parametrize(
    ("url", "status", "message"),
    [
        ("/print/room/main", 400, b"day=YYYY-MM-DD is required"),
        ("/print/room/main?day=7/4/2026", 400, b"is not a date like YYYY-MM-DD"),
        (
            "/print/room/main?day=2026-04-09",
            404,
            b"is not a day of the event; its days are 2026-04-07, 2026-04-08",
        ),
        ("/print/room/attic?day=2026-04-07", 404, b"no room with id attic"),
        ("/print/all?day=someday", 400, b"is not a date"),
    ],
)
def test_bad_room_or_day_gets_a_clear_error(client, url, status, message):
    resp = client.get(url)
    assert resp.status_code == status
    assert message in resp.data


def test_index_links_every_room_and_day_and_print_all(client):
    page = soup(client.get("/print"))
    links = {a["href"] for a in page.select("td a")}
    assert links == {
        f"/print/room/{room}?day={day}" for room in ("main", "side") for day in ("2026-04-07", "2026-04-08")
    }
    actions = [a["href"] for a in page.select(".actions a")]
    assert actions == ["/print/all", "/print/all?day=2026-04-07", "/print/all?day=2026-04-08"]


def test_print_all_has_one_sign_per_room_and_day_with_sessions(client):
    page = soup(client.get("/print/all"))
    rooms = [
        (s.select_one("h1.room").get_text(), s.select_one(".day").get_text().split(" ·")[0])
        for s in page.select("section.sign")
    ]
    assert rooms == [
        ("Main Room", "Tuesday 7 April 2026"),
        ("Main Room", "Wednesday 8 April 2026"),
        ("Side Room", "Tuesday 7 April 2026"),
    ]


def test_print_all_for_one_day(client):
    page = soup(client.get("/print/all?day=2026-04-07"))
    assert [s.select_one("h1.room").get_text() for s in page.select("section.sign")] == [
        "Main Room",
        "Side Room",
    ]
    assert len(page.select("section.sign figure svg")) == 2


def test_sign_codes_follow_the_public_url_setting(app, client):
    app.config["PUBLIC_URL"] = "https://schedule.example.org"
    page = soup(client.get("/print/room/side?day=2026-04-07"))
    assert page.select_one("figcaption").get_text() == "schedule.example.org/session/k9x8y7"


@pytest.mark.parametrize(
    "path", ["/print", "/print/all", "/print/all?day=2026-04-07", "/print/room/main?day=2026-04-07"]
)
def test_door_signs_are_revalidated_before_reuse(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-cache"


def test_a_code_image_keeps_its_day_long_cache(client):
    assert client.get("/session/s1a2b3/qr.svg").headers["Cache-Control"] == "public, max-age=86400"
