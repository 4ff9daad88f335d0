"""The service worker, generated: its precache list and version come from the files' hashes.

Every file under the static directory is precached unless listed in NOT_PRECACHED with the
reason; a guard test keeps that list honest.
"""

from __future__ import annotations

import hashlib
import re

from flask import render_template

from ..serving.runtime import Runtime
from ..serving.shell import LOADING, documents
from ..web import assets
from ..web.built import WORKER_BUNDLE, WORKER_MODULE

# The worker's push handling, an ES module like the app's so both run the same code (the
# corrections' rules, the kept schedule, what rings): bundled into the worker itself.
NOT_PRECACHED: dict[str, str] = {
    assets.INLINE_CSS: "inlined into the shell, which is precached",
    WORKER_MODULE: "the worker's own push handling, built into /sw.js",
    "print.css": "door signs: printed online by organizers, not part of the app",
    "js/print.js": "door signs: printed online by organizers, not part of the app",
    "css/organize.css": "the organizers' console's styles, loaded with the console (cached at first use)",
    "vendor/lean-qr/LICENSE": "the vendored library's licence, never fetched by the pages",
    "vendor/lean-qr/README.md": "where the vendored library comes from, never fetched by the pages",
    # The pages use only the 192 px icon; the browser fetches these itself when installing.
    "icons/icon-512.png": "install-time icon, fetched by the browser, never by the pages",
    "icons/maskable-512.png": "install-time icon, fetched by the browser, never by the pages",
    "screenshots/narrow.png": "the install dialog's picture, fetched by the browser, never by the pages",
    "screenshots/wide.png": "the install dialog's picture, fetched by the browser, never by the pages",
}
# Prefixes of paths fetched on demand and cached at first use (large, rarely needed).
ON_DEMAND_PREFIXES: dict[str, str] = {
    # The scanner's fallback decoder (250 KB) for browsers without BarcodeDetector. The small
    # QR encoder (vendor/lean-qr, 2 KB gzip) is precached: session codes show offline.
    "vendor/jsqr/": "QR decoder for the Scan view, too large to precache; cached when first used",
    # The organizers' console: attendees never load it, so their install stays as small as
    # before; an organizer's phone caches it when the console is first opened (it holds
    # code only: the token lives in localStorage, never in a cache).
    "js/organize/": "organizers' console, imported only when an organizer opens it; cached when first used",
}
# The app loads the outline, then the texts: both precached, so it works offline after one
# visit, descriptions and bios included. The whole schedule.json is not: the app never reads it.
DOCUMENTS = ("/", "/manifest.webmanifest", "/api/v1/outline.json", "/api/v1/texts.json", "/api/v1/venue.json")
ID_PATTERN = "[A-Za-z0-9_-]{1,64}"


def excluded(path: str, tree: assets.AssetTree | None = None) -> bool:
    """Not precached: listed above, fetched on demand, a source module the app runs from the
    bundle instead (webapp.web.bundle), or the worker's own push code (built into /sw.js)."""
    bundled = tree.bundled if tree is not None else frozenset()
    built_in = path == WORKER_BUNDLE
    return path in NOT_PRECACHED or path.startswith(tuple(ON_DEMAND_PREFIXES)) or path in bundled or built_in


def precache_list(tree: assets.AssetTree) -> list[str]:
    return [*DOCUMENTS, *(tree.url(p) for p in tree.files if not excluded(p, tree))]


def route_regex(rule: str) -> str:
    """An app route like `/session/<sid>` as an anchored JavaScript regex source."""
    if not re.fullmatch(r"[a-z/<>_]+", rule):
        raise ValueError(f"app route {rule!r} has characters the worker's regex would need to escape")
    # A trailing slash is allowed: static hosts redirect /session/x to /session/x/ (its index.html).
    return "^" + re.sub(r"<[a-z_]+>", ID_PATTERN, rule) + ("" if rule == "/" else "/?") + "$"


def worker_code(tree: assets.AssetTree) -> str:
    """The worker's push handling as `hallway build` joined it (webapp.web.build.WORKER_BUNDLE):
    plain script for the worker's own (classic) script; "" for a tree without it."""
    built = tree.files.get(WORKER_BUNDLE)
    return built.body.decode("utf-8") if built else ""


def script(rt: Runtime, app_routes: tuple[str, ...]) -> bytes:
    tree = rt.tree()
    docs = documents(rt)
    precache = precache_list(tree)
    body = render_template(
        "sw.js",
        version="@VERSION@",
        precache=precache,
        routes=[route_regex(r) for r in app_routes],
        loading=LOADING,
        push=worker_code(tree),
    )
    # The version covers the worker's own code and everything it precaches except the feed.
    seed = "\n".join([body, tree.tree_hash, docs.shell_etag, docs.manifest_etag])
    version = hashlib.sha256(seed.encode()).hexdigest()[:12]
    return body.replace("@VERSION@", version).encode("utf-8")
