"""A wrong address that a person follows (a door sign's, a QR code's, a calendar's, or none of
the site's) is refused in one line in the event's language, said in Content-Language; the
API's answers stay as its clients read them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from webapp import create_app


def client_in(data_dir: Path, language: str | None):
    config = {"TESTING": True, "DATA_DIR": str(data_dir)} | ({"LANGUAGE": language} if language else {})
    return create_app(config).test_client()


@pytest.mark.parametrize(
    ("language", "path", "status", "said"),
    [
        ("fr", "/nowhere", 404, "Il n’y a rien à cette adresse\u00a0: /nowhere"),
        ("de", "/print/room/main", 400, "day=JJJJ-MM-TT ist erforderlich"),
        ("de", "/print/room/attic?day=2026-04-07", 404, "kein Raum mit der ID attic"),
        ("es", "/print/all?day=2026-05-01", 404, "2026-05-01 no es un día del evento"),
        ("fr", "/session/nosuch/qr.svg", 404, "aucune session avec l’identifiant nosuch"),
        ("es", "/session/nope.ics", 404, "No hay ninguna sesión con el identificador 'nope'"),
        ("de", "/my.ics", 400, "Gib die markierten Sessions als ?s=<id>,<id>,... an"),
        ("fr", "/schedule.ics?alarm=soon", 400, "alarm\u00a0: un nombre entier de minutes de 0 à"),
        (None, "/nowhere", 404, "There is nothing at this address: /nowhere"),
    ],
)
def test_a_wrong_address_is_refused_in_the_events_language(data_dir, language, path, status, said) -> None:
    answer = client_in(data_dir, language).get(path)
    assert answer.status_code == status
    assert answer.mimetype == "text/plain"
    assert answer.headers["Content-Language"] == (language or "en")
    assert answer.get_data(as_text=True).startswith(said)


def test_a_method_the_address_does_not_take_is_said_too(data_dir) -> None:
    answer = client_in(data_dir, "es").post("/print")
    assert answer.status_code == 405
    assert answer.get_data(as_text=True) == "Esta dirección no se puede usar así (POST).\n"


def test_the_api_keeps_its_own_answers(data_dir) -> None:
    answer = client_in(data_dir, "fr").get("/api/v1/nowhere")
    assert answer.status_code == 404
    assert "Content-Language" not in answer.headers
    # A route of the API answers in its JSON, in English, for programs.
    refused = client_in(data_dir, "fr").get("/api/v1/changes?since=x")
    assert refused.status_code == 400
    assert json.loads(refused.data)["error"].startswith("since must be a version number")
