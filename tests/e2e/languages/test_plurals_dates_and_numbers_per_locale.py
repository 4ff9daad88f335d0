"""The client's translation runtime (static/js/data/i18n.js) alone, from the files on disk: plural
forms chosen by each language's CLDR rule (French says "0 session", Polish has few and many),
dates, times, "in 5 min" and numbers as each locale writes them, from the catalogs the build
makes of the shipped .po files (webapp/i18n/client.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from webapp.i18n import catalogs, client
from webapp.i18n.locale_data import client_locale

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "i18n"


def catalog(lang: str, root: Path = catalogs.ROOT) -> dict[str, Any]:
    po = catalogs.read_catalog(catalogs.po_path(lang, "app", root), lang)
    return client.catalog_file(lang, client.messages(po))


def run(page: Any, lang: str | None, script: str, root: Path = catalogs.ROOT) -> Any:
    """`script` (the body of an async function given `i18n`, the module) with `lang`'s catalog taken."""
    return page.evaluate(
        """async ([catalog, script]) => {
          const i18n = await import(document.body.dataset.assets + "js/data/i18n.js");
          if (!i18n.useCatalog(catalog)) throw new Error("catalog refused");
          return await new Function("i18n", script)(i18n);
        }""",
        [catalog(lang, root) if lang else None, script],
    )


CATEGORIES = "return [0, 1, 2, 5, 12, 22, 112, 1000000, 1.5].map((n) => i18n.pluralCategory(n));"


@pytest.mark.parametrize(
    ("lang", "root", "expected"),
    [
        (
            None,
            catalogs.ROOT,
            ["other", "one", "other", "other", "other", "other", "other", "other", "other"],
        ),
        ("fr", catalogs.ROOT, ["one", "one", "other", "other", "other", "other", "other", "many", "one"]),
        (
            "de",
            catalogs.ROOT,
            ["other", "one", "other", "other", "other", "other", "other", "other", "other"],
        ),
        ("es", catalogs.ROOT, ["other", "one", "other", "other", "other", "other", "other", "many", "other"]),
        ("pl", FIXTURES, ["many", "one", "few", "many", "many", "few", "many", "many", "other"]),
    ],
)
def test_plural_category_follows_the_languages_cldr_rule(app_modules, lang, root, expected) -> None:
    assert run(app_modules, lang, CATEGORIES, root) == expected


def test_polish_counts_take_their_few_and_many_forms(app_modules) -> None:
    said = run(
        app_modules,
        "pl",
        """return [1, 2, 4, 5, 12, 22, 25, 101].map((n) => i18n.ngettext("{n} session", "{n} sessions", n))
             .concat([i18n.npgettext("starred", "{n} session", "{n} sessions", 3)]);""",
        FIXTURES,
    )
    assert said == [
        "1 sesja", "2 sesje", "4 sesje", "5 sesji", "12 sesji", "22 sesje", "25 sesji", "101 sesji",
        "3 sesje oznaczone",
    ]  # fmt: skip


def test_an_untranslated_plural_falls_back_to_englishs_forms(app_modules) -> None:
    said = run(app_modules, "fr", 'return [0, 1, 2].map((n) => i18n.ngettext("{n} thing", "{n} things", n));')
    assert said == ["0 things", "1 thing", "2 things"]


@pytest.mark.parametrize(
    ("lang", "long", "short", "soon", "left", "number"),
    [
        (None, "Tuesday 7 April", "Tue 7 Apr", "in 5 min", "1 h 30 min", "12,345.5"),
        ("fr", "mardi 7 avril", "mar. 7 avr.", "dans 5\xa0min", "1\u202fh 30\xa0min", "12\u202f345,5"),
        ("de", "Dienstag, 7. April", "Di., 7. Apr.", "in 5 Min.", "1 Std. 30 Min.", "12.345,5"),
        ("es", "martes, 7 de abril", "mar, 7 abr", "dentro de 5 min", "1 h 30 min", "12.345,5"),
    ],
)
def test_dates_durations_and_numbers_as_each_locale_writes_them(
    app_modules, lang, long, short, soon, left, number
):
    said = run(
        app_modules,
        lang,
        """return [i18n.formatDay("2026-04-07"), i18n.formatDay("2026-04-07", "short"),
                   i18n.relativeMinutes(5), i18n.formatDuration(90), i18n.formatNumber(12345.5)];""",
    )
    assert said == [long, short, soon, left, number]


