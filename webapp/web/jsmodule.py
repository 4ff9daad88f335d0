"""What the bundler needs to know about one ES module, read from its syntax tree.

tree-sitter's JavaScript grammar gives exact ranges, so nothing here is fooled by an import
written inside a string, a comment or a template. Names are facts about bindings, not scopes:
where the bundler would have to tell two bindings of one name apart, it refuses instead
(`webapp.web.bundle`), and the source is renamed by hand.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field
from functools import cache

import tree_sitter_javascript
from tree_sitter import Language, Node, Parser


class ModuleError(ValueError):
    """A module the bundler cannot take as it is: the message names the file and the place."""


@cache
def _parser() -> Parser:
    return Parser(Language(tree_sitter_javascript.language()))


def parse(source: bytes, path: str) -> Node:
    root = _parser().parse(source).root_node
    if root.has_error:
        bad = _first_error(root)
        line = bad.start_point[0] + 1 if bad else "?"
        raise ModuleError(f"{path}: JavaScript the parser cannot read, near line {line}")
    return root


def _first_error(node: Node) -> Node | None:
    if node.is_error or node.is_missing:
        return node
    for child in node.children:
        found = _first_error(child)
        if found:
            return found
    return None


def walk(node: Node):
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(n.children))


def text(node: Node) -> str:
    return node.text.decode("utf-8")


def resolve(importer: str, spec: str) -> str:
    return posixpath.normpath(posixpath.join(posixpath.dirname(importer), spec))


@dataclass
class Import:
    node: Node  # the whole statement
    target: str  # path in the static tree
    names: list[tuple[str, str]]  # (exported name, local name)


@dataclass
class DynamicImport:
    node: Node  # the call `import("…")`
    target: str


@dataclass
class Module:
    path: str
    source: bytes
    root: Node
    imports: list[Import] = field(default_factory=list)
    dynamic: list[DynamicImport] = field(default_factory=list)
    exports: dict[str, str] = field(default_factory=dict)  # exported name -> local name
    export_keywords: list[tuple[int, int]] = field(default_factory=list)  # byte ranges of `export `
    declared: set[str] = field(default_factory=set)  # top-level names declared here (not imports)
    mutable: set[str] = field(default_factory=set)  # those of them declared by `let` or `var`
    top_binding_ids: set[int] = field(default_factory=set)  # identifier nodes naming those
    nested: set[str] = field(default_factory=set)  # names bound anywhere below the top level
    used: set[str] = field(default_factory=set)  # every identifier written in the module
    meta_urls: list[Node] = field(default_factory=list)  # `import.meta.url` expressions

    @property
    def free(self) -> set[str]:
        """Names the module reads from the global scope (window, document, fetch, …)."""
        locals_ = self.declared | self.nested | {local for i in self.imports for _, local in i.names}
        return self.used - locals_


def _pattern_ids(node: Node) -> list[Node]:
    """The identifiers a declaration's name (identifier or destructuring pattern) binds."""
    if node.type in ("identifier", "shorthand_property_identifier_pattern"):
        return [node]
    found: list[Node] = []
    for child in node.children:
        if node.type == "pair_pattern" and child == node.child_by_field_name("key"):
            continue
        if node.type == "assignment_pattern" and child == node.child_by_field_name("right"):
            continue
        found += _pattern_ids(child)
    return found


def _is_binding(node: Node) -> bool:
    """Whether this identifier declares a name (over-approximated: destructuring assignments
    count too, which only ever makes the bundler more careful)."""
    parent = node.parent
    if parent is None:
        return False
    if node.type == "shorthand_property_identifier_pattern":
        return True
    name_of = parent.child_by_field_name("name")
    if parent.type in (
        "variable_declarator",
        "function_declaration",
        "function_expression",
        "generator_function_declaration",
        "generator_function",
        "class_declaration",
        "class",
    ):
        return name_of is not None and name_of.id == node.id
    if parent.type in ("formal_parameters", "array_pattern", "rest_pattern", "object_pattern"):
        return True
    if parent.type in ("arrow_function", "catch_clause"):
        param = parent.child_by_field_name("parameter")
        return param is not None and param.id == node.id
    if parent.type == "assignment_pattern":
        left = parent.child_by_field_name("left")
        return left is not None and left.id == node.id
    if parent.type == "pair_pattern":
        value = parent.child_by_field_name("value")
        return value is not None and value.id == node.id
    if parent.type == "for_in_statement":
        left = parent.child_by_field_name("left")
        return parent.child_by_field_name("kind") is not None and left is not None and left.id == node.id
    return False


