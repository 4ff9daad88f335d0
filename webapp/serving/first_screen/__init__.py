"""The first screen of `/` and of a session's page, written into the HTML by the server (and
the static export): the same markup the app's views draw from the outline at the same moment,
so the app takes it over without drawing it again (static/js/ui/dom.js, `adopt`).

A second renderer, in Python, of a few views (`schedule`, `session`): the app's views build
DOM with closures and listeners, which no template language shared by both sides could express
without rewriting them. What keeps the two the same is the equality test
(tests/e2e/attendee/test_first_screen_is_the_apps_own_drawing.py), which draws both in Chromium
and compares them. Pure functions of the outline document and `now`: no Flask here.
"""

from __future__ import annotations

from datetime import datetime

from .outline import Outline
from .schedule import schedule_page
from .session import session_page
from .voice import spoken, voice

__all__ = ["Outline", "first_screen", "spoken"]


def first_screen(data: Outline, path: str, now: datetime, lang: str = "en", kept: str = "") -> str | None:
    """The markup inside <main> of what the app draws first at `path` from the outline `data`
    (an `Outline` of the document, indexed once per version) at `now`, in the reader's language
    `lang` (one that is `spoken`), its links keeping the query `kept` ("hl=de") as the app's
    do; None for a page the server leaves to the app (any other
    route, an unknown session)."""
    v = voice(lang)
    if path == "/":
        return schedule_page(v, data, now, kept)
    if path.startswith("/session/"):
        session = data.by_id.get(path.removeprefix("/session/"))
        return session_page(v, data, session, now) if session else None
    return None
