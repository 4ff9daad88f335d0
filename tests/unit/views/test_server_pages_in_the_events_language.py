"""What everyone reads is written in the event's language (HALLWAY_LANGUAGE, else the imported
schedule's, else English): door signs, calendar files, the server's error pages; the app's own
shell stays in each reader's language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from webapp import create_app


def app_in(data_dir: Path, language: str | None = None, schedule_language: str | None = None):
    if schedule_language:
        path = data_dir / "schedule.json"
        doc = json.loads(path.read_text(encoding="utf-8"))
        doc["event"]["language"] = schedule_language
        path.write_text(json.dumps(doc), encoding="utf-8")
    config = {"TESTING": True, "DATA_DIR": str(data_dir)} | ({"LANGUAGE": language} if language else {})
    return create_app(config)


def page(client, path: str) -> BeautifulSoup:
    response = client.get(path)
    assert response.status_code == 200, response.data
    return BeautifulSoup(response.data, "html.parser")


def test_a_door_sign_in_french(data_dir) -> None:
    sign = page(app_in(data_dir, "fr").test_client(), "/print/room/main?day=2026-04-07")
    assert sign.html["lang"] == "fr"
    assert (
        sign.select_one(".day").get_text(" ", strip=True)
        == "mardi 7 avril 2026 · heures en CEST (Europe/Paris)"
    )
    assert sign.select_one("footer").get_text() == (
        "Scannez un code pour ouvrir la session dans l’application, même hors connexion."
    )
    assert sign.select_one("[data-print]").get_text() == "Imprimer"
    assert sign.select_one("figure")["aria-label"].startswith("Code QR menant à Opening <script>")


def test_the_door_signs_index_in_german_counts_with_plurals(data_dir) -> None:
    index = page(app_in(data_dir, "de").test_client(), "/print")
    assert index.select_one("h1").get_text() == "Türschilder"
    counts = {a.get_text(strip=True) for a in index.select("td a")}
    assert counts <= {"0 Sessions", "1 Session", "2 Sessions", "3 Sessions"} and "1 Session" in counts
    assert index.select_one("th[scope=col]").get_text() == "Raum"
    assert "Alle Schilder, Dienstag, 7. April 2026" in [a.get_text() for a in index.select(".actions a")]


def test_the_imported_schedules_language_when_no_setting_names_one(data_dir) -> None:
    sign = page(app_in(data_dir, schedule_language="es").test_client(), "/print/all")
    assert sign.html["lang"] == "es"
    assert sign.select_one(".day").get_text(" ", strip=True).startswith("martes, 7 de abril de 2026")


def test_a_schedule_in_a_language_hallway_does_not_speak_gets_english(data_dir) -> None:
    sign = page(app_in(data_dir, schedule_language="nl").test_client(), "/print/all")
    assert sign.html["lang"] == "en"
    assert sign.select_one(".day").get_text(" ", strip=True).startswith("Tuesday 7 April 2026")


def test_a_calendar_file_in_french(data_dir) -> None:
    client = app_in(data_dir, "fr").test_client()
    body = client.get("/my.ics?s=k9x8y7").data.decode("utf-8")
    assert "X-WR-CALNAME:MiniCon 2026 : mes favoris" in body.replace("\r\n ", "")


def test_the_error_page_speaks_the_settings_language(data_dir) -> None:
    (data_dir / "schedule.json").unlink()
    response = app_in(data_dir, "de").test_client().get("/api/v1/outline.json")
    assert response.status_code == 503
    assert response.headers["Content-Language"] == "de"
    assert response.get_data(as_text=True).startswith("Es wird noch kein Programm ausgeliefert")


def test_the_app_shell_starts_where_the_event_speaks_for_a_reader_it_cannot_serve(data_dir) -> None:
    client = app_in(data_dir, "fr").test_client()
    shell = page(client, "/")
    assert shell.html["lang"] == "fr" and shell.html["data-event-lang"] == "fr"
    # A reader whose browser asks for German gets German: the app is each reader's.
    assert (
        BeautifulSoup(client.get("/", headers={"Accept-Language": "de"}).data, "html.parser").html["lang"]
        == "de"
    )


@pytest.mark.parametrize("bad", ["xx", "fr_FR", "klingon"])
def test_a_language_hallway_does_not_speak_is_refused_at_start(monkeypatch, data_dir, bad) -> None:
    monkeypatch.setenv("HALLWAY_LANGUAGE", bad)
    with pytest.raises(Exception, match="HALLWAY_LANGUAGE"):
        create_app({"TESTING": True, "DATA_DIR": str(data_dir)})
