"""What makes a shipped catalog wrong, for the check translators run (tests/unit/i18n): entries a
reader would see in English (empty or fuzzy), placeholders that differ from the English, plural
forms that are not the language's, a catalog behind its template, a template behind the code."""

from __future__ import annotations

import re
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

from .client import key, missing_or_fuzzy
from .parts import KEYWORDS, marked_key

__all__ = ["key", "problems", "extracted"]

PLACEHOLDER = re.compile(r"\{[A-Za-z0-9_]+\}")
PROJECT = Path(__file__).resolve().parents[2]
CONFIG = {"app": PROJECT / "babel-app.cfg", "messages": PROJECT / "babel.cfg"}


def _forms(message_id: object) -> list[str]:
    return list(message_id) if isinstance(message_id, (list, tuple)) else [str(message_id)]


def wrong_placeholders(catalog: Catalog) -> list[str]:
    found = []
    for message in catalog:
        if not message.id:
            continue
        wanted = {p for f in _forms(message.id) for p in PLACEHOLDER.findall(f)}
        for string in _forms(message.string):
            if string and set(PLACEHOLDER.findall(string)) - wanted:
                found.append(f"placeholder not in the English: {key(message)!r} -> {string!r}")
            if string and not set(PLACEHOLDER.findall(string)) >= (wanted - {"{n}"}):
                found.append(f"placeholder left out: {key(message)!r} -> {string!r}")
    return found


def wrong_plural_forms(catalog: Catalog, lang: str) -> list[str]:
    wanted = len(Locale.parse(lang, sep="-").plural_form.tags | {"other"})
    if catalog.num_plurals != wanted:
        return [f"{lang}: Plural-Forms says {catalog.num_plurals} forms, the language has {wanted}"]
    return [
        f"{lang}: {key(m)!r} has {len(m.string)} forms"
        for m in catalog
        if m.pluralizable and len(m.string) != wanted
    ]


def behind_template(catalog: Catalog, template: Catalog) -> list[str]:
    ids = {key(m) for m in catalog if m.id}
    wanted = {key(m) for m in template if m.id}
    return [f"not in the catalog: {k!r}" for k in sorted(wanted - ids)] + [
        f"no longer in the template: {k!r}" for k in sorted(ids - wanted)
    ]


def extracted(domain: str) -> set[str]:
    """The keys the code marks for `domain`, as `pybabel extract -F <its config>` finds them."""
    with CONFIG[domain].open(encoding="utf-8") as fp:
        method_map, options_map = parse_mapping_cfg(fp)
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        PROJECT, method_map, options_map, keywords=KEYWORDS
    ):
        found.add(marked_key(message, context))
    return found


def problems(catalog: Catalog, template: Catalog, lang: str) -> list[str]:
    return [
        *missing_or_fuzzy(catalog),
        *wrong_placeholders(catalog),
        *wrong_plural_forms(catalog, lang),
        *behind_template(catalog, template),
    ]
