"""What the build makes of the catalogs for the client: one file per language holding only
translated, settled messages and the locale's CLDR data; pseudo-locales from the template."""

from __future__ import annotations

import json
from pathlib import Path

from webapp.i18n import client, pseudo
from webapp.i18n.translate import Translator, translator

PO = r"""
msgid ""
msgstr ""
"Language: fr\n"
"Plural-Forms: nplurals=3; plural=(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;\n"

msgid "Schedule"
msgstr "Programme"

msgid "Rooms"
msgstr ""

#, fuzzy
msgid "Map"
msgstr "Carte"

msgctxt "section"
msgid "Now"
msgstr "En cours"

msgid "{n} session"
msgid_plural "{n} sessions"
msgstr[0] "{n} session"
msgstr[1] "{n} de sessions"
msgstr[2] "{n} sessions"
"""


def tree(tmp_path: Path) -> Path:
    (tmp_path / "fr" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "fr" / "LC_MESSAGES" / "app.po").write_text(PO, encoding="utf-8")
    template = PO.replace('"Language: fr\\n"\n', "")
    (tmp_path / "app.pot").write_text(template, encoding="utf-8")
    return tmp_path


def test_a_languages_file_holds_only_its_settled_translations(tmp_path) -> None:
    files = client.build_files(tree(tmp_path))
    fr = json.loads(files["i18n/fr.json"])
    assert fr["lang"] == "fr" and fr["dir"] == "ltr" and fr["name"] == "Français"
    assert fr["messages"] == {
        "Schedule": "Programme",
        "section\u0004Now": "En cours",
        "{n} session": ["{n} session", "{n} de sessions", "{n} sessions"],
    }
    assert fr["locale"]["plural"]["forms"] == ["one", "many", "other"]
    assert fr["locale"]["months"][3] == "avril"


def test_pseudo_locales_hold_every_message_of_the_template(tmp_path) -> None:
    files = client.build_files(tree(tmp_path))
    xa = json.loads(files["i18n/en-XA.json"])["messages"]
    assert set(xa) == {"Schedule", "Rooms", "Map", "section\u0004Now", "{n} session"}
    assert json.loads(files["i18n/ar-XB.json"])["dir"] == "rtl"


def test_the_accented_pseudo_locale_is_longer_bracketed_and_keeps_placeholders() -> None:
    text = "Venue time · {zone}"
    made = pseudo.accented(text)
    assert made.startswith("[") and made.endswith("]") and "{zone}" in made
    assert "Ṽéñûé ţîɱé" in made
    assert len(made) >= 1.3 * len(text)


def test_the_mirrored_pseudo_locale_wraps_each_message_right_to_left() -> None:
    assert pseudo.mirrored("Now") == "\u202eNow\u202c"


def test_server_side_translation_fills_placeholders_and_counts(tmp_path) -> None:
    from webapp.i18n import catalogs

    catalog = catalogs.as_translations(
        catalogs.read_catalog(tree(tmp_path) / "fr/LC_MESSAGES/app.po", "fr"), "app"
    )
    t = Translator("fr", catalog)
    assert t._("Schedule") == "Programme"
    assert [t.ngettext("{n} session", "{n} sessions", n) for n in (0, 2, 1000000)] == [
        "0 session",
        "2 sessions",
        "1000000 de sessions",
    ]
    assert t.pgettext("section", "Now") == "En cours"
    assert t._("Untranslated {x} and {y}", x="<b>") == "Untranslated <b> and {y}"
    assert translator("en", "messages")._("Door signs") == "Door signs"


# Modules as the build reads them (path in the static tree -> bytes): "Schedule" is marked by a
# view and by the console, "Rooms" only by the console, "Map" by the console and the shell.
MODULES = {
    "js/views/now.js": b'import { _ } from "../data/i18n.js";\nh("h1", {}, _("Schedule"));\n',
    "js/features/organize/console.js": b'_("Schedule"); _("Rooms"); _("Map");\n'
    b'npgettext("section", "{n} session", "{n} sessions", 2);\n',
}
SHELL = b'<a href="/map" data-i18n="Map">{{ _("Map") }}</a>'
PARTS = {"console": "js/features/organize/"}


def test_a_message_only_the_console_marks_goes_in_the_consoles_file(tmp_path, monkeypatch) -> None:
    from webapp.i18n import parts

    monkeypatch.setattr(parts, "SHELL", tmp_path / "shell.html")
    parts.SHELL.write_bytes(SHELL)
    files = client.build_files(tree(tmp_path), static=MODULES, parts_of=PARTS)
    fr, console = json.loads(files["i18n/fr.json"]), json.loads(files["i18n/fr.console.json"])
    # "{n} session" is marked with a context by the console, so its plain entry stays the app's.
    assert set(fr["messages"]) == {"Schedule", "section\u0004Now", "{n} session"}
    assert console == {"lang": "fr", "part": "console", "messages": {}}
    xa, xa_console = json.loads(files["i18n/en-XA.json"]), json.loads(files["i18n/en-XA.console.json"])
    assert set(xa_console["messages"]) == {"Rooms"}
    assert "Rooms" not in xa["messages"] and {"Schedule", "Map"} <= set(xa["messages"])


def test_the_built_catalogs_split_every_message_between_the_app_and_the_console() -> None:
    from webapp.web import built

    static = built.sources(built.settings.PROJECT_ROOT / "static")
    files = client.build_files(static=static, parts_of=built.CATALOG_PARTS)
    po = client.messages(client.catalogs.read_catalog(client.catalogs.po_path("fr", "app"), "fr"))
    fr = json.loads(files["i18n/fr.json"])["messages"]
    console = json.loads(files["i18n/fr.console.json"])["messages"]
    assert not set(fr) & set(console) and {**fr, **console} == po
    assert "Organizer sign-in" in console and "Schedule" in fr
    # Said by the console and by the room notices alike: the app's.
    assert "Room full" in fr
