"""The app's two documents: the HTML shell (same for every app route) and the manifest."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from flask import render_template

from ..web import assets, built
from . import install
from .failures import STORE_ERRORS
from .published import look_built, published
from .runtime import Runtime

THEME_COLOR = "#0b4f8a"
BACKGROUND_COLOR = "#f7f8fa"
ENTRY = built.BUNDLE  # the attendee app in one module (its lazy parts import it back)
# What <main> holds until the app draws: the service worker swaps it for the page's last
# drawing when it has one (templates/sw.js), so it finds this exact text in the shell.
LOADING = '<p class="loading" id="loading">Loading the schedule…</p>'


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


def _etag(body: bytes) -> str:
    return '"' + hashlib.sha256(body).hexdigest()[:16] + '"'


def shell_html(tree: assets.AssetTree, name: str, public_url: str, main: str = LOADING) -> bytes:
    """The shell with `main` inside <main>: LOADING (the plain shell, the same for every route),
    or a page's first screen drawn by the server (serving/first_page.py). The title stays the
    event's: the service worker makes its plain shell from `/` by putting LOADING back in <main>
    (templates/sw.js), and the app names the page when it draws."""
    return render_template(
        "shell.html",
        title=name,
        plain=main == LOADING,
        css=tree.text(assets.INLINE_CSS),
        theme_color=THEME_COLOR,
        entry=tree.url(ENTRY),
        preload=[tree.url(p) for p in assets.module_graph(tree, ENTRY) if p != ENTRY],
        icon=tree.url("icons/icon-192.png"),
        prefix=tree.prefix,
        public_url=public_url,
        main=main,
    ).encode("utf-8")


def built_shell_etag(rt: Runtime) -> str | None:
    """The shell's ETag now, when this process has built it (None: not built, or the store cannot
    be read now); the same key as `documents`, for the fast path in front of Flask
    (webapp/web/fastpath.py). A shell that comes to depend on more (the version, the day) keys
    both on it."""
    try:
        pub = look_built(rt)[1]
    except STORE_ERRORS:
        return None
    if pub is None:
        return None
    found = rt.shell.get(_key(rt, pub.schedule.event.name))
    return None if found is None else found.shell_etag


def _key(rt: Runtime, name: str) -> tuple[str, str, str]:
    return (rt.tree().tree_hash, name, rt.config.get("PUBLIC_URL") or "")


def documents(rt: Runtime) -> Documents:
    """Built once per (asset tree, event name, public URL): the name is all the shell takes from
    the data; the public URL lets the scanner open door-sign codes made for another address."""
    tree = rt.tree()
    name = published(rt).schedule.event.name
    key = _key(rt, name)
    public_url = key[2]
    found = rt.shell.get(key)
    if found is not None:
        return found
    css = tree.text(assets.INLINE_CSS)
    html = shell_html(tree, name, public_url)
    manifest = json.dumps(manifest_dict(name, tree), ensure_ascii=False, indent=1).encode("utf-8")
    return rt.shell.put(key, Documents(html, _etag(html), manifest, _etag(manifest), assets.csp_hash(css)))
