"""A time after a preposition takes an article that agrees with the hour in Spanish: "a la 1:00",
"a la 1:30", but "a las 13:00". gettext says it without code for one language: such a message
is a plural whose count is the hour as written (context "hour"), and Spanish's CLDR rule puts
1 in its "one" form. The server's first screen (voice.py) and the app (data/i18n.js) count the
same hour; tests/e2e/attendee/test_first_screen_is_the_apps_own_drawing.py holds them equal."""

from __future__ import annotations

import re
from datetime import datetime

import pytest
from babel import Locale

from webapp.i18n import catalogs, formats
from webapp.i18n.plural import plural_rule
from webapp.serving.first_screen.voice import voice

TWELVE_HOURS = {**formats.locale_of("en"), "time": ["h", "':", "mm", "' ", "a"]}


@pytest.mark.parametrize(("hours", "written"), [(1, 1), (13, 13), (0, 0), (23, 23)])
def test_the_hour_counted_is_the_one_a_24_hour_clock_writes(hours: int, written: int) -> None:
    assert formats.written_hour(formats.locale_of("es"), hours) == written


@pytest.mark.parametrize(("hours", "written"), [(1, 1), (13, 1), (0, 12), (12, 12)])
def test_the_hour_counted_is_the_one_a_12_hour_clock_writes(hours: int, written: int) -> None:
    assert formats.written_hour(TWELVE_HOURS, hours) == written


@pytest.mark.parametrize(
    ("hour", "minute", "said"),
    [
        (1, 0, "hasta la 1:00 · 30 min"),
        (1, 30, "hasta la 1:30 · 30 min"),
        (13, 0, "hasta las 13:00 · 30 min"),
    ],
)
def test_a_spanish_card_says_la_at_one_oclock_and_las_at_other_hours(
    hour: int, minute: int, said: str
) -> None:
    v = voice("es")
    end = datetime(2026, 4, 7, hour, minute)
    text = v.npgettext(
        "hour",
        "to {end} · {duration}",
        "to {end} · {duration}",
        v.hour(end),
        end=v.clock(end),
        duration="30 min",
    )
    assert text == said


def _forms() -> list[str]:
    return plural_rule(Locale.parse("es"))["forms"]


def _spanish() -> list:
    return [m for m in catalogs.read_catalog(catalogs.po_path("es", "app"), "es") if m.id]


@pytest.mark.parametrize("message", [m for m in _spanish() if m.context == "hour"], ids=lambda m: m.id[0])
def test_each_spanish_hour_message_says_la_for_one_oclock_and_las_for_the_rest(message) -> None:
    forms = dict(zip(_forms(), message.string, strict=True))
    assert re.search(r"\blas \{", forms["other"]), forms["other"]
    assert forms["one"] == forms["other"].replace("las {", "la {")
    assert forms["many"] == forms["other"]


def test_no_other_spanish_message_puts_an_article_before_a_placeholder() -> None:
    # An article before a time must follow its hour: such a message has to count the hour.
    wrong = [
        (m.id, s)
        for m in _spanish()
        if m.context != "hour"
        for s in (m.string if isinstance(m.string, tuple) else (m.string,))
        if re.search(r"\blas? \{", s or "")
    ]
    assert wrong == []
