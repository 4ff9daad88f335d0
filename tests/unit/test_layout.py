"""The package layout is the architecture: a guard that fails when an import runs against it.

Layers, lowest first: `domain` and `net` (outbound HTTP) <- `i18n` (translations, plain Babel), `importers`,
`corrections`, `venue` <- `exports`, `push` <- `web` <-
`serving` <- `views` <- `static_site` <- `commands` <- the top level (`create_app`, `cli`,
`settings`). A module imports only its own package and lower layers; the middle layer's four
packages do not import each other (a command that drives several is in `commands`). The pure
packages never import Flask. What a process keeps between requests is in the runtime object
(`webapp/serving/runtime.py`): no module keeps state of its own in `app.extensions`.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

WEBAPP = Path(__file__).resolve().parents[2] / "webapp"
RANK = {
    "domain": 0,
    "net": 0,  # outbound HTTP bounded in place and time, used by importers and push
    "i18n": 1,  # names the languages the domain knows (domain.languages)
    "importers": 1,
    "corrections": 1,
    "venue": 1,
    "exports": 2,
    "push": 2,
    "web": 3,
    "serving": 4,
    "views": 5,
    "static_site": 6,
    "commands": 7,
}
TOP = {"__init__", "cli", "settings"}
PURE = {"domain", "i18n", "importers", "corrections", "exports", "net", "venue"}
WEB_LIBS = ("flask", "flask_caching", "werkzeug")
# The one module that touches the app's extensions for Hallway: `serving.runtime(app)` and
# `serving.current_runtime()` are the way to the runtime object.
RUNTIME_DOOR = "serving/__init__.py"


def _name(root: Path, path: Path) -> str:
    return ".".join(path.relative_to(root).with_suffix("").parts)


def _imports(root: Path, path: Path) -> list[tuple[int, str]]:
    """(line, absolute module) for every import in `path`, relative ones resolved."""
    package = ["webapp", *path.relative_to(root).parent.parts]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            if node.module is None:  # `from .. import caching`: the names are modules
                found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, module))
    return found


def _package(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "webapp" or len(parts) < 2:
        return None
    return parts[1]


def test_only_the_app_factory_cli_and_settings_stay_at_the_top() -> None:
    top = {p.stem for p in WEBAPP.glob("*.py")}
    assert top == TOP


@pytest.mark.parametrize("package", sorted(RANK))
def test_each_package_says_in_its_init_what_it_is(package: str) -> None:
    doc = ast.get_docstring(ast.parse((WEBAPP / package / "__init__.py").read_text(encoding="utf-8")))
    assert doc and doc.strip(), f"webapp/{package}/__init__.py has no docstring"


def flask_imports(root: Path) -> list[str]:
    offending = []
    for path in sorted(root.rglob("*.py")):
        package = path.relative_to(root).parts[0]
        if package not in PURE:
            continue
        offending += [
            f"webapp/{path.relative_to(root)}:{line} imports {module}"
            for line, module in _imports(root, path)
            if module.split(".")[0] in WEB_LIBS
        ]
    return offending


def layer_breaks(root: Path) -> list[str]:
    offending = []
    for path in sorted(root.rglob("*.py")):
        own = path.relative_to(root).parts[0]
        if own not in RANK:
            continue
        for line, module in _imports(root, path):
            other = _package(module)
            if other is None or other == own:
                continue
            where = f"webapp/{path.relative_to(root)}:{line} imports {module}"
            if other not in RANK:  # the top level: create_app, cli, settings
                if other != "settings":
                    offending.append(where)
            elif RANK[other] >= RANK[own]:
                offending.append(where)
    return offending


def corrections_reaching_up(root: Path) -> list[str]:
    """Imports that would make `corrections` more than pure rules and a store: the web
    libraries, or the layers that serve (they call it, it never calls them)."""
    offending = []
    for path in sorted((root / "corrections").rglob("*.py")):
        for line, module in _imports(root, path):
            if module.split(".")[0] in WEB_LIBS or _package(module) in ("serving", "web", "views"):
                offending.append(f"webapp/{path.relative_to(root)}:{line} imports {module}")
    return offending


def _extension_key(node: ast.AST) -> ast.AST | None:
    """The key of an `X.extensions[key]` or `X.extensions.get/setdefault/pop(key, ...)`."""
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute):
        return node.slice if node.value.attr == "extensions" else None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
        owner = node.func.value
        if isinstance(owner, ast.Attribute) and owner.attr == "extensions":
            return node.args[0]
    return None


def state_in_extensions(root: Path) -> list[str]:
    """Every use of `app.extensions` under a "hallway." key (or a key that is not a plain
    string, which could be one) outside the serving layer's one door."""
    offending = []
    for path in sorted(root.rglob("*.py")):
        if path.relative_to(root).as_posix() == RUNTIME_DOOR:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            key = _extension_key(node)
            if key is None:
                continue
            plain = isinstance(key, ast.Constant) and isinstance(key.value, str)
            if not plain or key.value.startswith("hallway."):
                offending.append(f"webapp/{path.relative_to(root)}:{node.lineno} {ast.unparse(node)[:80]}")
    return offending


