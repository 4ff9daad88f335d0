"""The service worker, generated: its precache list and version come from the files' hashes.

Every file under the static directory is precached unless listed in NOT_PRECACHED with the
reason; a guard test keeps that list honest.
"""

from __future__ import annotations

import hashlib
import re

from flask import render_template

from ..i18n import catalogs
from ..i18n.client import FOLDER as CATALOGS
from ..serving.runtime import Runtime
from ..serving.shell import LOADING_PATTERN, documents
from ..web import assets, mangle
from ..web.built import (
    CONSOLE,
    LAZY_VIEWS,
    OFFLINE_WORKER_BUNDLE,
    OFFLINE_WORKER_MODULE,
    SEARCH_WORKER,
    SEARCH_WORKER_MODULE,
    WORKER_BUNDLE,
    WORKER_MODULE,
)

# The worker's push handling, an ES module like the app's so both run the same code (the
# corrections' rules, the kept schedule, what rings): bundled into the worker itself.
NOT_PRECACHED: dict[str, str] = {
    assets.INLINE_CSS: "inlined into the shell, which is precached",
    WORKER_MODULE: "the worker's own push handling, built into /sw.js?push=1",
    OFFLINE_WORKER_MODULE: "the worker's own code without push, built into /sw.js",
    "js/features/offline/worker-files.js": "the worker's answers to links offline, built into /sw.js",
    "js/features/language/worker-language.js": "the worker's own language loader, built into /sw.js",
    SEARCH_WORKER_MODULE: "the search index's builder, run from the script joined from it (SEARCH_WORKER)",
    "print.css": "door signs: printed online by organizers, not part of the app",
    "js/features/qr/door-signs.js": "door signs: printed online by organizers, not part of the app",
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
    # The scanner's fallback decoder (250 KB) for browsers without BarcodeDetector: not in the
    # install's precache (the first visit's critical bytes), but in LATER below. The small
    # QR encoder (vendor/lean-qr, 2 KB gzip) comes in LATER too: session codes show offline after it.
    "vendor/jsqr/": "QR decoder for the Scan view, too large for the first visit; precached LATER",
    # The organizers' console: attendees never load it, so their install stays as small as
    # before; an organizer's phone caches it when the console is first opened (it holds
    # code only: the token lives in localStorage, never in a cache).
    CONSOLE: "organizers' console, imported only when an organizer opens it; cached when first used",
}
# Files the build makes beside the scripts (webapp/web/mangle.py), by their ending.
GENERATED_SUFFIXES: dict[str, str] = {
    mangle.MAP: "source maps, fetched only by a browser's developer tools",
}
# Folders the build makes (not in static/): one catalog per language (webapp.i18n.client); the
# worker keeps the chosen one's (CATALOGS in templates/sw.js), never all of them; a language's
# console part (<lang>.console.json) is cached when the console first fetches it.
GENERATED_PREFIXES: dict[str, str] = {
    CATALOGS + "/": "each language's catalog: the chosen one's is kept when chosen, the others never fetched",
}
# The worker's second phase: fetched once the first screen is drawn and the worker runs (the
# page asks when idle, features/offline/worker-update.js), not in the install's precache: the
# QR decoder, so the first scan works offline on browsers without BarcodeDetector (iOS Safari,
# Firefox), and the code that makes calendar files offline, both without weighing on the first
# screen.
# The views read least (bundle.LAZY_VIEWS) and the modules only they use come in the same
# phase: until then, such a view says it is not on the phone yet (app.js).
LATER = (
    "vendor/jsqr/jsQR.js",
    "js/data/calendar-file.js",
    *LAZY_VIEWS,
    "js/features/qr/camera-scan.js",
    "js/features/qr/scan-worker.js",
    "js/features/qr/share-links.js",
    "js/features/qr/qr-encode.js",  # a session's QR code: the page says so until it is here
    "js/features/venue/building-list.js",  # the map's rooms by building: the map is a lazy view
    "vendor/lean-qr/nano.mjs",
    # The search index's worker: until it is kept, the page builds the index itself.
    SEARCH_WORKER,
)
# The app loads the outline, then the texts: both precached, so it works offline after one
# visit, descriptions and bios included. The whole schedule.json is not: the app never reads it.
DOCUMENTS = ("/", "/manifest.webmanifest", "/api/v1/outline.json", "/api/v1/texts.json", "/api/v1/venue.json")
ID_PATTERN = "[A-Za-z0-9_-]{1,64}"