def test_times_follow_the_locales_clock(app_modules) -> None:
    said = {}
    for lang in ("de", "es"):
        said[lang] = run(app_modules, lang, "return [i18n.formatTime(9, 5), i18n.formatTime(21, 30)];")
    twelve = app_modules.evaluate(
        """async (catalog) => {
          const i18n = await import(document.body.dataset.assets + "js/data/i18n.js");
          i18n.useCatalog(catalog);
          return [i18n.formatTime(9, 5), i18n.formatTime(0, 30), i18n.formatTime(21, 30)];
        }""",
        client.catalog_file("en-US", {}),
    )
    assert said == {"de": ["09:05", "21:30"], "es": ["9:05", "21:30"]}
    assert twelve == ["9:05\u202fAM", "12:30\u202fAM", "9:30\u202fPM"]


def test_placeholders_are_filled_and_a_missing_one_stays(app_modules) -> None:
    said = run(
        app_modules,
        "fr",
        """return [i18n._("Venue time · {zone}", { zone: "CEST" }), i18n._("{a} and {b}", { a: "<b>" }),
                   i18n.pgettext("happening", "Next"), i18n._("Next"), i18n.language()];""",
    )
    # "Next" with its context is translated; without one it is another message (here, none).
    assert said == ["Heure du lieu · CEST", "<b> and {b}", "Ensuite", "Next", "fr"]


def test_a_broken_catalog_is_refused_and_english_stays(app_modules) -> None:
    said = app_modules.evaluate(
        """async () => {
          const i18n = await import(document.body.dataset.assets + "js/data/i18n.js");
          const refused = [null, 5, {lang: "fr"}, {lang: "<x>", messages: {}, locale: {plural: {forms: []}}},
                           {lang: "fr", messages: {a: 5}, locale: {plural: {forms: ["other"]}}}];
          return [refused.slice(1).map((c) => i18n.useCatalog(c)), i18n.language(), i18n._("Schedule")];
        }"""
    )
    assert said == [[False, False, False, False], "en", "Schedule"]


def test_the_english_data_in_the_module_is_what_cldr_gives(app_modules) -> None:
    english = app_modules.evaluate(
        'async () => (await import(document.body.dataset.assets + "js/data/i18n.js")).ENGLISH'
    )
    assert english == client_locale("en")


def test_a_catalog_part_adds_its_words_to_its_own_language_only(app_modules) -> None:
    """A part (the console's words, i18n/<lang>.console.json) joins the language taken; another
    language's or a broken one is refused; taking a catalog again forgets it. (The catalog
    taken here is the whole .po, the console's words in it: the part says one of its own.)"""
    said = run(
        app_modules,
        "fr",
        """const part = (lang, text) => ({ lang, part: "console", messages: { "Console words": text } });
        const refused = [i18n.addPart(part("de", "Konsole")), i18n.addPart(part("fr", 3))];
        const before = [i18n._("Console words"), i18n.hasPart("console")];
        const taken = i18n.addPart(part("fr", "Mots de la console"));
        const after = [i18n._("Console words"), i18n._("Schedule"), i18n.hasPart("console")];
        i18n.useCatalog({ lang: "fr", messages: {}, locale: { plural: { forms: ["other"], rules: [] } } });
        const again = [i18n._("Console words"), i18n.hasPart("console")];
        return [...refused, ...before, taken, ...after, ...again];""",
    )
    assert said == [
        False,
        False,
        "Console words",
        False,
        True,
        "Mots de la console",
        "Programme",
        True,
        "Console words",
        False,
    ]