def test_only_the_runtime_keeps_state_in_app_extensions() -> None:
    assert state_in_extensions(WEBAPP) == []


def test_corrections_stays_pure() -> None:
    assert corrections_reaching_up(WEBAPP) == []


def test_the_pure_packages_never_import_flask() -> None:
    assert flask_imports(WEBAPP) == []


def test_no_package_imports_a_higher_layer_or_a_sibling() -> None:
    assert layer_breaks(WEBAPP) == []


@pytest.mark.parametrize(
    ("path", "source", "caught"),
    [
        ("domain/model.py", "from ..web import caching\n", True),
        ("importers/frab.py", "from ..exports.frab import slugify\n", True),
        ("importers/frab.py", "from ..corrections.apply import apply\n", True),
        ("importers/cli.py", "from ..corrections.store import Store\n", True),
        ("commands/schedule.py", "from ..serving.published import published\n", False),
        ("serving/feed.py", "from ..views import pages\n", True),
        ("web/feed.py", "from ..serving import feed\n", True),
        ("views/api.py", "from .. import cli\n", True),
        ("exports/ical.py", "from ..domain.model import Schedule\n", False),
    ],
)
def test_the_layer_guard_can_fail(tmp_path: Path, path: str, source: str, caught: bool) -> None:
    (tmp_path / path).parent.mkdir(parents=True)
    (tmp_path / path).write_text(source, encoding="utf-8")
    assert bool(layer_breaks(tmp_path)) is caught


@pytest.mark.parametrize(
    ("path", "caught"), [("venue/plan.py", True), ("importers/cli.py", True), ("serving/feed.py", False)]
)
def test_the_flask_guard_can_fail(tmp_path: Path, path: str, caught: bool) -> None:
    (tmp_path / path).parent.mkdir(parents=True)
    (tmp_path / path).write_text("from flask import current_app\n", encoding="utf-8")
    assert bool(flask_imports(tmp_path)) is caught


@pytest.mark.parametrize(
    ("source", "caught"),
    [
        ("from flask import Flask\n", True),
        ("from ..serving.published import published\n", True),
        ("from ..web import caching\n", True),
        ("from ..views.api_write import bp\n", True),
        ("from ..domain.model import Schedule\nfrom .apply import prepare\n", False),
    ],
)
def test_the_corrections_guard_can_fail(tmp_path: Path, source: str, caught: bool) -> None:
    (tmp_path / "corrections").mkdir()
    (tmp_path / "corrections" / "store.py").write_text(source, encoding="utf-8")
    assert bool(corrections_reaching_up(tmp_path)) is caught


@pytest.mark.parametrize(
    ("path", "source", "caught"),
    [
        ("views/venue.py", 'app.extensions["hallway.venue"] = (stamp, body)\n', True),
        ("web/assets.py", 'held = app.extensions.get("hallway.assets")\n', True),
        ("corrections/delta.py", 'kept = current_app.extensions.setdefault("hallway.x", {})\n', True),
        ("push/__init__.py", "found = app.extensions.get(KEY)\n", True),
        ("serving/feed.py", 'memo = app.extensions["hallway.split"]\n', True),
        ("serving/__init__.py", 'return app.extensions["hallway.runtime"]\n', False),
        ("views/health.py", 'backend = app.extensions["cache"][cache]\n', False),
        ("views/health.py", "rt = current_runtime()\n", False),
    ],
)
def test_the_extensions_guard_can_fail(tmp_path: Path, path: str, source: str, caught: bool) -> None:
    (tmp_path / path).parent.mkdir(parents=True)
    (tmp_path / path).write_text(source, encoding="utf-8")
    assert bool(state_in_extensions(tmp_path)) is caught
