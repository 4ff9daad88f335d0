"""The attendee app's modules joined into one file, as rollup does it (scope hoisting).

Over HTTP/1.1 a phone fetches six files at a time, one round trip each: the first screen's
~20 modules cost four round trips before anything runs, and each file compressed alone
shares no dictionary with the others. One module in one scope fixes both.

Each module's body goes in, in the order the browser would evaluate it (dependencies first);
its imports go, its `export` keywords go, and a top-level name another module already uses
(or reads from the global scope) is renamed. `import()` of a bundled module becomes a resolved
promise of its exports, read through getters so they stay live. Modules loaded on demand
(LAZY: the organizers' console, the QR encoder, the calendar files made offline) stay files of
their own; what they import from bundled modules is rewritten to come from the bundle, so both
share one instance of each.

The app's bundle is a classic script, not a module (issue 28): a page can fetch it early and run
it once its first screen is painted (js/start.js), and Lighthouse, which sees when a classic
script runs (a module's run carries no address in its trace), then leaves it out of the wait for
that paint. So its body is one function's scope; `import.meta.url` is the script's own address,
read as it starts; and what lazy modules import is read from one global object
(`globalThis.hallwayApp`), set as the bundle's last statement, where a `let` is a getter, so it
stays live there too. A worker's bundle (no
lazy module imports it) is plain script as it stands.
Whatever this cannot do exactly (a rename that would meet a local of the same name, an
`export default`), it refuses with the file and the name, and the source is changed.
"""

from __future__ import annotations

import posixpath
import re

from .built import BUNDLE, CONSOLE, LAZY_VIEWS
from .jsmodule import Module, ModuleError, read, text, walk

LAZY = (CONSOLE, "js/features/qr/qr-encode.js", "js/data/calendar-file.js", "vendor/", *LAZY_VIEWS)

# The global the page bundle's bindings are read from by lazy modules, and the name in the bundle
# for its own address (a module's `import.meta.url`).
GLOBAL = "hallwayApp"
BASE = "bundleURL"
READ = f"globalThis.{GLOBAL}."

__all__ = ["BUNDLE", "GLOBAL", "LAZY", "Bundle", "ModuleError", "build"]


class Bundle:
    def __init__(self, path: str, body: bytes, members: list[str], rewritten: dict[str, bytes]):
        self.path = path
        self.body = body
        self.members = members  # the source modules inside, in evaluation order
        self.rewritten = rewritten  # lazy modules whose imports now point at the bundle


def _lazy(path: str) -> bool:
    return path.startswith(LAZY)


def _order(entry: str, modules: dict[str, Module]) -> list[str]:
    """Dependencies before dependants, as ES modules evaluate; modules reached only by
    `import()` come after the static graph but before the entry, whose body starts the app."""
    done: list[str] = []
    seen: set[str] = set()

    def visit(path: str, trail: tuple[str, ...]) -> None:
        if path in seen:
            return
        seen.add(path)
        for imp in modules[path].imports:
            visit(imp.target, (*trail, path))
        done.append(path)

    visit(entry, ())
    dynamic = [d.target for p in list(done) for d in modules[p].dynamic if not _lazy(d.target)]
    done.remove(entry)
    while dynamic:
        path = dynamic.pop(0)
        if path in seen:
            continue
        visit(path, ())
        dynamic += [d.target for d in modules[path].dynamic if not _lazy(d.target)]
    return [*done, entry]


def _members(entry: str, sources: dict[str, bytes]) -> dict[str, Module]:
    modules: dict[str, Module] = {}
    todo = [entry]
    while todo:
        path = todo.pop()
        if path in modules:
            continue
        if path not in sources:
            raise ModuleError(f"{path}: imported but not in the static tree")
        modules[path] = module = read(path, sources[path])
        for imp in module.imports:
            if _lazy(imp.target):
                raise ModuleError(f"{path}: imports {imp.target} statically, which is loaded on demand")
            todo.append(imp.target)
        todo += [d.target for d in module.dynamic if not _lazy(d.target)]
    return modules


