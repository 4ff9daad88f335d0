"""The README is a front door: short, and every page it and the docs link to exists. Every
path of the repository the docs write in backticks exists too, and every JS file a test names
in its docstrings and comments."""

from __future__ import annotations

import ast
import fnmatch
import io
import re
import subprocess
import tokenize
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
FENCED = re.compile(r"^```.*?^```", re.M | re.S)
BACKTICKED = re.compile(r"`([^`\n]+)`")
CODE_FILE = re.compile(r"[\w.-]+\.(?:py|js|mjs)")
PLACEHOLDER = re.compile(r"<[^<>/]+>")

# Paths the docs write that are not in the repository, on purpose: each says where it is.
NOT_IN_THE_REPOSITORY = {
    # What a run writes beside the shipped event, as the docs say (.gitignore covers them).
    "data/corrections.sqlite3": "the corrections store, made on first start (deploy.md)",
    "data/push/": "Web Push's VAPID key, made on first start (reliability.md)",
    "data/follow/": "the follower's state, written while it follows a source (reliability.md)",
    "data/.*.tmp": "the temporary file of a killed write (reliability.md)",
    "data/venue/": "where an organizer puts a floor's own image (venue.md); the shipped event has none",
    "data/venue/history/": "the venue documents the editor's saves replaced (venue.md, api.md)",
    # What `hallway build` writes under build/.
    "build/static/<key>/": "the built static files, one folder per build",
    "build/static/<key>/i18n/<lang>.json": "a language's built catalog",
    "js/app.bundle.js": "the attendee app, bundled by the build",
    "app.bundle.js": "the attendee app, bundled by the build",
    "js/sw.bundle.js": "the service worker's own modules, bundled by the build",
    "js/search.worker.js": "the search index's worker, bundled by the build",
    "i18n/fr.json": "a language's built catalog",
    "i18n/<lang>.console.json": "the console's part of a language's built catalog",
    # Made by the setup commands, or outside the repository.
    ".venv/bin/": "made by scripts/run.sh and scripts/test.sh",
    "bench/node_modules/@paulirish/trace_engine/models/trace/lantern/metrics/FirstContentfulPaint.js": (
        "Lighthouse's trace engine, installed by `(cd bench && npm ci)`"
    ),
    "LargestContentfulPaint.js": "Lighthouse's trace engine, installed by `(cd bench && npm ci)`",
    "session/x/index.html": "a file of a static export (`hallway export DIR`)",
    "export/timetable/<id>.json": "an address of Indico's HTTP API",
    "schedule/widgets/schedule.json": "an address on a pretalx server",
}


