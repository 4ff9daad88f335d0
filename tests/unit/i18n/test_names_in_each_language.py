"""Names the app shows for things the schedule names by a code: the kinds of sessions (the
server's table, marked again for the app's catalog) and the languages sessions are given in
(CLDR's names in the reader's language, carried in its catalog file)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from webapp.domain.kinds import KNOWN
from webapp.i18n.locale_data import client_locale

KINDS_JS = Path(__file__).resolve().parents[3] / "static" / "js" / "data" / "kinds.js"


def test_the_app_marks_every_kind_name_the_server_gives_and_no_other() -> None:
    marked = set(re.findall(r'N_\("([^"]+)"\)', KINDS_JS.read_text(encoding="utf-8")))
    assert marked == set(KNOWN.values())


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("fr", {"en": "anglais", "de": "allemand", "es": "espagnol"}),
        ("de", {"en": "Englisch", "fr": "Französisch", "es": "Spanisch"}),
        ("es", {"en": "inglés", "fr": "francés", "de": "alemán"}),
    ],
)
def test_a_languages_file_names_the_languages_in_that_language(lang: str, names: dict[str, str]) -> None:
    table = client_locale(lang)["languages"]
    assert {tag: table[tag] for tag in names} == names
    assert len(table) > 100  # every ISO 639-1 language the outline names


@pytest.mark.parametrize("lang", ["en", "en-XA", "ar-XB"])
def test_english_and_the_pseudo_locales_carry_no_names_of_their_own(lang: str) -> None:
    assert "languages" not in client_locale(lang)  # the outline's English names serve