def _final_names(order: list[str], modules: dict[str, Module]) -> dict[tuple[str, str], str]:
    """(module, top-level name) -> the name it has in the bundle's one scope: one no other
    binding has, no module reads as a global, and no module that sees it under another name
    declares locally (that local would capture it)."""
    reserved = set().union(*(m.free for m in modules.values()))
    everywhere = set().union(*(m.used | m.declared | m.nested for m in modules.values()))
    seen_as: dict[tuple[str, str], list[tuple[Module, str]]] = {}
    for module in modules.values():
        for imp in module.imports:
            local_of = modules[imp.target].exports
            for exported, alias in imp.names:
                if exported in local_of:
                    seen_as.setdefault((imp.target, local_of[exported]), []).append((module, alias))
    taken: set[str] = set()
    final: dict[tuple[str, str], str] = {}

    def free(candidate: str, path: str, name: str) -> bool:
        if candidate in taken or candidate in reserved or (candidate != name and candidate in everywhere):
            return False
        return all(
            candidate == alias or candidate not in m.nested for m, alias in seen_as.get((path, name), [])
        )

    for path in order:
        for name in sorted(modules[path].declared):
            new, n = name, 1
            while not free(new, path, name):
                new, n = f"{name}${n}", n + 1
            taken.add(new)
            final[(path, name)] = new
    return final


def _renames(module: Module, modules: dict[str, Module], final: dict[tuple[str, str], str]) -> dict[str, str]:
    """Local name -> bundle name, for the names of `module` that change."""
    renames = {n: final[(module.path, n)] for n in module.declared if final[(module.path, n)] != n}
    for imp in module.imports:
        target = modules[imp.target]
        for exported, local in imp.names:
            if exported not in target.exports:
                raise ModuleError(f"{module.path}: {imp.target} has no export named {exported!r}")
            bound = final[(imp.target, target.exports[exported])]
            if bound != local:
                renames[local] = bound
    for old, new in renames.items():
        if old in module.nested or new in module.nested:
            clash = old if old in module.nested else new
            raise ModuleError(
                f"{module.path}: {clash!r} is both a top-level or imported name and a local one, "
                f"and the bundle has to rename {old!r} to {new!r}: rename the local"
            )
    return renames


def _exports_object(path: str, modules: dict[str, Module], final: dict[tuple[str, str], str]) -> str:
    """A module's exports as an object whose getters read the bundle's bindings (live, as a
    module namespace is)."""
    target = modules[path]
    getters = ", ".join(
        f"get {name}() {{ return {final[(path, local)]}; }}" for name, local in target.exports.items()
    )
    return f"{{ {getters} }}"


def _relative(from_dir: str, path: str) -> str:
    rel = posixpath.relpath(path, from_dir)
    return rel if rel.startswith("../") else "./" + rel


def _body(
    module: Module, modules: dict[str, Module], final: dict[tuple[str, str], str], bundle_dir: str, page: bool
) -> bytes:
    renames = _renames(module, modules, final)
    edits: list[tuple[int, int, str]] = []
    edits += [(imp.node.start_byte, imp.node.end_byte, "") for imp in module.imports]
    edits += [(start, end, "") for start, end in module.export_keywords]
    for dyn in module.dynamic:
        if _lazy(dyn.target):
            edits.append(
                (dyn.node.start_byte, dyn.node.end_byte, f'import("{_relative(bundle_dir, dyn.target)}")')
            )
        else:
            edits.append(
                (
                    dyn.node.start_byte,
                    dyn.node.end_byte,
                    "Promise.resolve(" + _exports_object(dyn.target, modules, final) + ")",
                )
            )
    if page:
        here = _relative(bundle_dir, module.path)
        own = BASE if posixpath.dirname(module.path) == bundle_dir else f'new URL("{here}", {BASE}).href'
        edits += [(m.start_byte, m.end_byte, own) for m in module.meta_urls]
    elif module.meta_urls:
        raise ModuleError(
            f"{module.path}: import.meta.url in a worker's bundle, which has no address to give"
        )
    skip = {n.id for imp in module.imports for n in walk(imp.node)}
    for node in walk(module.root):
        if node.id in skip or node.type not in (
            "identifier",
            "shorthand_property_identifier",
            "shorthand_property_identifier_pattern",
        ):
            continue
        name = text(node)
        if name not in renames:
            continue
        new = renames[name] if node.type == "identifier" else f"{name}: {renames[name]}"
        edits.append((node.start_byte, node.end_byte, new))
    return _apply(module.source, edits, module.path)


def _apply(source: bytes, edits: list[tuple[int, int, str]], path: str) -> bytes:
    out: list[bytes] = []
    at = 0
    for start, end, new in sorted(edits, key=lambda e: (e[0], e[1])):
        if start < at:
            continue  # inside a span already replaced (a renamed name within an import() call)
        out += [source[at:start], new.encode("utf-8")]
        at = end
    out.append(source[at:])
    return b"".join(out)


