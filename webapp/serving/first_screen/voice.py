"""The words of the first screen in the reader's language, as the app says them: its messages
through the `app` catalog with the msgids and contexts static/js marks (`_`, `ngettext`,
`pgettext`, a count's `{n}` written as data/i18n.js's formatNumber writes it), and its days,
times and lengths through webapp/i18n/formats.py, which writes what data/i18n.js writes from the
same locale data."""

from __future__ import annotations

import re
from datetime import datetime
from functools import cache
from typing import Any

from babel.support import NullTranslations
from markupsafe import Markup

from ...domain.kinds import KNOWN
from ...i18n import catalogs, formats, pseudo
from ...i18n.client import pseudo_locale
from ...i18n.translate import Translator, fill, translator

PLACEHOLDER = re.compile(r"\{([A-Za-z0-9_]+)\}")
KNOWN_NAMES = frozenset(KNOWN.values())  # data/kinds.js KNOWN_NAMES: the names it translates


def spoken(lang: str) -> bool:
    """Whether the server can write the first screen in `lang`: English, each language with an
    `app` catalog, and the pseudo-locales (?hl=en-XA, ?hl=ar-XB)."""
    return lang in catalogs.PSEUDO or lang in catalogs.languages()


def pseudo_translations(lang: str) -> NullTranslations:
    """The pseudo-locale's messages as the build makes them for the client
    (webapp/i18n/client.py, pseudo_messages): every entry of the app's template made pseudo,
    anything not in it left English."""
    template = catalogs.read_catalog(catalogs.pot_path("app"))
    make = pseudo.MAKERS[lang]
    for message in template:
        if message.id:
            ids = message.id if isinstance(message.id, (list, tuple)) else None
            message.string = (make(ids[0]), make(ids[1])) if ids else make(message.id)
    return catalogs.as_translations(template, "app")


class Voice:
    def __init__(self, lang: str, t: Translator, loc: formats.Locale) -> None:
        self.lang = lang
        self.t = t
        self.loc = loc
        self.names = loc.get("languages") if isinstance(loc.get("languages"), dict) else None

    def _(self, msgid: str, **values: Any) -> str:
        return self.t.gettext(msgid, **values)

    def pgettext(self, context: str, msgid: str, **values: Any) -> str:
        return self.t.pgettext(context, msgid, **values)

    def ngettext(self, singular: str, plural: str, n: int, **values: Any) -> str:
        text = self.t.catalog.ngettext(singular, plural, n)
        return fill(text, {"n": formats.format_number(self.loc, n), **values})

    def npgettext(self, context: str, singular: str, plural: str, n: int, **values: Any) -> str:
        text = self.t.catalog.npgettext(context, singular, plural, n)
        return fill(text, {"n": formats.format_number(self.loc, n), **values})

    def day(self, day: str, style: str = "long") -> str:
        return formats.format_day(self.loc, day, style)

    def clock(self, local: datetime) -> str:
        """`local`: the venue's wall-clock time (Outline.local)."""
        return formats.format_time(self.loc, local.hour, local.minute)

    def hour(self, local: datetime) -> int:
        """The count of a message that says "at {time}": the hour `clock` writes (formats.written_hour)."""
        return formats.written_hour(self.loc, local.hour)

    def length(self, start: datetime, end: datetime) -> str:
        return formats.format_duration(self.loc, (end - start).total_seconds() / 60)

    def language_name(self, given: str, tag: str) -> str:
        """data/languages.js languageName: the catalog's CLDR names, else the outline's (`given`)."""
        if self.names is None:
            return given
        own = self.names.get(tag.lower())
        return own if isinstance(own, str) and own else given

    def kind_name(self, name: str) -> str:
        return self._(name) if name in KNOWN_NAMES else name

    def sentence(self, text: str, **parts: Any) -> list[Any]:
        """ui/sentence.js: a translated message with elements (Markup) put at its placeholders;
        text stays text."""
        out: list[Any] = []
        at = 0
        for m in PLACEHOLDER.finditer(text):
            out.append(text[at : m.start()])
            part = parts.get(m.group(1), m.group(0))
            out.append(part if isinstance(part, Markup) else str(part))
            at = m.end()
        out.append(text[at:])
        return [p for p in out if p != ""]


@cache
def voice(lang: str = catalogs.SOURCE_LANGUAGE) -> Voice:
    if lang in pseudo.MAKERS:
        made = pseudo_locale(formats.locale_of(lang), pseudo.MAKERS[lang])
        return Voice(lang, Translator(lang, pseudo_translations(lang)), made)
    return Voice(lang, translator(lang, "app"), formats.locale_of(lang))