@cache
def repository() -> frozenset[str]:
    """The repository's files and folders (folders end in "/"): what git tracks and what it
    would (a new file not yet added), never what a run or a build left in an ignored place."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    files = [f for f in listed if (ROOT / f).is_file()]
    folders = {"/".join(f.split("/")[:n]) + "/" for f in files for n in range(1, f.count("/") + 1)}
    return frozenset(files) | folders


@cache
def top_folders() -> frozenset[str]:
    return frozenset(p.split("/")[0] for p in repository() if "/" in p)


def is_repository_path(token: str) -> bool:
    """A backticked token that writes a path of the repository: with a "/" and a file's
    extension or a folder's final "/", or starting with a top-level folder (`webapp/net`);
    or a file of code named alone (`test_hardening.py`). Not: an address on the server
    (`/sw.js`) or elsewhere (`https://`, `<event>/schedule/...`), a folder a setting names
    (`DATA_DIR/push/`, `$HALLWAY_DATA_DIR/...`), an option (`HALLWAY_FOLLOW=/path/follow.json`),
    a path outside the repository (`../shared/...`, `.../`)."""
    if any(c.isspace() for c in token) or "://" in token or "=" in token or "?" in token:
        return False
    if "/" not in token:
        return CODE_FILE.fullmatch(token.split("::")[0]) is not None
    first = token.split("/")[0]
    if token.startswith(("/", "../", "...", "$", "<")) or first.isupper():
        return False
    last = token.rstrip("/").split("/")[-1].split("::")[0]
    return token.endswith("/") or "." in last.strip(".") or first in top_folders()


def exists(token: str) -> bool:
    """The path as written from the repository's root; or, written from inside a package as
    the docs do (`corrections/fields.py`, `data/changes.js`, `test_feed_store.py`), the end of
    one. A path from a top-level folder is read from the root only (`data/` is also
    static/js/data/). `<id>` and `*` match anything; `file.py::test_x` needs `def test_x`, and
    so does `folder/file.test_x`."""
    path, _, name = token.partition("::")
    module, dot, attribute = path.rpartition(".")
    if dot and not name and "/" in module:
        # A name in a module as Python writes it: `domain/timeutil.check_readable`, `webapp/net.read_at_most`.
        if exists(f"{module}.py::{attribute}") or exists(f"{module}/__init__.py::{attribute}"):
            return True
    pattern = PLACEHOLDER.sub("*", path)
    rooted = path.split("/")[0] in top_folders() - {"data"}
    patterns = {pattern, pattern.rstrip("/") + "/"}  # `webapp/net` is the folder webapp/net/
    if not rooted:
        patterns |= {"*/" + p for p in patterns}
    found = [p for p in repository() if any(fnmatch.fnmatchcase(p, q) for q in patterns)]
    if not name:
        return bool(found)
    return any(name.split("::")[0] in top_level_names(ROOT / p) for p in found if p.endswith(".py"))


def top_level_names(path: Path) -> set[str]:
    """What a module defines or imports at its top level (a package's __init__ re-exports)."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.ImportFrom):
            names |= {a.asname or a.name for a in node.names}
    return names


def backticked_paths(page: Path) -> list[str]:
    text = FENCED.sub("", page.read_text(encoding="utf-8"))
    return [t for t in BACKTICKED.findall(text) if is_repository_path(t)]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_names_a_file_that_exists(page):
    text = page.read_text(encoding="utf-8")
    missing = [
        target for target in LINK.findall(text) if "://" not in target and not (page.parent / target).exists()
    ]
    assert missing == [], f"{page.name} links to missing files: {missing}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_path_written_in_backticks_exists(page):
    missing = sorted({t for t in backticked_paths(page) if t not in NOT_IN_THE_REPOSITORY and not exists(t)})
    assert missing == [], f"{page.name} names paths the repository does not hold: {missing}"


def test_each_path_said_to_be_elsewhere_is_still_written_and_still_not_here():
    written = {t for page in PAGES for t in backticked_paths(page)}
    assert sorted(set(NOT_IN_THE_REPOSITORY) - written) == [], "no doc names these any more"
    assert [t for t in NOT_IN_THE_REPOSITORY if exists(t)] == [], "in the repository after all"


@pytest.mark.parametrize(
    "token, expected",
    [
        ("webapp/serving/feed.py", True),
        ("serving/feed.py", True),  # from inside webapp/
        ("data/changes.js", True),  # static/js/data/
        ("tests/unit/serving/test_feed_store.py", True),
        ("test_feed_store.py", True),
        ("tests/unit/*/test_rel_*.py", True),
        ("build/static/<key>/i18n/<lang>.json", False),  # built, not in the repository
        ("webapp/net/", True),
        ("webapp/net", True),
        ("tests/unit/web/test_feed_store.py", False),  # moved to tests/unit/serving/
        ("web/test_feed_store.py", False),
        ("webapp/feed.py", False),  # a top-level folder is read from the root only
        ("tests/unit/serving/test_feed_store.py::test_no_such_test", False),
        ("data/no-such.js", False),
        ("domain/timeutil.zone_periods", True),
        ("domain/timeutil.no_such_function", False),
        ("webapp/net.read_at_most", True),  # re-exported by the package
    ],
)
def test_a_path_is_found_as_written_or_from_inside_a_package(token, expected):
    assert is_repository_path(token)
    assert exists(token) is expected


@pytest.mark.parametrize(
    "token",
    ["/sw.js", "https://example.org/a.json", "DATA_DIR/push/vapid.json", "HALLWAY_FOLLOW=/path/follow.json",
     "../shared/specs/x.xml", "<event>/schedule/export/schedule.json", "schedule.json", "hallway build"],
)  # fmt: skip
def test_addresses_settings_and_outside_paths_are_not_read_as_repository_paths(token):
    assert not is_repository_path(token)


def prose(source: str) -> str:
    """A Python file's comments and docstrings."""
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    comments = [t.string for t in tokens if t.type == tokenize.COMMENT]
    documented = ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
    nodes = (n for n in ast.walk(ast.parse(source)) if isinstance(n, documented))
    return "\n".join([*comments, *filter(None, (ast.get_docstring(n) for n in nodes))])


JS_NAME = re.compile(r"(?<![\w./-])(?:[\w.-]+/)*[\w-]+\.m?js\b")
TESTS = sorted((ROOT / "tests").rglob("*.py"))


def test_every_js_file_a_test_names_exists():
    """What a test's docstring or comment names (`static/js/data/changes.js`, `wake-times.js`)
    is a file of the repository, or one the test writes itself (a module of a made-up app)."""
    stale = []
    for path in TESTS:
        source = path.read_text(encoding="utf-8")
        made_up = re.findall(r"[\"'](?:\./)?((?:[\w.-]+/)*[\w-]+\.m?js)[\"']", source)
        for name in JS_NAME.findall(prose(source)):
            if not exists(name) and not any(m == name or m.endswith("/" + name) for m in made_up):
                stale.append(f"{path.relative_to(ROOT)}: {name}")
    assert stale == []


def test_the_readme_stays_a_front_door_and_links_every_docs_page():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 140
    linked = set(LINK.findall(readme))
    unlinked = [p.name for p in PAGES[1:] if f"docs/{p.name}" not in linked]
    assert unlinked == [], f"docs pages the README does not link: {unlinked}"
