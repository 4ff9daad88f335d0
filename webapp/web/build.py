"""The build step (`hallway build`): the static tree bundled, minified, hashed and compressed,
once, into `build/static/<key>/` (`webapp.web.built`), where every worker and the static export
read it.

The attendee app's modules are joined into one (`webapp.web.bundle`), scripts are minified
(Terser, `webapp.web.mangle`; without Node, `webapp.web.minify`) and text files are compressed
at the best levels (`webapp.web.codings`). The whole build takes ~9 s, Terser and brotli at
level 11: a price paid once per change of the files, not by each worker as it starts. Nothing but the
command line imports this module (a guard test checks `create_app` does not).
"""

from __future__ import annotations

import hashlib
import mimetypes
import posixpath
import shutil
import time
from pathlib import Path

from ..i18n import client as i18n_client
from . import built, bundle, codings, jsmodule, mangle, minify, shake
from .built import Asset, AssetTree

COMPRESSIBLE = {".js", ".mjs", ".css", ".svg", ".json", ".webmanifest", ".html", ".txt", ".map"}
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".webmanifest": "application/manifest+json"}
APP_MODULE = "js/app.js"  # the attendee app's entry module, the root of the bundle
# Classic scripts a page runs, besides the bundle: the one that starts the app on a drawn page.
PAGE_SCRIPTS = frozenset({"js/start.js"})
SCRIPTS = (".js", ".mjs")
KEEP = 8  # builds kept (most recently used first): a rollback, and the trees tests deploy
IDLE = 3600  # seconds unused before a build past KEEP, or an unfinished one (a crash), is removed


def _built_scripts(sources: dict[str, bytes]) -> tuple[dict[str, bytes], frozenset[str]]:
    """The scripts as served: the bundle added, lazy modules pointed at it, all minified
    (vendored files are shipped minified already): by Terser where the machine has it
    (webapp.web.mangle), their comments and indentation removed otherwise."""
    made = bundle.build(APP_MODULE, sources)
    served = {**sources, **made.rewritten, made.path: made.body}
    classic = {script: module for module, script in built.CLASSIC_BUNDLES.items() if module in sources}
    for script, module in classic.items():
        served[script] = _classic_bundle(sources, module, script)
    ours = {p: b for p, b in served.items() if not p.startswith("vendor/")}
    if mangle.available():
        served.update(mangle.scripts(ours, classic=frozenset(classic), pages=PAGE_SCRIPTS | {made.path}))
    else:
        served.update({p: minify.javascript(b, p) for p, b in ours.items()})
    return served, frozenset(made.members)


def _classic_bundle(sources: dict[str, bytes], module: str, script: str) -> bytes:
    """`module` and only what it imports, joined, without the declarations it never reads
    (webapp.web.shake): with no other module to serve, the bundle exports nothing (a classic
    worker script cannot)."""
    reached: dict[str, bytes] = {}
    todo = [module]
    while todo:
        path = todo.pop()
        if path not in reached:
            reached[path] = sources[path]
            todo += [imp.target for imp in jsmodule.read(path, reached[path]).imports]
    return bundle.build(module, shake.shake(reached, module), bundle_path=script, page=False).body


def _asset(rel: str, body: bytes) -> Asset:
    suffix = posixpath.splitext(rel)[1]
    mimetype = TYPES.get(suffix) or mimetypes.guess_type(rel)[0] or "application/octet-stream"
    encoded = codings.smaller(body) if suffix in COMPRESSIBLE else {}
    return Asset(rel, body, mimetype, hashlib.sha256(body).hexdigest(), encoded)


def tree_of(read: dict[str, bytes]) -> AssetTree:
    """The served tree made from the static files `read` (relative path -> bytes)."""
    source, read = read, dict(read)
    bundled: frozenset[str] = frozenset()
    if APP_MODULE in read:
        scripts, bundled = _built_scripts({p: b for p, b in read.items() if p.endswith(SCRIPTS)})
        read.update(scripts)
        # The app's catalogs, one small JSON file per language and one per part of it loaded
        # apart (webapp.i18n.client), split by the marks in the modules as written (the served
        # ones call `_` by another name).
        read.update(i18n_client.build_files(static=source, parts_of=built.CATALOG_PARTS))
    read.update({p: minify.css(b) for p, b in read.items() if p.endswith(".css")})
    files = {rel: _asset(rel, read[rel]) for rel in sorted(read)}
    tree = hashlib.sha256("".join(f"{a.path}\0{a.digest}\n" for a in files.values()).encode())
    return AssetTree(
        tree_hash=tree.hexdigest()[:12], files=files, bundled=bundled, minifier=mangle.identity()
    )


def scan(root: Path) -> AssetTree:
    """The served tree of the static directory `root`, in memory."""
    return tree_of(built.sources(root))


def ensure(static_dir: Path, root: Path | None = None) -> tuple[Path, bool]:
    """Builds `static_dir` unless its build is there and whole; (where it is, whether built now)."""
    root = root or built.BUILD_ROOT
    read = built.sources(static_dir)
    target = root / built.key(read)
    try:
        current = built.read(target).minifier == mangle.identity()
    except built.BuildMissing:
        current = False
    if not current:
        shutil.rmtree(target, ignore_errors=True)  # a damaged build of this key, or another minifier's
        built.write(tree_of(read), target)
        prune(root, KEEP)
        return target, True
    return target, False


def prune(root: Path, keep: int) -> list[Path]:
    """Removes the builds past the `keep` most recently used (read by a server, or built) and
    unfinished ones, once unused for IDLE seconds: a server starting now may be about to read one."""
    builds = sorted(
        (d for d in root.iterdir() if (d / built.MANIFEST).is_file()),
        key=lambda d: (d / built.MANIFEST).stat().st_mtime,
        reverse=True,
    )
    idle = time.time() - IDLE
    old = [d for d in builds[keep:] if (d / built.MANIFEST).stat().st_mtime < idle]
    gone = old + [d for d in root.glob(".tmp-*") if d.stat().st_mtime < idle]
    for d in gone:
        shutil.rmtree(d, ignore_errors=True)
    return gone
