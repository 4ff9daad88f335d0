"""The event's language: the one the server writes what everyone reads in (door signs, calendar
files, its error pages), through Flask-Babel.

HALLWAY_LANGUAGE when set, else the imported schedule's language when Hallway speaks it, else
English. Flask-Babel chooses it per request (its locale selector) and the server's templates
get Hallway's translating names over the `messages` catalog (webapp.i18n.translate: `{name}`
placeholders, as in the app's catalog, rather than Flask-Babel's `%(name)s`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from flask import Flask
from flask_babel import Babel, get_locale

from ..domain.serialize import ScheduleFormatError
from ..i18n import catalogs
from ..i18n.choose import choose
from ..i18n.translate import Translator, translator
from .failures import StoreUnavailable
from .published import published
from .runtime import Runtime


def event_language(rt: Runtime) -> str:
    try:
        imported = published(rt).schedule.event.language
    except (ScheduleFormatError, StoreUnavailable):
        imported = None  # nothing served yet: the error page still speaks the setting's language
    return language_of(rt, imported)


def language_of(rt: Runtime, imported: str | None) -> str:
    """The event's language for a schedule that gives `imported` as its own (or None)."""
    return _chosen(rt.config.get("LANGUAGE"), imported)


@lru_cache(maxsize=64)  # asked at every request for a page (twice for the shell): a few pairs
def _chosen(setting: str | None, imported: str | None) -> str:
    return choose([setting, imported], catalogs.languages())


def server_translator() -> Translator:
    """The `messages` catalog in the event's language, for this request."""
    return translator(str(get_locale() or catalogs.SOURCE_LANGUAGE).replace("_", "-"), "messages")


def init_app(app: Flask, rt: Runtime) -> None:
    # Flask-Babel parses the tag as Babel does ("pt_BR").
    Babel(app, locale_selector=lambda: event_language(rt).replace("-", "_"), configure_jinja=False)

    @app.context_processor
    def translating() -> dict[str, Any]:
        # A template rendered with its own names (the shell: the reader's language) keeps them.
        return {**server_translator().template_globals(), "lang": server_translator().lang}
