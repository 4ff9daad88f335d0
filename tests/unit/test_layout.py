"""The package layout is the architecture: a guard that fails when an import runs against it.

Layers, lowest first: `domain` <- `importers`, `corrections`, `venue` <- `exports`, `push` <- `web` <-
`views` <- `static_site` <- the top level (`create_app`, `cli`, `settings`). A module imports only
its own package and lower layers. The middle layer's three packages do not import each other,
except their command-line modules, which drive more than one part by design. The pure packages
never import Flask; the exceptions are the CLI modules and the glue that binds the published
schedule to an app (`corrections.published`, `corrections.problems`, what it reports, and
`corrections.delta`, a re-import's entries kept per app).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

WEBAPP = Path(__file__).resolve().parents[2] / "webapp"
RANK = {
    "domain": 0,
    "importers": 1,
    "corrections": 1,
    "venue": 1,
    "exports": 2,
    "push": 2,
    "web": 3,
    "views": 4,
    "static_site": 5,
}
TOP = {"__init__", "cli", "settings"}
PURE = {"domain", "importers", "corrections", "exports", "venue"}
FLASK_ALLOWED = {"corrections.published", "corrections.problems", "corrections.delta"}
WEB_LIBS = ("flask", "flask_caching", "werkzeug")


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


def _is_cli(path: Path) -> bool:
    return path.stem == "cli"


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
        if package not in PURE or _is_cli(path) or _name(root, path) in FLASK_ALLOWED:
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
            elif RANK[other] > RANK[own] or (RANK[other] == RANK[own] and not _is_cli(path)):
                offending.append(where)
    return offending


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
        ("importers/cli.py", "from ..corrections.published import published\n", False),
        ("views/api.py", "from .. import cli\n", True),
        ("exports/ical.py", "from ..domain.model import Schedule\n", False),
    ],
)
def test_the_layer_guard_can_fail(tmp_path: Path, path: str, source: str, caught: bool) -> None:
    (tmp_path / path).parent.mkdir(parents=True)
    (tmp_path / path).write_text(source, encoding="utf-8")
    assert bool(layer_breaks(tmp_path)) is caught


@pytest.mark.parametrize(("path", "caught"), [("venue/plan.py", True), ("venue/cli.py", False)])
def test_the_flask_guard_can_fail(tmp_path: Path, path: str, caught: bool) -> None:
    (tmp_path / path).parent.mkdir(parents=True)
    (tmp_path / path).write_text("from flask import current_app\n", encoding="utf-8")
    assert bool(flask_imports(tmp_path)) is caught
