"""The built static tree: what it holds, the key naming one build, and its files on disk.

`hallway build` (`webapp.web.build`) writes the tree once into `build/static/<key>/`; a server's
worker only reads it (`webapp.web.assets`). The key hashes everything the built bytes depend on,
the static files, the builder's own code and the parser's version, so a build cannot be stale: a
changed file names another directory, which does not exist until it is built.

The build lives in the project's `build/` (gitignored), not in DATA_DIR: it is made from the code,
not from an event's data, so one build serves every data directory (and every test's).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from contextlib import suppress
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path

from .. import settings
from ..domain import jsontext
from ..i18n import client as i18n_client
from .codings import SUFFIX

BUILD_ROOT = settings.PROJECT_ROOT / "build" / "static"
MANIFEST = "manifest.json"
FORMAT = 1
HERE = Path(__file__).resolve().parent
# The code that decides the built bytes: a change to any of it is a new key, so a new build.
BUILDER = (
    "build.py",
    "built.py",
    "bundle.py",
    "jsmodule.py",
    "minify.py",
    "mangle.py",
    "terser.mjs",
    "codings.py",
    "shake.py",
)
# The app's catalogs are made from webapp/translations by webapp/i18n (their code is builder too).
I18N = HERE.parent / "i18n"
PACKAGES = ("tree-sitter", "tree-sitter-javascript", "brotli", "babel")
BUNDLE = "js/app.bundle.js"  # the attendee app in one module, made by the build (webapp.web.bundle)
COMMAND = "`hallway build` (or `flask --app webapp build`)"

# The service worker's push handling and what it imports (changes.js, wake.js...): joined by
# the build into plain script the worker template takes in (webapp/views/sw.py).
# The views read least and the modules only they use (scanning a door's code, a shared list,
# the venue map) stay files of their own beside the bundle (webapp.web.bundle): the worker
# fetches them after the first screen (webapp/views/sw.py LATER), so they work offline without
# weighing on the first visit.
LAZY_VIEWS = ("js/views/scan.js", "js/views/share.js", "js/views/map.js", "js/views/code.js")
# The organizers' console: its modules are loaded only when an organizer opens it, and the
# messages only they mark come in a catalog file of their own (webapp/i18n/parts.py).
CONSOLE = "js/features/organize/"
CATALOG_PARTS = {"console": CONSOLE}
WORKER_MODULE = "js/features/push/worker-push.js"
WORKER_BUNDLE = "js/sw.bundle.js"
# The worker of a device without reminders with the app closed: the answers to links offline only.
OFFLINE_WORKER_MODULE = "js/features/offline/worker-offline.js"
OFFLINE_WORKER_BUNDLE = "js/sw-offline.bundle.js"
# The search index's builder (static/js/features/search/index-worker.js), joined the same way
# into a classic worker script of its own: module workers came to Firefox only in 2023.
SEARCH_WORKER_MODULE = "js/features/search/index-worker.js"
SEARCH_WORKER = "js/search.worker.js"
# Classic scripts the build joins from a module and what it imports: {module: script}.
CLASSIC_BUNDLES = {
    WORKER_MODULE: WORKER_BUNDLE,
    OFFLINE_WORKER_MODULE: OFFLINE_WORKER_BUNDLE,
    SEARCH_WORKER_MODULE: SEARCH_WORKER,
}


class BuildMissing(Exception):
    """No build of the static files as they are now."""


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
    # What minified the scripts (webapp.web.mangle.identity): not part of the key, which a
    # server computes too, and whose PATH may lack the Node the build had; `ensure` rebuilds
    # a build whose minifier is not the one this machine has now.
    minifier: str = ""

    @property
    def prefix(self) -> str:
        return f"/assets/{self.tree_hash}/"

    def url(self, path: str) -> str:
        if path not in self.files:
            raise KeyError(f"no static file {path!r}")
        return self.prefix + path

    def text(self, path: str) -> str:
        return self.files[path].body.decode("utf-8")


def sources(root: Path) -> dict[str, bytes]:
    """The static files by relative path; hidden files and caches (`.x`, `__pycache__`) left out."""
    read: dict[str, bytes] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.is_file() and not any(part.startswith((".", "__")) for part in rel.split("/")):
            read[rel] = path.read_bytes()
    return read


@cache
def _builder() -> bytes:
    code = b"".join(name.encode() + b"\0" + (HERE / name).read_bytes() for name in BUILDER)
    code += b"".join(p.name.encode() + b"\0" + p.read_bytes() for p in sorted(I18N.glob("*.py")))
    versions = "".join(f"{name}={metadata.version(name)}\n" for name in PACKAGES)
    return code + versions.encode()


def key(files: dict[str, bytes]) -> str:
    digest = hashlib.sha256(b"%d\0" % FORMAT + _builder())
    for rel, body in sorted(files.items()):
        digest.update(rel.encode() + b"\0" + hashlib.sha256(body).digest())
    for rel, body in sorted(i18n_client.sources().items()):
        digest.update(b"translations/" + rel.encode() + b"\0" + hashlib.sha256(body).digest())
    return digest.hexdigest()[:32]


def write(tree: AssetTree, target: Path) -> None:
    """The tree into `target`, atomically: a reader sees the whole build or none. A build of the
    same key finished meanwhile by another process is kept (its bytes are the same)."""
    for rel in tree.files:
        for suffix in SUFFIX.values():
            if rel + suffix in tree.files:
                raise ValueError(f"static file {rel + suffix}: would overwrite the compressed copy of {rel}")
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=target.parent))
    try:
        tmp.chmod(0o755)  # mkdtemp's 0700 would keep a web server under another user out
        entries = {}
        for asset in tree.files.values():
            _put(tmp / asset.path, asset.body)
            for coding, body in asset.encoded.items():
                _put(tmp / (asset.path + SUFFIX[coding]), body)
            entries[asset.path] = {
                "mimetype": asset.mimetype,
                "sha256": asset.digest,
                "codings": sorted(asset.encoded),
            }
        manifest = {
            "format": FORMAT,
            "tree_hash": tree.tree_hash,
            "bundled": sorted(tree.bundled),
            "minifier": tree.minifier,
            "files": entries,
        }
        (tmp / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True), encoding="utf-8")
        try:
            tmp.rename(target)
        except OSError:
            if not (target / MANIFEST).is_file():
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _put(path: Path, body: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(body)


def locate(static_dir: Path, root: Path | None = None) -> Path:
    """Where the build of `static_dir` as it is now lives (whether or not it was made)."""
    return (root or BUILD_ROOT) / key(sources(static_dir))


def read(where: Path, static_dir: Path | None = None) -> AssetTree:
    """The build in `where` (of `static_dir`); BuildMissing names the command that makes it."""
    try:
        manifest = jsontext.loads((where / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        what = f"the static files in {static_dir}" if static_dir else "the static files"
        raise BuildMissing(f"{what} were never built, or changed since (no {where}): run {COMMAND}") from None
    with suppress(OSError):  # a read-only deployment: nothing to prune there anyway
        (where / MANIFEST).touch()  # in use: `hallway build` prunes the least recently used
    files: dict[str, Asset] = {}
    for rel, entry in manifest["files"].items():
        try:
            body = (where / rel).read_bytes()
            encoded = {coding: (where / (rel + SUFFIX[coding])).read_bytes() for coding in entry["codings"]}
        except FileNotFoundError as exc:
            raise BuildMissing(f"{exc.filename} is missing from the build: run {COMMAND} again") from None
        if hashlib.sha256(body).hexdigest() != entry["sha256"]:
            raise BuildMissing(f"{where / rel} was changed after the build: run {COMMAND} again")
        files[rel] = Asset(rel, body, entry["mimetype"], entry["sha256"], encoded)
    return AssetTree(
        manifest["tree_hash"], files, frozenset(manifest["bundled"]), manifest.get("minifier", "")
    )
