"""The app's modules live in folders by role and import only downwards, form no import circle
(dynamic `import()` included), and none imports the entry point: helpers several modules need
live below them (ui/navigate.js, ui/query-links.js, features/organize/frame.js), the way the
Python layers are held by tests/unit/test_layout.py.

The roles, lowest first: `data/` (the schedule, stars, changes and time: no DOM widgets),
`ui/` (widgets every view shares), `features/<name>/` (one capability each: qr, remind, push,
venue, offline, changes, organize), `views/` (one module per page); `app.js` (the entry point)
and `routes.js` (address -> view) wire them at the top, and `start.js` (the script of a page that
comes drawn, which loads the entry point once the page has painted) stands above them."""

from __future__ import annotations

import re
from pathlib import Path

JS = Path(__file__).resolve().parents[3] / "static" / "js"
IMPORT = re.compile(
    r"""(?:import|export)\s[^'"`;]*?from\s*["']([^"']+)["']"""  # import x from "y", export {x} from "y"
    r"""|import\s*\(\s*["']([^"']+)["']\s*\)"""  # import("y")
    r"""|^\s*import\s*["']([^"']+)["']""",  # import "y"
    re.M,
)


def graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for path in JS.rglob("*.js"):
        targets = set()
        for found in IMPORT.finditer(path.read_text(encoding="utf-8")):
            spec = next(g for g in found.groups() if g)
            if spec.startswith("."):
                target = (path.parent / spec).resolve()
                if JS in target.parents:
                    targets.add(target.relative_to(JS).as_posix())
        edges[path.relative_to(JS).as_posix()] = targets
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_no_module_imports_another_that_imports_it_back_even_through_import():
    assert circles(graph()) == []


def test_the_guard_finds_a_circle_through_a_dynamic_import():
    edges = {"app.js": {"router.js"}, "router.js": {"views/x.js"}, "views/x.js": {"router.js"}}
    assert circles(edges) == [["router.js", "views/x.js"]]


LOADER = "start.js"  # loads the entry point; nothing imports it


def test_no_module_imports_the_entry_point():
    importers = [module for module, targets in graph().items() if "app.js" in targets and module != LOADER]
    assert importers == []
    assert [module for module, targets in graph().items() if LOADER in targets] == []


TOP = {"app.js", "routes.js", LOADER}
ROLES = ("data", "ui", "features", "views")
MAY_IMPORT = {  # a role imports its own and the roles below it, never above
    "data": {"data"},
    "ui": {"data", "ui"},
    "features": {"data", "ui", "features"},
    "views": {"data", "ui", "features", "views"},
}
# A feature is a folder (features/qr/door-codes.js); a large part of one may have a folder inside it
# (features/organize/venue/draft.js: the console's venue editor, loaded and cached with the
# console because it sits under its folder), never deeper.
FEATURE_DEPTHS = (2, 3)
KEBAB = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*\.js$")


def role(module: str) -> str:
    return "top" if module in TOP else module.split("/")[0]


def test_every_module_lives_in_a_role_folder_under_a_kebab_case_name():
    misplaced = [
        m
        for m in graph()
        if m not in TOP
        and not (
            role(m) in ROLES
            and KEBAB.match(m.rsplit("/", 1)[-1])
            and (m.count("/") in FEATURE_DEPTHS if role(m) == "features" else m.count("/") == 1)
        )
    ]
    assert misplaced == []


def layer_breaks(edges: dict[str, set[str]]) -> list[str]:
    return sorted(
        f"{m} -> {t}"
        for m, targets in edges.items()
        if role(m) in MAY_IMPORT
        for t in targets
        if role(t) not in MAY_IMPORT[role(m)]
    )


def test_no_module_imports_a_role_above_its_own():
    assert layer_breaks(graph()) == []


def test_the_guard_finds_data_reaching_up_into_a_view():
    edges = {"data/store.js": {"views/x.js", "data/time.js"}, "views/x.js": {"data/store.js"}}
    assert layer_breaks(edges) == ["data/store.js -> views/x.js"]


def test_the_outline_start_js_preloads_is_the_one_the_app_fetches():
    # start.js cannot import data/store.js's FEED (that would load the app at once): a preload of
    # another address would not be used, and the outline would be fetched twice.
    said = r'const {} = "([^"]+)";'
    preloaded = re.search(said.format("OUTLINE"), (JS / LOADER).read_text(encoding="utf-8"))
    store = (JS / "data" / "store.js").read_text(encoding="utf-8")
    fetched = re.search(r"export " + said.format("FEED"), store)
    assert preloaded and fetched and preloaded[1] == fetched[1] == "/api/v1/outline.json"
