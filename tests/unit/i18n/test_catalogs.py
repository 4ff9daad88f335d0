"""The shipped catalogs are whole: every entry translated and not fuzzy, placeholders as in the
English, the language's plural forms, each catalog up to date with its template and each
template with the code (a string marked but never extracted fails here). The check can fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from webapp.i18n import catalogs, check

SHIPPED = [
    (lang, domain)
    for domain in catalogs.DOMAINS
    if catalogs.pot_path(domain).is_file()
    for lang in catalogs.translated_languages(domain=domain)
]


def test_french_german_and_spanish_are_shipped_for_the_app() -> None:
    assert {"fr", "de", "es"} <= {lang for lang, domain in SHIPPED if domain == "app"}


@pytest.mark.parametrize(("lang", "domain"), SHIPPED)
def test_a_shipped_catalog_has_no_missing_fuzzy_or_stale_entry(lang: str, domain: str) -> None:
    catalog = catalogs.read_catalog(catalogs.po_path(lang, domain), lang)
    template = catalogs.read_catalog(catalogs.pot_path(domain))
    assert check.problems(catalog, template, lang) == []


@pytest.mark.parametrize("domain", [d for d in catalogs.DOMAINS if catalogs.pot_path(d).is_file()])
def test_the_template_holds_every_string_the_code_marks(domain: str) -> None:
    template = {check.key(m) for m in catalogs.read_catalog(catalogs.pot_path(domain)) if m.id}
    assert check.extracted(domain) == template


BROKEN = r"""
msgid ""
msgstr ""
"Language: fr\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\n"

msgid "Schedule"
msgstr ""

#, fuzzy
msgid "Rooms"
msgstr "Salles"

msgid "Venue time · {zone}"
msgstr "Heure du lieu · {zona}"

msgid "{n} session"
msgid_plural "{n} sessions"
msgstr[0] "{n} session"
msgstr[1] "{n} sessions"
"""


def test_the_check_names_each_fault(tmp_path: Path) -> None:
    path = tmp_path / "app.po"
    path.write_text(BROKEN, encoding="utf-8")
    catalog = catalogs.read_catalog(path, "fr")
    template = catalogs.read_catalog(path)
    template.add("Map")
    found = check.problems(catalog, template, "fr")
    assert "missing: 'Schedule'" in found
    assert "fuzzy: 'Rooms'" in found
    assert any("{zona}" in f and "not in the English" in f for f in found)
    assert "fr: Plural-Forms says 2 forms, the language has 3" in found
    assert "not in the catalog: 'Map'" in found
