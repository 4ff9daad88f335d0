"""The gettext catalogs in `webapp/translations/`: which languages there are, and each one read
as a `babel.support.Translations` object a plain function can translate with.

Two domains: `messages` (what the server writes: door signs, error pages, calendar files) and
`app` (the client: the shell and static/js). The .po files are the source; they are read as
they are (no compiled .mo is kept in the tree), once per process.
"""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

ROOT = Path(__file__).resolve().parent.parent / "translations"
DOMAINS = ("messages", "app")
SOURCE_LANGUAGE = "en"  # the msgids are English: English needs no catalog
# Generated at build time from the template, never in the switcher (webapp.i18n.pseudo).
PSEUDO = ("en-XA", "ar-XB")


def po_path(lang: str, domain: str, root: Path = ROOT) -> Path:
    return root / lang.replace("-", "_") / "LC_MESSAGES" / f"{domain}.po"


def pot_path(domain: str, root: Path = ROOT) -> Path:
    return root / f"{domain}.pot"


def translated_languages(root: Path = ROOT, domain: str = "app") -> tuple[str, ...]:
    """The languages with a catalog of `domain`, as BCP 47 tags ("fr", "pt-BR"), sorted."""
    found = sorted(p.parent.parent.name.replace("_", "-") for p in root.glob(f"*/LC_MESSAGES/{domain}.po"))
    return tuple(found)


@cache
def languages(root: Path = ROOT) -> tuple[str, ...]:
    """The languages a reader can choose: English, then those translated for the app. Looked
    for once per process, as the catalogs are read: every request for a page asks (the reader's
    language, the event's), and the look (a glob of the tree) cost ~90 us of a shell's 304."""
    return (SOURCE_LANGUAGE, *(lang for lang in translated_languages(root) if lang != SOURCE_LANGUAGE))


def own_name(lang: str) -> str:
    """The language's name in itself, as a switcher lists it: "Français", "Deutsch"."""
    try:
        name = Locale.parse(lang, sep="-").get_display_name(Locale.parse(lang, sep="-")) or lang
    except (UnknownLocaleError, ValueError):
        return lang
    return name[:1].upper() + name[1:]


def read_catalog(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as fp:
        return read_po(fp, locale=lang.replace("-", "_") if lang else None)


def as_translations(catalog: Catalog, domain: str) -> Translations:
    """A catalog as gettext objects, through an in-memory .mo (what gettext reads)."""
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return Translations(fp=buf, domain=domain)


@cache
def translations(lang: str, domain: str = "messages", root: Path = ROOT) -> NullTranslations:
    """`lang`'s catalog of `domain`; English, or a language without one, gets the msgids back."""
    path = po_path(lang, domain, root)
    if lang == SOURCE_LANGUAGE or not path.is_file():
        return NullTranslations()
    return as_translations(read_catalog(path, lang), domain)
