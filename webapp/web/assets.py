"""The PWA's files, content-addressed: one hash names the whole static tree.

Serving `static/` under `/assets/<tree hash>/` lets every file be cached immutably while
relative ES-module imports keep working. At scan time the attendee app's modules are joined
into one (`webapp.web.bundle`), scripts lose their comments and indentation
(`webapp.web.minify`), and text files are compressed, once.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import mimetypes
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

import brotli
from flask import Flask

from . import bundle, minify

COMPRESSIBLE = {".js", ".mjs", ".css", ".svg", ".json", ".webmanifest", ".html", ".txt", ".map"}
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".webmanifest": "application/manifest+json"}
INLINE_CSS = "css/app.css"  # inlined into the shell so the first paint needs one round trip
APP_MODULE = "js/app.js"  # the attendee app's entry module, the root of the bundle
SCRIPTS = (".js", ".mjs")


@dataclass(frozen=True)
class Asset:
    path: str  # relative to the static root, with forward slashes
    body: bytes
    mimetype: str
    digest: str
    encoded: dict[str, bytes]  # content-coding -> body, only when smaller than plain


@dataclass(frozen=True)
class AssetTree:
    tree_hash: str
    files: dict[str, Asset]
    # Source modules inside the bundle: still served (for reading, and for old pages), never
    # fetched by the app.
    bundled: frozenset[str] = frozenset()

    @property
    def prefix(self) -> str:
        return f"/assets/{self.tree_hash}/"

    def url(self, path: str) -> str:
        if path not in self.files:
            raise KeyError(f"no static file {path!r}")
        return self.prefix + path

    def text(self, path: str) -> str:
        return self.files[path].body.decode("utf-8")


# Compressed bodies by content digest: brotli at its best level is slow, and a rescan (debug
# mode, a test's fresh app) should only pay for files that changed.
_ENCODED: dict[str, dict[str, bytes]] = {}


def _encode(suffix: str, body: bytes, digest: str) -> dict[str, bytes]:
    if suffix not in COMPRESSIBLE:
        return {}
    if digest not in _ENCODED:
        out = {"gzip": gzip.compress(body, compresslevel=9, mtime=0), "br": brotli.compress(body, quality=11)}
        _ENCODED[digest] = {k: v for k, v in out.items() if len(v) < len(body)}
    return _ENCODED[digest]


# Bundled and minified scripts by the digest of all the sources: a rescan (debug mode, a
# test's fresh app) redoes the work only when a script changed.
_BUILT: dict[str, tuple[dict[str, bytes], frozenset[str]]] = {}


def _built_scripts(sources: dict[str, bytes]) -> tuple[dict[str, bytes], frozenset[str]]:
    """The scripts as served: the bundle added, lazy modules pointed at it, all minified
    (vendored files are shipped minified already)."""
    key = hashlib.sha256(
        b"".join(p.encode() + b"\0" + hashlib.sha256(b).digest() for p, b in sorted(sources.items()))
    )
    if key.hexdigest() not in _BUILT:
        built = bundle.build(APP_MODULE, sources)
        served = {**sources, **built.rewritten, built.path: built.body}
        served = {p: b if p.startswith("vendor/") else minify.javascript(b, p) for p, b in served.items()}
        _BUILT[key.hexdigest()] = (served, frozenset(built.members))
    return _BUILT[key.hexdigest()]


def _asset(rel: str, body: bytes) -> Asset:
    suffix = posixpath.splitext(rel)[1]
    mimetype = TYPES.get(suffix) or mimetypes.guess_type(rel)[0] or "application/octet-stream"
    digest = hashlib.sha256(body).hexdigest()
    return Asset(rel, body, mimetype, digest, _encode(suffix, body, digest))


def scan(root: Path) -> AssetTree:
    read: dict[str, bytes] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if not path.is_file() or any(part.startswith((".", "__")) for part in rel.split("/")):
            continue
        read[rel] = path.read_bytes()
    bundled: frozenset[str] = frozenset()
    if APP_MODULE in read:
        scripts, bundled = _built_scripts({p: b for p, b in read.items() if p.endswith(SCRIPTS)})
        read.update(scripts)
    read.update({p: minify.css(b) for p, b in read.items() if p.endswith(".css")})
    files = {rel: _asset(rel, read[rel]) for rel in sorted(read)}
    tree = hashlib.sha256("".join(f"{a.path}\0{a.digest}\n" for a in files.values()).encode())
    return AssetTree(tree_hash=tree.hexdigest()[:12], files=files, bundled=bundled)


def tree(app: Flask) -> AssetTree:
    """The tree as of startup: a deployment is a restart. In debug mode, rescanned each call."""
    cached = app.extensions.get("hallway.assets")
    if cached is None or app.debug:
        cached = scan(Path(app.config["STATIC_DIR"]))
        app.extensions["hallway.assets"] = cached
    return cached


def csp_hash(text: str) -> str:
    """The CSP source expression allowing exactly this inline text."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def pick_encoding(asset: Asset, accepted: object) -> str | None:
    """The smallest coding of `asset` the client accepts (werkzeug's MIMEAccept-like object)."""
    for coding in sorted(asset.encoded, key=lambda c: len(asset.encoded[c])):
        if accepted[coding]:  # type: ignore[index]
            return coding
    return None


STATIC_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;'"]*?from\s*["'](\.{1,2}/[^"']+)["']""", re.M)


def module_graph(tree: AssetTree, *roots: str) -> list[str]:
    """The modules `roots` load before running (static imports, followed transitively).

    The shell preloads them all, so the browser fetches the graph in parallel rather than
    one import at a time. Dynamic `import()` is left out on purpose: it is loaded on demand.
    """
    seen: list[str] = []
    todo = [r for r in roots if r in tree.files]
    while todo and len(seen) < len(tree.files):
        path = todo.pop(0)
        if path in seen:
            continue
        seen.append(path)
        for spec in STATIC_IMPORT.findall(tree.text(path)):
            target = posixpath.normpath(posixpath.join(posixpath.dirname(path), spec))
            if target in tree.files and target not in seen:
                todo.append(target)
    return seen
