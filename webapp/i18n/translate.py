"""Translating from plain Python: a `Translator` over a `babel.support.Translations` object,
with the client's conventions (static/js/data/i18n.js): `{name}` placeholders filled from
keyword arguments, a count's `{n}` filled by ngettext. A renderer (Jinja, or a Python renderer
of the first screen) takes one as its `translate` and never needs Flask.

    t = translator("fr", "app")
    t._("Schedule")                                   # "Programme"
    t.ngettext("{n} session", "{n} sessions", 3)      # "3 sessions"
    t.pgettext("section", "Now")                      # "Maintenant"
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from babel.support import NullTranslations

from .catalogs import translations

PLACEHOLDER = re.compile(r"\{([A-Za-z0-9_]+)\}")


def fill(text: str, values: dict[str, Any]) -> str:
    """`{name}` replaced by str(values[name]); a placeholder without a value stays as written."""
    if not values:
        return text
    return PLACEHOLDER.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), text)


class Translator:
    def __init__(self, lang: str, catalog: NullTranslations):
        self.lang = lang
        self.catalog = catalog

    def gettext(self, msgid: str, **values: Any) -> str:
        return fill(self.catalog.gettext(msgid), values)

    _ = gettext

    def pgettext(self, context: str, msgid: str, **values: Any) -> str:
        return fill(self.catalog.pgettext(context, msgid), values)

    def ngettext(self, singular: str, plural: str, n: int, **values: Any) -> str:
        return fill(self.catalog.ngettext(singular, plural, n), {"n": n, **values})

    def npgettext(self, context: str, singular: str, plural: str, n: int, **values: Any) -> str:
        return fill(self.catalog.npgettext(context, singular, plural, n), {"n": n, **values})

    def template_globals(self) -> dict[str, Any]:
        """The names a Jinja template calls (`{{ _("…") }}`, `pgettext`...), Babel's keywords."""
        return {
            "_": self.gettext,
            "gettext": self.gettext,
            "ngettext": self.ngettext,
            "pgettext": self.pgettext,
            "npgettext": self.npgettext,
        }


@cache
def translator(lang: str, domain: str = "messages") -> Translator:
    return Translator(lang, translations(lang, domain))
