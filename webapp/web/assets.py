"""The PWA's files, content-addressed: one hash names the whole static tree.

Serving `static/` under `/assets/<tree hash>/` lets every file be cached immutably while
relative ES-module imports keep working. The tree is built once by `hallway build`
(`webapp.web.build`: bundled, minified, compressed) and a worker only reads it, at start; the
runtime (`webapp.serving`) holds what it read.
"""

from __future__ import annotations

import base64
import hashlib
import posixpath
import re
from pathlib import Path

import click

from . import built
from .built import Asset, AssetTree, BuildMissing

__all__ = ["Asset", "AssetTree", "BuildMissing", "at_start", "ensure_built", "tree"]

INLINE_CSS = "css/app.css"  # inlined into the shell so the first paint needs one round trip
SERVING_COMMAND = "run"  # `flask run`, `hallway run`: the development server


def tree(static: Path, debug: bool, held: tuple[Path, AssetTree] | None) -> tuple[Path, AssetTree]:
    """(where, tree): the build of `static`, read once (`held`: what was read before, the
    runtime keeps it): a deployment is a build and a restart. In debug mode the files are
    looked at on each call, and built again when one changed."""
    if held is not None and not debug:
        return held
    where = built.locate(static)
    if held is None or held[0] != where:
        if debug:
            ensure_built(static)
        held = (where, built.read(where, static))
    return held


def ensure_built(static_dir: Path) -> bool:
    """Builds `static_dir` unless it is built as it is now; True when it was built now. For the
    command line (`build`, `run`, `export`) and the debug server: a worker only reads."""
    # Imported here, not at the top: the bundler loads tree-sitter, which a worker never needs.
    from . import build

    return build.ensure(static_dir)[1]


def at_start(static: Path, debug: bool) -> bool:
    """Whether the app reads its tree as it is created. A server's worker reads the build, and
    refuses to start without one (the error names the command that makes it); the development
    server's command builds it first when missing; other commands read it only if they need it."""
    if debug or not serving():
        return False  # debug: read on each request
    command = click.get_current_context(silent=True)
    if command is not None and ensure_built(static):
        click.echo(f"built the static files of {static} (they had changed since the last build)", err=True)
    return True


def serving() -> bool:
    """Whether this process serves (a gunicorn worker, `hallway run`) rather than runs a command."""
    command = click.get_current_context(silent=True)
    return command is None or command.info_name == SERVING_COMMAND


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

    The shell runs one bundle (webapp/web/bundle.py) and preloads no module; this is what a
    test walks to see which modules an entry reaches. Dynamic `import()` is left out on
    purpose: it is loaded on demand.
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
