"""Top-level declarations nothing reads, taken out of a set of modules before they are joined.

The service worker's bundle (`webapp.web.build`, inside /sw.js, which every first visit
installs) takes whole modules it shares with the page: the translation runtime (data/i18n.js),
time, texts and changes. The worker uses a few functions of each; the rest, about a fifth of
/sw.js, is code nobody runs there. A declaration goes when it is free of side effects (a
function, or a constant holding a function or a literal with no call in it) and nothing reads
its name: no other statement of its module mentions it (any identifier of that name counts,
even a local one: a name kept for nothing costs bytes, one dropped wrongly breaks the worker)
and no module of the set imports it. Repeated until nothing more goes, since a dropped
function may have been the only reader of another. The entry module's exports stay.
"""

from __future__ import annotations

from tree_sitter import Node

from .jsmodule import read, text, walk

NAMES = ("identifier", "shorthand_property_identifier")
LITERALS = ("string", "number", "regex", "template_string", "object", "array", "true", "false", "null")
EFFECTS = (
    "call_expression",
    "new_expression",
    "await_expression",
    "assignment_expression",
    "template_substitution",
)
MOST_ROUNDS = 20  # each round drops at least one declaration; the worker's modules need ~4


def _pure(decl: Node) -> bool:
    if decl.type == "function_declaration":
        return True
    declarators = [c for c in decl.children if c.type == "variable_declarator"]
    if decl.type != "lexical_declaration" or len(declarators) != 1:
        return False
    value = declarators[0].child_by_field_name("value")
    if value is None or declarators[0].child_by_field_name("name").type != "identifier":
        return False
    if value.type in ("arrow_function", "function_expression"):
        return True
    return value.type in LITERALS and not any(n.type in EFFECTS for n in walk(value))


def _unread(path: str, source: bytes, imported: set[str], keep_exports: bool) -> list[tuple[int, int]]:
    module = read(path, source)
    named: dict[str, list[Node]] = {}
    for node in walk(module.root):
        if node.type in NAMES:
            named.setdefault(text(node), []).append(node)
    cuts = []
    for stmt in module.root.children:
        exported = stmt.type == "export_statement"
        decl = stmt.child_by_field_name("declaration") if exported else stmt
        if decl is None or not _pure(decl) or (exported and keep_exports):
            continue
        name_node = decl.child_by_field_name("name") or decl.named_children[0].child_by_field_name("name")
        name = text(name_node)
        inside = range(stmt.start_byte, stmt.end_byte)
        if name in imported or any(n.start_byte not in inside for n in named.get(name, [])):
            continue
        cuts.append((stmt.start_byte, stmt.end_byte))
    return cuts


def shake(sources: dict[str, bytes], entry: str) -> dict[str, bytes]:
    """`sources` (path -> bytes, every module the entry reaches) without their unread
    declarations. A module some module of the set imports with import() keeps all it has (its
    exports are read by name at run time)."""
    out = dict(sources)
    for _ in range(MOST_ROUNDS):
        modules = {p: read(p, b) for p, b in out.items()}
        imported: dict[str, set[str]] = {}
        whole = {d.target for m in modules.values() for d in m.dynamic}
        for m in modules.values():
            for imp in m.imports:
                imported.setdefault(imp.target, set()).update(name for name, _alias in imp.names)
        dropped = False
        for path, source in out.items():
            if path in whole:
                continue
            cuts = _unread(path, source, imported.get(path, set()), keep_exports=path == entry)
            for start, end in sorted(cuts, reverse=True):
                source = source[:start] + source[end:]
            dropped = dropped or bool(cuts)
            out[path] = source
        if not dropped:
            return out
    return out