def excluded(path: str, tree: assets.AssetTree | None = None) -> bool:
    """Not precached at install: listed above, fetched on demand or LATER, a source module the
    app runs from the bundle instead (webapp.web.bundle), or the worker's own code (in /sw.js)."""
    bundled = tree.bundled if tree is not None else frozenset()
    built_in = path in (WORKER_BUNDLE, OFFLINE_WORKER_BUNDLE)
    on_demand = path.startswith((*ON_DEMAND_PREFIXES, *GENERATED_PREFIXES)) or path in LATER
    on_demand = on_demand or path.endswith(tuple(GENERATED_SUFFIXES))
    return path in NOT_PRECACHED or on_demand or path in bundled or built_in


def precache_list(tree: assets.AssetTree) -> list[str]:
    return [*DOCUMENTS, *(tree.url(p) for p in tree.files if not excluded(p, tree))]


def later_list(tree: assets.AssetTree) -> list[str]:
    return [tree.url(p) for p in LATER if p in tree.files]


def route_regex(rule: str) -> str:
    """An app route like `/session/<sid>` as an anchored JavaScript regex source."""
    if not re.fullmatch(r"[a-z/<>_]+", rule):
        raise ValueError(f"app route {rule!r} has characters the worker's regex would need to escape")
    # A trailing slash is allowed: static hosts redirect /session/x to /session/x/ (its index.html).
    return "^" + re.sub(r"<[a-z_]+>", ID_PATTERN, rule) + ("" if rule == "/" else "/?") + "$"


def catalog_urls(tree: assets.AssetTree) -> dict[str, str]:
    """Language -> its catalog's address in this tree (English has none: the msgids)."""
    paths = {tag: f"{CATALOGS}/{tag}.json" for tag in (*catalogs.languages(), *catalogs.PSEUDO)}
    return {tag: tree.url(path) for tag, path in paths.items() if path in tree.files}


def worker_code(tree: assets.AssetTree, push: bool = True) -> str:
    """The worker's own modules as `hallway build` joined them: with the push handling
    (WORKER_BUNDLE, for /sw.js?push=1, the worker of a device that turned reminders with the
    app closed on) or without (OFFLINE_WORKER_BUNDLE); plain script for the worker's own
    (classic) script; "" for a tree without it."""
    built = tree.files.get(WORKER_BUNDLE if push else OFFLINE_WORKER_BUNDLE)
    return built.body.decode("utf-8") if built else ""


WORKER_SLOT = "@WORKER@"  # where the worker's own modules go, after compact() has read the rest


def compact(script: str) -> str:
    """The worker template's own code without its indentation, blank lines and whole-line
    comments: 1.4 KB of its 3.6 KB brotli, on every first visit. A line rule is exact for it: it
    has no string or template literal over several lines, and the values put in are JSON on one
    line (tests/unit/views/test_sw.py compares the tokens before and after). The worker's own
    modules (worker_code), minified by the build, are put in after."""
    kept = (line.strip() for line in script.split("\n"))
    return "\n".join(line for line in kept if line and not line.startswith("//")) + "\n"


def script(rt: Runtime, app_routes: tuple[str, ...], push: bool = False) -> bytes:
    """/sw.js, or with `push` /sw.js?push=1 (features/offline/worker-update.js says which a
    device registers): the same worker, with the push handling or without its ~6 KB."""
    tree = rt.tree()
    docs = documents(rt)
    precache = precache_list(tree)
    body = render_template(
        "sw.js",
        version="@VERSION@",
        precache=precache,
        later=later_list(tree),
        routes=[route_regex(r) for r in app_routes],
        loading=LOADING_PATTERN,
        # The English shell's own paragraph, not a copy of its words (templates/sw.js plainShell).
        source_loading=re.search(LOADING_PATTERN, docs.shell.decode("utf-8"))[0],  # type: ignore[index]
        catalogs=catalog_urls(tree),
        modules=WORKER_SLOT,
    )
    body = compact(body)
    # The version covers the worker's own code and everything it precaches except the feed,
    # and names its caches. The push handling is left out of it: both workers serve the same
    # files and drawings, so a device that turns reminders on keeps its caches (the push worker
    # takes over in the same version) instead of fetching them again and losing its pages' last
    # drawings.
    plain = body.replace(WORKER_SLOT, worker_code(tree, False), 1)
    seed = "\n".join([plain, tree.tree_hash, docs.shell_etag, docs.manifest_etag])
    version = hashlib.sha256(seed.encode()).hexdigest()[:12]
    whole = body.replace(WORKER_SLOT, worker_code(tree, True), 1) if push else plain
    return whole.replace("@VERSION@", version).encode("utf-8")
