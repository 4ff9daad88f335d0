"""The app's modules form no import circle, dynamic `import()` included, and none imports the
entry point: helpers several modules need live below them (navigate.js, query.js,
organize/frame.js), the way the Python layers are held by tests/unit/test_layout.py."""

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


def test_no_module_imports_the_entry_point():
    importers = [module for module, targets in graph().items() if "app.js" in targets]
    assert importers == []
