"""Which language a reader gets: the first offered of the address's ?lang= (pseudo-locales
too), the cookie, the browser's languages, the event's; a region falls back to its language; a
bad value is passed over."""

from __future__ import annotations

import pytest

from webapp.i18n.choose import choose, direction

OFFERED = ("en", "de", "es", "fr")


@pytest.mark.parametrize(
    ("explicit", "asked", "expected"),
    [
        ([None], ["de", "fr"], "de"),
        (["fr"], ["de"], "fr"),
        (["fr-CA"], [], "fr"),
        (["en-XA"], ["de"], "en-XA"),
        ([None], ["en-XA", "es"], "en"),  # a pseudo-locale only by address: elsewhere, its base language
        (["<script>"], ["es"], "es"),
        (["nl"], ["pt-BR", "ES"], "es"),
        ([None], [None, "", "zz"], "en"),
        ([None], ["DE-at"], "de"),
    ],
)
def test_the_first_offered_language_wins(explicit, asked, expected) -> None:
    assert choose(asked, OFFERED, explicit=explicit) == expected


@pytest.mark.parametrize(
    ("lang", "expected"), [("en", "ltr"), ("fr", "ltr"), ("ar", "rtl"), ("he", "rtl"), ("ar-XB", "rtl")]
)
def test_direction_follows_the_languages_script(lang, expected) -> None:
    assert direction(lang) == expected
