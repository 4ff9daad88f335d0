"""HTML built as the app's `h()` (static/js/ui/dom.js) builds DOM: a tag, its attributes in
order (None or False: left out; True: present and empty), its children flattened. Every text
and attribute is escaped (markupsafe): imported data is never read as markup."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from markupsafe import Markup, escape

VOID = frozenset({"input", "br", "img", "meta", "link", "hr"})


def h(tag: str, attrs: dict[str, Any] | None = None, *children: Any) -> Markup:
    parts = [f"<{tag}"]
    for name, value in (attrs or {}).items():
        if value is None or value is False:
            continue
        parts.append(f' {name}=""' if value is True else f' {name}="{escape(str(value))}"')
    parts.append(">")
    if tag in VOID:
        return Markup("".join(parts))
    return Markup("".join(parts) + "".join(_flat(children)) + f"</{tag}>")


def _flat(children: Iterable[Any]) -> Iterable[str]:
    for child in children:
        if child is None or child is False:
            continue
        if isinstance(child, (list, tuple)):
            yield from _flat(child)
        else:
            yield str(escape(child))  # Markup passes as it is; anything else is text
