"""The app's two documents: the HTML shell (same for every app route) and the manifest."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from flask import render_template

from ..i18n import catalogs
from ..i18n.choose import direction
from ..i18n.translate import translator
from ..web import assets, built
from . import install
from .language import event_language
from .published import Published, published
from .runtime import Runtime

THEME_COLOR = "#0b4f8a"
BACKGROUND_COLOR = "#f7f8fa"
ENTRY = built.BUNDLE  # the attendee app in one script (its lazy modules read it back)
# What a page with its first screen in <main> runs: the app, once that screen is painted.
START = "js/start.js"
# What <main> holds until the app draws: the service worker swaps it for the page's last
# drawing when it has one (templates/sw.js), so it finds this paragraph, in any language, by
# LOADING_PATTERN.
LOADING_PATTERN = '<p class="loading" id="loading">[^<]*</p>'  # a JavaScript RegExp's source


@dataclass(frozen=True)
class Documents:
    shell: bytes
    shell_etag: str
    manifest: bytes
    manifest_etag: str
    style_hash: str  # CSP source for the shell's inline style


def short_name(name: str, limit: int = 12) -> str:
    """Whole words of the event's name that fit a home-screen label, keeping a trailing year."""
    words = name.split()
    if len(name) <= limit or not words:
        return name[:limit] if words else "Hallway"
    year = words[-1] if words[-1].isdigit() else ""
    room = limit - (len(year) + 1 if year else 0)
    kept: list[str] = []
    for word in words[:-1] if year else words:
        if len(" ".join([*kept, word])) > room:
            break
        kept.append(word)
    label = " ".join(kept + ([year] if year else []))
    return label or name[:limit]


def manifest_dict(name: str, tree: assets.AssetTree) -> dict[str, Any]:
    def icon(path: str, sizes: str, purpose: str) -> dict[str, str]:
        return {"src": tree.url(path), "sizes": sizes, "type": "image/png", "purpose": purpose}

    return {
        "id": "/",
        "name": name,
        "short_name": short_name(name),
        "description": f"Schedule of {name}, offline.",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": BACKGROUND_COLOR,
        "theme_color": THEME_COLOR,
        "icons": [
            icon("icons/icon-192.png", "192x192", "any"),
            icon("icons/icon-512.png", "512x512", "any"),
            icon("icons/maskable-512.png", "512x512", "maskable"),
        ],
        "shortcuts": install.shortcuts(tree),
        "screenshots": install.screenshots(tree),
    }


def languages() -> list[dict[str, str]]:
    """The switcher's entries: each language offered, by its own name."""
    return [{"tag": tag, "name": catalogs.own_name(tag)} for tag in catalogs.languages()]


def _etag(body: bytes) -> str:
    return '"' + hashlib.sha256(body).hexdigest()[:16] + '"'


def shell_html(
    tree: assets.AssetTree,
    name: str,
    public_url: str,
    lang: str,
    event_lang: str,
    main: str | None = None,
) -> bytes:
    """The shell in `lang` with `main` inside <main>: None, the loading paragraph (the plain
    shell, the same for every route), or a page's first screen drawn by the server
    (serving/first_page.py). The title stays the event's: the service worker makes its plain
    shell from `/` by putting the loading paragraph back in <main> (templates/sw.js), and the app
    names the page when it draws."""
    t = translator(lang, "app")  # the shell is the app's: its words are in the client's catalog
    return render_template(
        "shell.html",
        **t.template_globals(),
        lang=lang,
        dir=direction(lang),
        event_lang=event_lang,  # where the app starts when the reader asks for none it speaks
        languages=languages(),
        title=name,
        plain=main is None,
        css=tree.text(assets.INLINE_CSS),
        theme_color=THEME_COLOR,
        entry=tree.url(ENTRY),
        start=tree.url(START),
        icon=tree.url("icons/icon-192.png"),
        prefix=tree.prefix,
        public_url=public_url,
        main=main,
    ).encode("utf-8")


def built_shell_etag(rt: Runtime, pub: Published, lang: str, event_lang: str) -> str | None:
    """The shell's ETag in `lang` for `pub` (the schedule the caller looked at, whose event's
    language is `event_lang`), when this process has built it (None: not built); the same key
    as `documents`, for the fast path in front of Flask (webapp/web/fastpath.py). A shell that
    comes to depend on more (the version, the day) keys both on it."""
    found = rt.shell.get(_key(rt, pub.schedule.event.name, lang, event_lang))
    return None if found is None else found.shell_etag


def _key(rt: Runtime, name: str, lang: str, event_lang: str) -> tuple[str, ...]:
    return (rt.tree().tree_hash, name, rt.config.get("PUBLIC_URL") or "", lang, event_lang)


def documents(rt: Runtime, lang: str = catalogs.SOURCE_LANGUAGE) -> Documents:
    """Built once per (asset tree, event name, public URL, language): the name is all the shell
    takes from the data; the public URL lets the scanner open door-sign codes made for another
    address; `lang` is the reader's (webapp.i18n.choose), in which the shell is written."""
    tree = rt.tree()
    name = published(rt).schedule.event.name
    event_lang = event_language(rt)
    key = _key(rt, name, lang, event_lang)
    found = rt.shell.get(key)
    if found is not None:
        return found
    css = tree.text(assets.INLINE_CSS)
    html = shell_html(tree, name, key[2], lang, event_lang)
    manifest = json.dumps(manifest_dict(name, tree), ensure_ascii=False, indent=1).encode("utf-8")
    return rt.shell.put(key, Documents(html, _etag(html), manifest, _etag(manifest), assets.csp_hash(css)))
