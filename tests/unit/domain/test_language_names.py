"""The outline names the sessions' languages (webapp.domain.languages), so the app never starts
Intl on its first screen to name them."""

from __future__ import annotations

import json

import pytest

from webapp.domain.languages import TABLE, language_names, tag_of
from webapp.serving.texts import split


def _doc(session_languages: list[str | None], event_language: str | None = None) -> dict:
    sessions = [
        {"id": f"s{n}", "start": "2026-04-07T09:00:00+02:00", "end": "2026-04-07T10:00:00+02:00"}
        | ({"language": lang} if lang else {})
        for n, lang in enumerate(session_languages)
    ]
    event = {"name": "E", "timezone": "Europe/Paris"} | (
        {"language": event_language} if event_language else {}
    )
    return {"version": 1, "store": "x", "event": event, "sessions": sessions, "speakers": []}


def test_the_table_names_every_two_letter_code() -> None:
    table = json.loads(TABLE.read_text(encoding="utf-8"))
    assert len(table) == 184  # ISO 639-1
    assert table["en"] == "English" and table["de"] == "German" and table["fr"] == "French"
    assert all(code.isalpha() and len(code) == 2 and code.islower() for code in table)
    assert all(isinstance(name, str) and name for name in table.values())


def test_names_for_the_tags_given_each_once_in_any_case() -> None:
    assert language_names(["de", "en", "de", "EN"]) == {"EN": "English", "de": "German", "en": "English"}


def test_tags_the_table_lacks_are_left_to_the_browser() -> None:
    assert language_names(["en-US", "deu", "zz", ""]) == {}


def test_the_outline_carries_the_names_of_the_sessions_and_the_events_languages() -> None:
    outline = split(_doc(["de", None, "fr"], event_language="en"))[0]
    assert outline["language_names"] == {"de": "German", "en": "English", "fr": "French"}
    outline = split(_doc([None]))[0]
    assert "language_names" not in outline


@pytest.mark.parametrize(
    ("written", "tag"),
    [
        ("German", "de"),
        ("english", "en"),
        (" French ", "fr"),
        ("DE", "de"),
        ("Deutsch", None),
        ("aa", "aa"),
        ("", None),
    ],
)
def test_a_language_named_in_english_or_by_its_tag_gives_the_tag(written, tag) -> None:
    assert tag_of(written) == tag
