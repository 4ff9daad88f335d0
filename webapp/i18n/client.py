"""A language's file for the app's client: its translated `app` messages and its locale data,
as JSON (`build/…/i18n/<lang>.json`, made by `hallway build`; static/js/data/i18n.js reads it),
and beside it a file per part of the client loaded apart, holding the messages only that part
marks (`i18n/<lang>.console.json`: the organizers' console's; webapp/i18n/parts.py decides).

Only messages translated and not fuzzy go in: the client shows the msgid (English) for the
rest, and the catalog check (`missing_or_fuzzy`) keeps a shipped catalog whole. Keys: the msgid,
or "context\\u0004msgid" (gettext's own separator) with a context; a plural entry is the list of
its forms in the order of the plural rule's `forms`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message

from . import catalogs, parts, pseudo
from .choose import direction
from .locale_data import client_locale
from .parts import CONTEXT_SEP

FOLDER = "i18n"  # in the built static tree


def key(message: Message) -> str:
    msgid = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
    return f"{message.context}{CONTEXT_SEP}{msgid}" if message.context else str(msgid)


def messages(catalog: Catalog) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.string, (list, tuple)):
            if all(message.string):
                out[key(message)] = list(message.string)
        elif message.string:
            out[key(message)] = message.string
    return out


def pseudo_messages(template: Catalog, lang: str) -> dict[str, Any]:
    make = pseudo.MAKERS[lang]
    out: dict[str, Any] = {}
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, (list, tuple)):
            out[key(message)] = [make(message.id[0]), make(message.id[1])]
        else:
            out[key(message)] = make(message.id)
    return out


def missing_or_fuzzy(catalog: Catalog) -> list[str]:
    """The entries of a catalog a reader would see in English: untranslated or fuzzy."""
    found = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if message.fuzzy or not all(strings):
            found.append(f"{'fuzzy' if message.fuzzy else 'missing'}: {key(message)!r}")
    return found


def pseudo_locale(data: dict[str, Any], make: Any) -> dict[str, Any]:
    """The locale's words made pseudo too (month and day names, "in {0} min"...), so that a date
    the app writes shows as its own, never as English left over."""
    out = dict(data)
    for key in ("months", "monthsShort", "weekdays", "weekdaysShort", "dayPeriods"):
        out[key] = [make(word) for word in data[key]]
    out["inMinutes"] = {form: make(text) for form, text in data["inMinutes"].items()}
    out["durations"] = {
        unit: {f: make(t) for f, t in forms.items()} for unit, forms in data["durations"].items()
    }
    return out


def catalog_file(lang: str, body: dict[str, Any]) -> dict[str, Any]:
    locale = client_locale(lang)
    return {
        "lang": lang,
        "dir": direction(lang),
        "name": catalogs.own_name(lang),
        "messages": body,
        "locale": pseudo_locale(locale, pseudo.MAKERS[lang]) if lang in pseudo.MAKERS else locale,
    }


def part_file(lang: str, part: str, body: dict[str, Any]) -> dict[str, Any]:
    """A part's messages (static/js/data/i18n.js addPart): the language's locale data is in its
    app file, already taken when a part is."""
    return {"lang": lang, "part": part, "messages": body}


def build_files(
    root: Path = catalogs.ROOT,
    static: Mapping[str, bytes] | None = None,
    parts_of: Mapping[str, str] | None = None,
) -> dict[str, bytes]:
    """Path in the static tree -> bytes, for every language but English (whose messages are the
    msgids and whose locale data static/js/data/i18n.js holds), and the pseudo-locales.
    `parts_of`: part -> the folder of its modules among `static` (the static tree's files), each
    part's messages in a file of their own (webapp/i18n/parts.py)."""
    files: dict[str, Any] = {}
    for lang in catalogs.translated_languages(root):
        if lang != catalogs.SOURCE_LANGUAGE:
            po = catalogs.read_catalog(catalogs.po_path(lang, "app", root), lang)
            files[lang] = messages(po)
    template = catalogs.pot_path("app", root)
    if template.is_file():
        pot = catalogs.read_catalog(template)
        for lang in pseudo.MAKERS:
            files[lang] = pseudo_messages(pot, lang)
    owned = parts.owners(static or {}, parts_of or {})
    made: dict[str, Any] = {}
    for lang, body in files.items():
        made[f"{FOLDER}/{lang}.json"] = catalog_file(lang, {k: v for k, v in body.items() if k not in owned})
        for part in parts_of or {}:
            mine = {k: v for k, v in body.items() if owned.get(k) == part}
            made[f"{FOLDER}/{lang}.{part}.json"] = part_file(lang, part, mine)
    return {
        path: json.dumps(body, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode()
        for path, body in made.items()
    }


def sources(root: Path = catalogs.ROOT) -> dict[str, bytes]:
    """The files the client's catalogs are made from, for the build's key: the catalogs, and the
    shell, whose marks keep a message in the app's file (webapp/i18n/parts.py)."""
    found = [*sorted(root.glob("*/LC_MESSAGES/app.po")), catalogs.pot_path("app", root)]
    made = {p.relative_to(root).as_posix(): p.read_bytes() for p in found if p.is_file()}
    return {**made, "../templates/shell.html": parts.SHELL.read_bytes()}