def _string_value(node: Node | None, path: str) -> str:
    if node is None or node.type != "string":
        where = node.start_point[0] + 1 if node is not None else "?"
        raise ModuleError(f"{path}:{where}: only a plain string can name an imported module")
    return text(node)[1:-1]


def _top_declaration(module: Module, decl: Node) -> list[Node]:
    if decl.type in ("function_declaration", "generator_function_declaration", "class_declaration"):
        name = decl.child_by_field_name("name")
        return [name] if name is not None else []
    if decl.type in ("lexical_declaration", "variable_declaration"):
        ids: list[Node] = []
        for declarator in decl.children:
            if declarator.type == "variable_declarator":
                ids += _pattern_ids(declarator.child_by_field_name("name"))
        return ids
    return []


def _read_import(module: Module, stmt: Node) -> None:
    target = resolve(module.path, _string_value(stmt.child_by_field_name("source"), module.path))
    names: list[tuple[str, str]] = []
    for clause in stmt.children:
        if clause.type != "import_clause":
            continue
        for part in clause.children:
            if part.type != "named_imports":
                raise ModuleError(
                    f"{module.path}:{stmt.start_point[0] + 1}: only named imports "
                    "(`import {{ a, b as c }} from …`) can be bundled"
                )
            for spec in part.children:
                if spec.type == "import_specifier":
                    name = text(spec.child_by_field_name("name"))
                    alias = spec.child_by_field_name("alias")
                    names.append((name, text(alias) if alias is not None else name))
    module.imports.append(Import(stmt, target, names))


def _read_export(module: Module, stmt: Node) -> None:
    decl = stmt.child_by_field_name("declaration")
    if decl is None or any(c.type == "default" for c in stmt.children):
        raise ModuleError(
            f"{module.path}:{stmt.start_point[0] + 1}: only `export function/class/const/let` "
            "can be bundled (no default, no export lists)"
        )
    module.export_keywords.append((stmt.start_byte, decl.start_byte))
    for ident in _top_declaration(module, decl):
        module.exports[text(ident)] = text(ident)


def read(path: str, source: bytes) -> Module:
    root = parse(source, path)
    module = Module(path, source, root)
    for stmt in root.children:
        if stmt.type == "import_statement":
            _read_import(module, stmt)
            continue
        decl = stmt
        if stmt.type == "export_statement":
            _read_export(module, stmt)
            decl = stmt.child_by_field_name("declaration")
        for ident in _top_declaration(module, decl):
            module.declared.add(text(ident))
            module.top_binding_ids.add(ident.id)
            declares = decl.type in ("lexical_declaration", "variable_declaration")
            kind = text(decl.children[0]) if declares else ""
            if kind in ("let", "var"):
                module.mutable.add(text(ident))
    import_ids = {n.id for i in module.imports for n in walk(i.node)}
    for node in walk(root):
        if node.type == "call_expression" and node.child_by_field_name("function").type == "import":
            args = [a for a in node.child_by_field_name("arguments").children if a.is_named]
            spec = _string_value(args[0] if len(args) == 1 else None, module.path)
            module.dynamic.append(DynamicImport(node, resolve(path, spec)))
        elif node.type == "member_expression" and node.child_by_field_name("object").type == "meta_property":
            if text(node.child_by_field_name("property")) != "url":
                raise ModuleError(f"{path}:{node.start_point[0] + 1}: only import.meta.url can be bundled")
            module.meta_urls.append(node)
        elif node.type in (
            "identifier",
            "shorthand_property_identifier",
            "shorthand_property_identifier_pattern",
        ):
            if node.id in import_ids:
                continue
            module.used.add(text(node))
            if node.id not in module.top_binding_ids and _is_binding(node):
                module.nested.add(text(node))
    return module