def _rewrite_lazy(
    path: str,
    source: bytes,
    modules: dict[str, Module],
    final: dict[tuple[str, str], str],
    exported: dict[str, str],
) -> bytes:
    """A lazy module's imports of bundled modules, read from the bundle's global object: each
    use of an imported name becomes a read of its getter there (live, as an import is)."""
    module = read(path, source)
    reads: dict[str, str] = {}  # local name -> what it reads
    edits: list[tuple[int, int, str]] = []
    for imp in module.imports:
        if imp.target not in modules:
            continue
        target = modules[imp.target]
        for name, local in imp.names:
            if name not in target.exports:
                raise ModuleError(f"{path}: {imp.target} has no export named {name!r}")
            bound = final[(imp.target, target.exports[name])]
            exported[bound] = bound
            if local in module.nested:
                raise ModuleError(
                    f"{path}: {local!r} is both imported from the bundle and a local name: rename the local"
                )
            reads[local] = READ + bound
        if "globalThis" in module.declared | module.nested:
            raise ModuleError(
                f"{path}: declares `globalThis`, through which its imports from the bundle are read"
            )
        edits.append((imp.node.start_byte, imp.node.end_byte, ""))
    for dyn in module.dynamic:
        if dyn.target in modules:
            key = "$ns_" + re.sub(r"\W", "_", dyn.target)
            exported[key] = _exports_object(dyn.target, modules, final)
            edits.append((dyn.node.start_byte, dyn.node.end_byte, f"Promise.resolve({READ}{key})"))
    skip = {n.id for imp in module.imports for n in walk(imp.node)}
    for node in walk(module.root):
        if node.id in skip or node.type not in ("identifier", "shorthand_property_identifier"):
            continue
        name = text(node)
        if name in reads:
            new = reads[name] if node.type == "identifier" else f"{name}: {reads[name]}"
            edits.append((node.start_byte, node.end_byte, new))
    return _apply(source, edits, path)


def build(entry: str, sources: dict[str, bytes], bundle_path: str = BUNDLE, page: bool = True) -> Bundle:
    """Bundle `entry` and what it imports; `sources` holds every file of the static tree that
    is JavaScript, by path. `page`: the bundle is a page's classic script (lazy modules import
    from it); otherwise a worker's, where nothing may. Raises ModuleError when a module cannot be
    bundled exactly."""
    modules = _members(entry, sources)
    order = _order(entry, modules)
    final = _final_names(order, modules)
    bundle_dir = posixpath.dirname(bundle_path)
    parts = [
        b"// " + path.encode() + b"\n" + _body(modules[path], modules, final, bundle_dir, page)
        for path in order
    ]
    exported: dict[str, str] = {}
    rewritten = {
        path: _rewrite_lazy(path, source, modules, final, exported)
        for path, source in sorted(sources.items())
        if path not in modules and path.endswith((".js", ".mjs")) and not path.startswith("vendor/")
    }
    rewritten = {p: b for p, b in rewritten.items() if b != sources[p]}
    if not page:
        if exported:
            raise ModuleError(f"{bundle_path}: a worker's bundle cannot give modules its bindings")
        return Bundle(bundle_path, b"\n".join(parts) + b"\n", order, rewritten)
    used = set().union(*(m.used for m in modules.values()))
    taken = ({BASE} & used) | ({GLOBAL, "globalThis"} & set(final.values()))
    if taken:
        raise ModuleError(
            f"{bundle_path}: a module uses the bundle's own names {sorted(taken)}: rename them there"
        )
    # Set once every module has run (a lazy module is only ever imported later): a binding that
    # can change (`let`) is read through a getter, the others as they are.
    mutable = {final[(path, name)] for path, m in modules.items() for name in m.mutable}
    fields = ", ".join(
        f"get {name}() {{ return {value}; }}" if name in mutable else f"{name}: {value}"
        for name, value in sorted(exported.items())
    )
    head = f'(() => {{\n"use strict";\nconst {BASE} = document.currentScript.src;\n'
    tail = f"globalThis.{GLOBAL} = Object.freeze({{ {fields} }});\n}})();\n"
    body = head.encode() + b"\n".join(parts) + b"\n" + tail.encode()
    return Bundle(bundle_path, body, order, rewritten)
